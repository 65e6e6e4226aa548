-- Families (docs/decisions/055): a profile per child, their allergens, dislikes and ratings; the
-- children given in onboarding wait on the cart; a box says which of its dishes the store picked.

CREATE TABLE "child_allergens" (
	"child_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "child_allergens_child_id_tag_id_pk" PRIMARY KEY("child_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "child_dislikes" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"product_id" integer,
	"ingredient" text,
	CONSTRAINT "child_dislikes_one_kind" CHECK (("child_dislikes"."product_id" is null) <> ("child_dislikes"."ingredient" is null))
);
--> statement-breakpoint
CREATE TABLE "children" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"birth_year" integer NOT NULL,
	"birth_month" integer NOT NULL,
	"diet_tag_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "children_birth_month" CHECK ("children"."birth_month" between 1 and 12),
	CONSTRAINT "children_name_length" CHECK (char_length("children"."name") between 1 and 40)
);
--> statement-breakpoint
CREATE TABLE "dish_ratings" (
	"child_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"rating" text NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dish_ratings_order_id_child_id_product_id_pk" PRIMARY KEY("order_id","child_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "delivery_items" ADD COLUMN "picked_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD COLUMN "pick_reason" text;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD COLUMN "children" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "child_allergens" ADD CONSTRAINT "child_allergens_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_allergens" ADD CONSTRAINT "child_allergens_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_dislikes" ADD CONSTRAINT "child_dislikes_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_dislikes" ADD CONSTRAINT "child_dislikes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_diet_tag_id_tags_id_fk" FOREIGN KEY ("diet_tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_ratings" ADD CONSTRAINT "dish_ratings_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_ratings" ADD CONSTRAINT "dish_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dish_ratings" ADD CONSTRAINT "dish_ratings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_dislikes_child_id_index" ON "child_dislikes" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "children_user_id_index" ON "children" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dish_ratings_child_id_index" ON "dish_ratings" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "dish_ratings_product_id_index" ON "dish_ratings" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_picked_within" CHECK ("delivery_items"."picked_quantity" between 0 and "delivery_items"."quantity");