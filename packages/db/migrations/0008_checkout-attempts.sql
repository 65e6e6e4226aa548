CREATE TABLE "checkout_attempts" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"abandoned_cart_id" uuid NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'authorized' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "capture_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "checkout_attempts_status_created_at_index" ON "checkout_attempts" USING btree ("status","created_at");