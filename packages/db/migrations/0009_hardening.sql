CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_attempts" ALTER COLUMN "payment_intent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "provider_request" jsonb;--> statement-breakpoint
CREATE INDEX "checkout_attempts_abandoned_cart_id_created_at_index" ON "checkout_attempts" USING btree ("abandoned_cart_id","created_at");