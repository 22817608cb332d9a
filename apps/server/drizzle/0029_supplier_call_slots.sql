CREATE TABLE "supplier_call_slots" (
	"account" text PRIMARY KEY NOT NULL,
	"sent" timestamp with time zone[] NOT NULL
);
