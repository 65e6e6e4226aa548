CREATE TABLE "subscription_cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"offer" jsonb,
	"outcome" text DEFAULT 'offered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "resume_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_cancellations" ADD CONSTRAINT "subscription_cancellations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_cancellations_subscription_id_created_at_index" ON "subscription_cancellations" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_cancellations_reason_outcome_index" ON "subscription_cancellations" USING btree ("reason","outcome");