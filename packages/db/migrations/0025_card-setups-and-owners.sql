-- The embedded test provider's card setups and card owners (docs/decisions/036).
-- 1. A subscription always leaves checkout with a saved card, a first box that costs $0 included: the
--    card is saved by a setup (Stripe's SetupIntent) that charges nothing.
-- 2. A saved card belongs to one customer, as a processor attaches it to one: another account can
--    neither save it nor pay with it.
CREATE TABLE "test_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"client_secret" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "test_setup_intents_idempotency_key_index" ON "test_setup_intents" USING btree ("idempotency_key");
--> statement-breakpoint
ALTER TABLE "test_payment_methods" ADD COLUMN "customer_id" text;
--> statement-breakpoint
-- Cards saved before owners were kept: each subscription's test-provider card becomes its own
-- customer's, so no other account can take it over.
UPDATE "subscriptions" SET "payment_customer_id" = 'cus_test_subscription_' || "id"
	WHERE "payment_provider" = 'test' AND "payment_method_id" IS NOT NULL AND "payment_customer_id" IS NULL;
--> statement-breakpoint
UPDATE "test_payment_methods" m SET "customer_id" = s."payment_customer_id"
	FROM "subscriptions" s
	WHERE s."payment_provider" = 'test' AND s."payment_method_id" = m."id" AND m."customer_id" IS NULL;
