CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"weekly_ordinal" integer,
	"order_id" integer,
	"charge_attempts" integer DEFAULT 0 NOT NULL,
	"next_charge_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"one_time_discount_basis_points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliveries_one_time_discount" CHECK ("deliveries"."one_time_discount_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "delivery_items" (
	"delivery_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "delivery_items_delivery_id_product_id_pk" PRIMARY KEY("delivery_id","product_id"),
	CONSTRAINT "delivery_items_quantity_positive" CHECK ("delivery_items"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "abandoned_cart_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "receives_sms_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_customer_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "promo_code_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "partnership_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "resume_on" date;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_subscription_id_delivery_date_index" ON "deliveries" USING btree ("subscription_id","delivery_date");--> statement-breakpoint
CREATE INDEX "deliveries_status_cutoff_at_index" ON "deliveries" USING btree ("status","cutoff_at");--> statement-breakpoint
CREATE INDEX "deliveries_status_next_charge_at_index" ON "deliveries" USING btree ("status","next_charge_at");--> statement-breakpoint
CREATE INDEX "delivery_items_product_id_index" ON "delivery_items" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_partnership_id_partnerships_id_fk" FOREIGN KEY ("partnership_id") REFERENCES "public"."partnerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_delivery_id_index" ON "orders" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "orders_subscription_id_index" ON "orders" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_index" ON "subscriptions" USING btree ("status");