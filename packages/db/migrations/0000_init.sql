CREATE TABLE "badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	CONSTRAINT "badges_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "bestseller_group_items" (
	"group_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bestseller_group_items_group_id_product_id_pk" PRIMARY KEY("group_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "bestseller_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"show_on_cart" boolean DEFAULT false NOT NULL,
	"sorting_weight" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bestseller_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"base_price_cents" integer NOT NULL,
	"sorting_weight" integer DEFAULT 0 NOT NULL,
	"is_composable" boolean DEFAULT true NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "indicators" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"sorting_weight" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "indicators_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "menu_categories" (
	"menu_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "menu_categories_menu_id_category_id_pk" PRIMARY KEY("menu_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"subtitle" text NOT NULL,
	"sorting_weight" integer DEFAULT 0 NOT NULL,
	"primary_category_id" integer NOT NULL,
	"primary_composable_category_id" integer,
	"image" jsonb NOT NULL,
	CONSTRAINT "menus_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_indicators" (
	"product_id" integer NOT NULL,
	"indicator_id" integer NOT NULL,
	CONSTRAINT "product_indicators_product_id_indicator_id_pk" PRIMARY KEY("product_id","indicator_id")
);
--> statement-breakpoint
CREATE TABLE "product_recommendations" (
	"product_id" integer NOT NULL,
	"recommended_product_id" integer NOT NULL,
	"score" integer NOT NULL,
	CONSTRAINT "product_recommendations_product_id_recommended_product_id_pk" PRIMARY KEY("product_id","recommended_product_id")
);
--> statement-breakpoint
CREATE TABLE "product_tags" (
	"product_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "product_tags_product_id_tag_id_pk" PRIMARY KEY("product_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"excerpt" text NOT NULL,
	"category_id" integer NOT NULL,
	"badge_id" integer,
	"type" text NOT NULL,
	"ingredients" text NOT NULL,
	"with" text NOT NULL,
	"packing_name" text NOT NULL,
	"package" text NOT NULL,
	"weight_grams" integer NOT NULL,
	"fiber_milligrams" integer NOT NULL,
	"protein_milligrams" integer NOT NULL,
	"veggie_milliservings" integer NOT NULL,
	"superfoods_number" integer NOT NULL,
	"rating" numeric(3, 2) NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_composite" boolean DEFAULT false NOT NULL,
	"is_flavor_explorer" boolean DEFAULT false NOT NULL,
	"is_hidden_veggie" boolean DEFAULT false NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"premium_difference_cents" integer DEFAULT 0 NOT NULL,
	"sorting_weight" integer DEFAULT 0 NOT NULL,
	"image" jsonb NOT NULL,
	"images" jsonb NOT NULL,
	"nutrition_image" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"group" text NOT NULL,
	"sorting_weight" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tags_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "abandoned_carts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"plan_id" integer,
	"price_variance_group_id" integer,
	"filters" jsonb DEFAULT '{"indicators":[],"tags":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"tag" text,
	"threshold" integer NOT NULL,
	"item_discount_basis_points" integer DEFAULT 0 NOT NULL,
	"shipping_cost_cents" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"sorting_weight" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plans_slug_unique" UNIQUE("slug"),
	CONSTRAINT "plans_threshold_unique" UNIQUE("threshold")
);
--> statement-breakpoint
CREATE TABLE "price_variance_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"adjustment_basis_points" integer NOT NULL,
	CONSTRAINT "price_variance_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"taxes_shipping" boolean DEFAULT false NOT NULL,
	CONSTRAINT "states_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "zip_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"state_id" integer NOT NULL,
	"city" text NOT NULL,
	"is_delivered" boolean NOT NULL,
	"delivery_weekdays" integer[] NOT NULL,
	CONSTRAINT "zip_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "bestseller_group_items" ADD CONSTRAINT "bestseller_group_items_group_id_bestseller_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."bestseller_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bestseller_group_items" ADD CONSTRAINT "bestseller_group_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_primary_category_id_categories_id_fk" FOREIGN KEY ("primary_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_primary_composable_category_id_categories_id_fk" FOREIGN KEY ("primary_composable_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_indicators" ADD CONSTRAINT "product_indicators_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_indicators" ADD CONSTRAINT "product_indicators_indicator_id_indicators_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."indicators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_recommendations" ADD CONSTRAINT "product_recommendations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_recommendations" ADD CONSTRAINT "product_recommendations_recommended_product_id_products_id_fk" FOREIGN KEY ("recommended_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_carts" ADD CONSTRAINT "abandoned_carts_price_variance_group_id_price_variance_groups_id_fk" FOREIGN KEY ("price_variance_group_id") REFERENCES "public"."price_variance_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zip_codes" ADD CONSTRAINT "zip_codes_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_indicators_indicator_id_index" ON "product_indicators" USING btree ("indicator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_recommendations_recommended_product_id_product_id_index" ON "product_recommendations" USING btree ("recommended_product_id","product_id");--> statement-breakpoint
CREATE INDEX "product_tags_tag_id_index" ON "product_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "products_category_id_index" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_is_active_sorting_weight_index" ON "products" USING btree ("is_active","sorting_weight");