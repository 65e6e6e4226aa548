CREATE TABLE "nonprofit_selections" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"nonprofit_id" integer NOT NULL,
	"nonprofit_name" text NOT NULL,
	"selected_at" timestamp with time zone DEFAULT now() NOT NULL
);
