-- A renewal whose bank asks for 3-D Secure waits for its customer (docs/decisions/041).

-- The provider's intent the customer is asked to authenticate, while the box waits for it; null
-- otherwise. The box stays `failed` (being paid) until it is paid or its last try's day passes.
ALTER TABLE "deliveries" ADD COLUMN "authentication_intent_id" text;
--> statement-breakpoint

-- The test provider's intents: a renewal's off-session charge is captured when it succeeds, so its
-- on-session confirmation after 3-D Secure pays it at once, as Stripe's automatic capture does.
ALTER TABLE "test_payment_intents" ADD COLUMN "capture_method" text DEFAULT 'manual' NOT NULL;
