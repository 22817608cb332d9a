CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"api_key_hint" text,
	"ip" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" uuid,
	"detail" jsonb NOT NULL,
	"bucket" text
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_user_at_idx" ON "audit_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_user_target_at_idx" ON "audit_events" USING btree ("user_id","target_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_bucket_uq" ON "audit_events" USING btree ("user_id","bucket") WHERE "audit_events"."bucket" is not null;