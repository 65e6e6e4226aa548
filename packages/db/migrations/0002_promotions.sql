CREATE TABLE "app_setting_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"group" text NOT NULL,
	"values" jsonb NOT NULL,
	CONSTRAINT "app_setting_groups_group_unique" UNIQUE("group")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partnerships" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"max_order_value_cents" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_code_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"email" text NOT NULL,
	"abandoned_cart_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_code_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"weekly_ordinal_number" integer NOT NULL,
	"free_shipping" boolean DEFAULT false NOT NULL,
	"free_tax" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"description_checkout" text NOT NULL,
	"cart_amount_minimum_cents" integer,
	"cart_amount_maximum_cents" integer,
	"aggregate_dollars_off_cents" integer DEFAULT 0 NOT NULL,
	"show_banner" boolean DEFAULT true NOT NULL,
	"show_banner_checkout" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"once_per_email" boolean DEFAULT true NOT NULL,
	"new_customers_only" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_uses_within_limit" CHECK ("promo_codes"."max_uses" is null or "promo_codes"."uses_count" <= "promo_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"redemption_limit" integer DEFAULT 10 NOT NULL,
	"redemptions_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "promo_code_id" integer;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "partnership_id" integer;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "referral_code_id" integer;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "referral_code_status" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "on_referral_redemption_limit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_tiers" ADD CONSTRAINT "promo_code_tiers_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_user_id_index" ON "credit_ledger" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_code_lower_unique" ON "partnerships" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_redemptions_promo_code_id_abandoned_cart_id_index" ON "promo_code_redemptions" USING btree ("promo_code_id","abandoned_cart_id");--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_promo_code_id_email_index" ON "promo_code_redemptions" USING btree ("promo_code_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_tiers_promo_code_id_weekly_ordinal_number_index" ON "promo_code_tiers" USING btree ("promo_code_id","weekly_ordinal_number");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_lower_unique" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_lower_unique" ON "referral_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_user_id_index" ON "referral_codes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_partnership_id_partnerships_id_fk" FOREIGN KEY ("partnership_id") REFERENCES "public"."partnerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_referral_code_id_referral_codes_id_fk" FOREIGN KEY ("referral_code_id") REFERENCES "public"."referral_codes"("id") ON DELETE no action ON UPDATE no action;