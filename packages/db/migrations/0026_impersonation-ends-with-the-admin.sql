-- Acting as a customer is audited and ends with the admin's own session (decision 037).
-- An act-as session names the admin session it was opened from and lives only while that one does;
-- impersonation_ended_at marks that its end was written to the audit log (once, by whoever saw
-- it end first: the stop button, a sign-out, or the impersonation-ends job for expiry).
ALTER TABLE "sessions" ADD COLUMN "impersonator_session_id_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonation_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("impersonator_session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_impersonator_session_id_hash_index" ON "sessions" USING btree ("impersonator_session_id_hash") WHERE "sessions"."impersonator_session_id_hash" is not null;--> statement-breakpoint
CREATE INDEX "sessions_open_impersonations_index" ON "sessions" USING btree ("expires_at") WHERE "sessions"."impersonator_user_id" is not null and "sessions"."impersonation_ended_at" is null;--> statement-breakpoint
-- Act-as sessions opened before this migration know no admin session: they end now (an admin acting
-- as a customer at the deploy opens it again), and since their start was never audited, neither is
-- their end.
UPDATE "sessions" SET "revoked_at" = coalesce("revoked_at", now()), "impersonation_ended_at" = now()
WHERE "impersonator_user_id" IS NOT NULL AND "impersonation_ended_at" IS NULL;
