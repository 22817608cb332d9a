CREATE TABLE "bandwidth_prices" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"price_per_gb" integer NOT NULL,
	"max_gb" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_countries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"product" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_tiers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"product" text NOT NULL,
	"min_quantity" integer NOT NULL,
	"percent" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"product" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"days" integer NOT NULL,
	"proxies" integer NOT NULL,
	"bandwidth_gb" integer,
	"is_trial" boolean DEFAULT false NOT NULL,
	"min_interval_sec" integer,
	"active" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retail_prices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"unit" text NOT NULL,
	"price" integer NOT NULL,
	"renew_price" integer NOT NULL,
	"quantity_step" integer DEFAULT 1 NOT NULL,
	"max_quantity" integer DEFAULT 1000 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "egress_ips" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sub_server_id" uuid NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"ip" text NOT NULL,
	"family" smallint NOT NULL,
	"is_prefix" boolean DEFAULT false NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"proxy_id" uuid
);
--> statement-breakpoint
CREATE TABLE "node_ports" (
	"sub_server_id" uuid NOT NULL,
	"port" integer NOT NULL,
	"proxy_id" uuid,
	CONSTRAINT "node_ports_sub_server_id_port_pk" PRIMARY KEY("sub_server_id","port")
);
--> statement-breakpoint
CREATE TABLE "sub_servers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"secret_hash" text NOT NULL,
	"port_from" integer NOT NULL,
	"port_to" integer NOT NULL,
	"ipv6_prefix" text,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"action" text NOT NULL,
	"result" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"type" text NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"quantity" integer NOT NULL,
	"period_unit" text NOT NULL,
	"period_value" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"protocol" text DEFAULT 'http' NOT NULL,
	"bandwidth_gb" integer,
	"total_price" bigint NOT NULL,
	"payment_type" text DEFAULT 'balance' NOT NULL,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"package_id" uuid,
	"package_name" text,
	"is_trial" boolean DEFAULT false NOT NULL,
	"holds_plan" boolean DEFAULT false NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"auto_renew_failed_for" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "proxies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"order_id" uuid,
	"type" text NOT NULL,
	"kind" text DEFAULT 'static' NOT NULL,
	"key_id" uuid,
	"protocol" text NOT NULL,
	"sub_server_id" uuid NOT NULL,
	"port" integer NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"country" text NOT NULL,
	"egress_ip" text NOT NULL,
	"egress_ip_id" uuid,
	"package_name" text,
	"tag_id" uuid,
	"comment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'using' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"ip_change_mode" text DEFAULT 'manual' NOT NULL,
	"change_interval_min" integer,
	"ip_change_status" text DEFAULT 'not_changed' NOT NULL,
	"ip_changed_at" timestamp with time zone,
	"auth_ips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bandwidth_limit_gb" integer,
	"bandwidth_used_bytes" bigint DEFAULT 0 NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rotating_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"order_id" uuid,
	"key" text NOT NULL,
	"country" text NOT NULL,
	"status" text DEFAULT 'using' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"tag_id" uuid,
	"comment" text DEFAULT '' NOT NULL,
	"min_interval_sec" integer NOT NULL,
	"proxy_id" uuid,
	"last_new_ip_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rotating_keys_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "bandwidth_prices" ADD CONSTRAINT "bandwidth_prices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_countries" ADD CONSTRAINT "catalog_countries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_tiers" ADD CONSTRAINT "discount_tiers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_prices" ADD CONSTRAINT "retail_prices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egress_ips" ADD CONSTRAINT "egress_ips_sub_server_id_sub_servers_id_fk" FOREIGN KEY ("sub_server_id") REFERENCES "public"."sub_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_ports" ADD CONSTRAINT "node_ports_sub_server_id_sub_servers_id_fk" FOREIGN KEY ("sub_server_id") REFERENCES "public"."sub_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_sub_server_id_sub_servers_id_fk" FOREIGN KEY ("sub_server_id") REFERENCES "public"."sub_servers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotating_keys" ADD CONSTRAINT "rotating_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotating_keys" ADD CONSTRAINT "rotating_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_countries_uq" ON "catalog_countries" USING btree ("site_id","product","code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_tiers_uq" ON "discount_tiers" USING btree ("site_id","product","min_quantity");--> statement-breakpoint
CREATE INDEX "packages_site_product_idx" ON "packages" USING btree ("site_id","product");--> statement-breakpoint
CREATE UNIQUE INDEX "retail_prices_uq" ON "retail_prices" USING btree ("site_id","product","country","unit");--> statement-breakpoint
CREATE UNIQUE INDEX "egress_ips_uq" ON "egress_ips" USING btree ("sub_server_id","product","ip") WHERE not "egress_ips"."shared";--> statement-breakpoint
CREATE INDEX "egress_ips_free_idx" ON "egress_ips" USING btree ("product","country") WHERE "egress_ips"."proxy_id" is null;--> statement-breakpoint
CREATE INDEX "node_ports_free_idx" ON "node_ports" USING btree ("sub_server_id","port") WHERE "node_ports"."proxy_id" is null;--> statement-breakpoint
CREATE INDEX "order_logs_order_idx" ON "order_logs" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_site_created_idx" ON "orders" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idem_uq" ON "orders" USING btree ("user_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_plan_uq" ON "orders" USING btree ("user_id") WHERE "orders"."holds_plan";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_trial_uq" ON "orders" USING btree ("user_id") WHERE "orders"."is_trial";--> statement-breakpoint
CREATE INDEX "proxies_user_created_idx" ON "proxies" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "proxies_order_idx" ON "proxies" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "proxies_status_expires_idx" ON "proxies" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_node_port_uq" ON "proxies" USING btree ("sub_server_id","port") WHERE "proxies"."status" <> 'locked';--> statement-breakpoint
CREATE INDEX "rotating_keys_user_created_idx" ON "rotating_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "rotating_keys_status_expires_idx" ON "rotating_keys" USING btree ("status","expires_at");