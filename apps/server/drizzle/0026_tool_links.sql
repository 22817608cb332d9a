CREATE TABLE "proxy_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"proxy_id" uuid,
	"key_id" uuid,
	"nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxy_list_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"format" text NOT NULL,
	"template" text,
	"token_hash" text NOT NULL,
	"fetches" integer DEFAULT 0 NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_fetch_ip" text,
	"last_user_agent" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proxy_links" ADD CONSTRAINT "proxy_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_links" ADD CONSTRAINT "proxy_links_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_links" ADD CONSTRAINT "proxy_links_key_id_rotating_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."rotating_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_list_links" ADD CONSTRAINT "proxy_list_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_links_token_hash_idx" ON "proxy_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_links_proxy_idx" ON "proxy_links" USING btree ("proxy_id") WHERE "proxy_links"."proxy_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_links_key_idx" ON "proxy_links" USING btree ("key_id") WHERE "proxy_links"."key_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_list_links_token_hash_idx" ON "proxy_list_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "proxy_list_links_user_idx" ON "proxy_list_links" USING btree ("user_id","created_at");