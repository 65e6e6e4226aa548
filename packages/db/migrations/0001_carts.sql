CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"password_hash" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"abandoned_cart_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abandoned_cart_items" (
	"cart_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abandoned_cart_items_cart_id_product_id_pk" PRIMARY KEY("cart_id","product_id"),
	CONSTRAINT "abandoned_cart_items_quantity_positive" CHECK ("abandoned_cart_items"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "profile_id" integer;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "address_line_1" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "address_line_2" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "state_id" integer;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "zip_code_id" integer;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "delivery_instructions" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "receives_sms_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "capture_page" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "capture_location" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "lead_captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "abandoned_cart_items" ADD CONSTRAINT "abandoned_cart_items_cart_id_abandoned_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."abandoned_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_cart_items" ADD CONSTRAINT "abandoned_cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "marketing_events_abandoned_cart_id_name_index" ON "marketing_events" USING btree ("abandoned_cart_id","name");--> statement-breakpoint
CREATE INDEX "abandoned_cart_items_product_id_index" ON "abandoned_cart_items" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_profile_id_users_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_zip_code_id_zip_codes_id_fk" FOREIGN KEY ("zip_code_id") REFERENCES "public"."zip_codes"("id") ON DELETE no action ON UPDATE no action;