CREATE TABLE "supplier_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"supplier_name" text NOT NULL,
	"order_id" uuid NOT NULL,
	"proxy_id" uuid,
	"kind" text NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"revenue" integer NOT NULL,
	"cost" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"supplier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_purchases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"quantity" integer NOT NULL,
	"protocol" text NOT NULL,
	"sources" jsonb NOT NULL,
	"source_index" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"supplier_id" uuid,
	"supplier_order_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"lease_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "supplier_purchases_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "supplier_routes" (
	"site_id" uuid NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"sources" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "supplier_routes_site_id_product_country_pk" PRIMARY KEY("site_id","product","country")
);
--> statement-breakpoint
CREATE TABLE "supplier_stock" (
	"supplier_id" uuid NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "supplier_stock_supplier_id_product_country_pk" PRIMARY KEY("supplier_id","product","country")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"base_url" text,
	"api_key_sealed" text,
	"status" text DEFAULT 'ok' NOT NULL,
	"balance" double precision,
	"currency" text,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"safety_margin_hours" integer DEFAULT 24 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upstream_proxies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"supplier_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"upstream_id" text,
	"line_key" text NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"protocol" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"exit_ip" text NOT NULL,
	"username_sealed" text,
	"password_sealed" text,
	"expires_at" timestamp with time zone,
	"cost" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'free' NOT NULL,
	"proxy_id" uuid,
	"intent_id" uuid,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_events" ADD CONSTRAINT "supplier_events_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_stock" ADD CONSTRAINT "supplier_stock_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_proxies" ADD CONSTRAINT "upstream_proxies_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_charges_site_idx" ON "supplier_charges" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "supplier_events_supplier_idx" ON "supplier_events" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "supplier_purchases_due_idx" ON "supplier_purchases" USING btree ("next_attempt_at") WHERE "supplier_purchases"."status" in ('pending', 'bought');--> statement-breakpoint
CREATE INDEX "suppliers_site_idx" ON "suppliers" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "upstream_proxies_line_uq" ON "upstream_proxies" USING btree ("supplier_id","line_key") WHERE "upstream_proxies"."status" <> 'retired';--> statement-breakpoint
CREATE UNIQUE INDEX "upstream_proxies_serving_uq" ON "upstream_proxies" USING btree ("proxy_id") WHERE "upstream_proxies"."status" = 'serving';--> statement-breakpoint
CREATE INDEX "upstream_proxies_free_idx" ON "upstream_proxies" USING btree ("supplier_id","product","country") WHERE "upstream_proxies"."status" = 'free';--> statement-breakpoint
CREATE INDEX "upstream_proxies_intent_idx" ON "upstream_proxies" USING btree ("intent_id");