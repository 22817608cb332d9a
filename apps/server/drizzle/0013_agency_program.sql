CREATE TABLE "agencies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"commission_percent" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agencies_commission_range" CHECK ("agencies"."commission_percent" between 0 and 50)
);
--> statement-breakpoint
CREATE TABLE "agency_deposits" (
	"topup_id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid,
	"site_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"percent" integer NOT NULL,
	"commission" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"joined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid,
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"member_email" text NOT NULL,
	"amount" bigint NOT NULL,
	"idempotency_key" text,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_deposits" ADD CONSTRAINT "agency_deposits_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_members" ADD CONSTRAINT "agency_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_members" ADD CONSTRAINT "agency_members_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_transfers" ADD CONSTRAINT "agency_transfers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_owner_uq" ON "agencies" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_site_code_uq" ON "agencies" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "agencies_site_created_idx" ON "agencies" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "agency_deposits_agency_created_idx" ON "agency_deposits" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "agency_deposits_member_idx" ON "agency_deposits" USING btree ("member_id","agency_id");--> statement-breakpoint
CREATE INDEX "agency_members_agency_joined_idx" ON "agency_members" USING btree ("agency_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_transfers_owner_key_uq" ON "agency_transfers" USING btree ("owner_id","idempotency_key") WHERE "agency_transfers"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "agency_transfers_agency_idx" ON "agency_transfers" USING btree ("agency_id");