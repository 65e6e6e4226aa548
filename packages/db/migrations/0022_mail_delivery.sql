-- Mail delivery (docs/decisions/008 "Delivery"): mail a person is waiting for on screen
-- (sign-in codes, password resets) goes out before bulk mail, and a mail that stands for one event
-- (a box's reminder, a declined charge's attempt, a pause) carries that event's key, so the event
-- can be queued only once whichever job or replica queues it.
ALTER TABLE "mail_messages" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "event_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_event_key_index" ON "mail_messages" USING btree ("event_key");
