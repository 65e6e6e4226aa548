-- A renewal charge's due time and its claim are separate (docs/decisions/021). Before, a
-- pass claimed a charge by moving next_charge_at ten minutes past the job clock's as-of: a run dated
-- ahead (`npm run jobs -- --as-of=<tomorrow>`) saw every replica's claim as expired and took charges
-- still being made, a claim it made itself blocked the replicas for a day, and a retry's date was
-- counted from a claim's end instead of the first try.

-- When the first charge was due: the retries are due 1 and 3 days after it.
ALTER TABLE "deliveries" ADD COLUMN "first_charge_at" timestamp with time zone;
--> statement-breakpoint

-- Claims taken on the box's charge: the outcome is recorded only by the latest claim's holder.
ALTER TABLE "deliveries" ADD COLUMN "charge_claims" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint

-- The latest claim's lease, on the database's real now() (never the job clock).
ALTER TABLE "deliveries" ADD COLUMN "charge_claimed_until" timestamp with time zone;
--> statement-breakpoint

-- Boxes still being charged: their first try's due time, from their next one (retries came 1 and 3
-- days after the first try). A lease a pass of the code before this migration left in next_charge_at
-- makes a first try look ten minutes later, which only moves its retries by as much.
UPDATE "deliveries"
SET "first_charge_at" = "next_charge_at" - make_interval(days => CASE "charge_attempts" WHEN 0 THEN 0 WHEN 1 THEN 1 ELSE 3 END)
WHERE "status" IN ('locked', 'failed') AND "next_charge_at" IS NOT NULL;
