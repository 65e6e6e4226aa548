CREATE TABLE "gift_card_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" integer,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"min_amount_cents" integer NOT NULL,
	"bonus_cents" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"bonus_cents" integer DEFAULT 0 NOT NULL,
	"promotion_id" integer,
	"buyer_user_id" integer,
	"buyer_email" text NOT NULL,
	"sender_name" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_on" date NOT NULL,
	"payment_provider" text,
	"payment_intent_id" text,
	"decline_message" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_purchases_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "gift_card_purchases_paymentIntentId_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "gift_card_purchases_amount_positive" CHECK ("gift_card_purchases"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"code_suffix" text NOT NULL,
	"source" text NOT NULL,
	"purchase_id" integer,
	"initial_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"owner_user_id" integer,
	"recipient_name" text,
	"recipient_email" text,
	"sender_name" text,
	"message" text,
	"deliver_on" date,
	"pending_code" text,
	"delivered_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_codeHash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gift_cards_balance_not_negative" CHECK ("gift_cards"."balance_cents" >= 0),
	CONSTRAINT "gift_cards_balance_within_value" CHECK ("gift_cards"."balance_cents" <= "gift_cards"."initial_cents")
);
--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_purchases" ADD CONSTRAINT "gift_card_purchases_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_purchase_id_gift_card_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."gift_card_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_entries_gift_card_id_created_at_index" ON "gift_card_entries" USING btree ("gift_card_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_cards_owner_user_id_index" ON "gift_cards" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "gift_cards_deliver_on_index" ON "gift_cards" USING btree ("deliver_on") WHERE "gift_cards"."delivered_at" is null;