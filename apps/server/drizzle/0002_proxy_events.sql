CREATE TABLE "proxy_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sub_server_id" uuid NOT NULL,
	"proxy_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "proxy_events_node_idx" ON "proxy_events" USING btree ("sub_server_id","id");