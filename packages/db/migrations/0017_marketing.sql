CREATE TABLE "cart_reminders" (
	"cart_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"email" text NOT NULL,
	"restore_token_hash" text NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone,
	CONSTRAINT "cart_reminders_cart_id_sequence_pk" PRIMARY KEY("cart_id","sequence"),
	CONSTRAINT "cart_reminders_restoreTokenHash_unique" UNIQUE("restore_token_hash"),
	CONSTRAINT "cart_reminders_unsubscribeTokenHash_unique" UNIQUE("unsubscribe_token_hash")
);
--> statement-breakpoint
CREATE TABLE "email_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_assignments" (
	"experiment_id" integer NOT NULL,
	"unit_type" text NOT NULL,
	"unit_id" text NOT NULL,
	"variant" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exposed_at" timestamp with time zone,
	CONSTRAINT "experiment_assignments_experiment_id_unit_type_unit_id_pk" PRIMARY KEY("experiment_id","unit_type","unit_id")
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"variants" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiments_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "experiment_assignments" ADD CONSTRAINT "experiment_assignments_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;