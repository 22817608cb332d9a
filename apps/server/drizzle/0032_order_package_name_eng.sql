ALTER TABLE "orders" ADD COLUMN "package_name_eng" text;--> statement-breakpoint
-- Orders bought before this column: the package's English name, where the package still has the name it was bought under.
UPDATE "orders" SET "package_name_eng" = "packages"."name_eng" FROM "packages" WHERE "orders"."package_id" = "packages"."id" AND "orders"."package_name" = "packages"."name";
