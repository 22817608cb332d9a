ALTER TABLE "transactions" ADD COLUMN "content_i18n" jsonb;--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "content_i18n" jsonb;