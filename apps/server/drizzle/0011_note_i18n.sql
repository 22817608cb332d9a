ALTER TABLE "order_logs" ADD COLUMN "note_i18n" jsonb;--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "held_reason_i18n" jsonb;