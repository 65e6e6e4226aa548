CREATE TABLE "abandoned_cart_upsell_items" (
	"cart_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "abandoned_cart_upsell_items_cart_id_product_id_pk" PRIMARY KEY("cart_id","product_id"),
	CONSTRAINT "abandoned_cart_upsell_items_quantity_positive" CHECK ("abandoned_cart_upsell_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "checkout_upsell_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"sorting_weight" integer DEFAULT 0 NOT NULL,
	"max_quantity" integer DEFAULT 6 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"is_upsell" boolean NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"regular_unit_price_cents" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_product_id_is_upsell_pk" PRIMARY KEY("order_id","product_id","is_upsell")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"subscription_id" integer,
	"abandoned_cart_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"weekly_ordinal" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"delivery_date" date NOT NULL,
	"frequency_weeks" integer NOT NULL,
	"ship_first_name" text NOT NULL,
	"ship_last_name" text NOT NULL,
	"ship_address_line_1" text NOT NULL,
	"ship_address_line_2" text,
	"ship_city" text NOT NULL,
	"ship_state_code" text NOT NULL,
	"ship_zip_code" text NOT NULL,
	"phone" text,
	"delivery_instructions" text,
	"promo_code_id" integer,
	"partnership_id" integer,
	"referral_code_id" integer,
	"discount_description" text,
	"items_cents" integer NOT NULL,
	"promo_discount_cents" integer NOT NULL,
	"order_value_discount_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"shipping_before_discount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"tax_before_discount_cents" integer NOT NULL,
	"referral_credits_cents" integer NOT NULL,
	"credits_applied_cents" integer NOT NULL,
	"gift_cards_applied_cents" integer NOT NULL,
	"comped_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"payment_provider" text,
	"payment_intent_id" text,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_not_negative" CHECK ("orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "route_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"route" text NOT NULL,
	"order_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"address_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"frequency_weeks" integer NOT NULL,
	"delivery_weekday" integer NOT NULL,
	"next_delivery_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_frequency" CHECK ("subscriptions"."frequency_weeks" in (1, 2, 4))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"client_secret" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behavior" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "available_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "abandoned_cart_upsell_items" ADD CONSTRAINT "abandoned_cart_upsell_items_cart_id_abandoned_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."abandoned_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_cart_upsell_items" ADD CONSTRAINT "abandoned_cart_upsell_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_upsell_products" ADD CONSTRAINT "checkout_upsell_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_partnership_id_partnerships_id_fk" FOREIGN KEY ("partnership_id") REFERENCES "public"."partnerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_referral_code_id_referral_codes_id_fk" FOREIGN KEY ("referral_code_id") REFERENCES "public"."referral_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_grants" ADD CONSTRAINT "route_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_grants" ADD CONSTRAINT "route_grants_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_abandoned_cart_id_index" ON "orders" USING btree ("abandoned_cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key_index" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_id_index" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_payment_intent_id_index" ON "orders" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "route_grants_user_id_route_index" ON "route_grants" USING btree ("user_id","route");--> statement-breakpoint
CREATE INDEX "subscriptions_user_id_index" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_id_index" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intents_idempotency_key_index" ON "test_payment_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_refunds_idempotency_key_index" ON "test_payment_refunds" USING btree ("idempotency_key");