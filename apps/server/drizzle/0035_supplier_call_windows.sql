-- The table keeps each supplier account's recent call times, the window its rate limit is counted
-- over: rename it and its primary key in place, so the rows stay.
ALTER TABLE "supplier_call_slots" RENAME TO "supplier_call_windows";--> statement-breakpoint
ALTER TABLE "supplier_call_windows" RENAME CONSTRAINT "supplier_call_slots_pkey" TO "supplier_call_windows_pkey";
