-- Keys issued before the developer API were stored whole in users.api_key and never authenticated
-- anything; the column now holds only a masked hint of a hashed key (api_keys), so the old ones go.
UPDATE "users" SET "api_key" = NULL WHERE "api_key" IS NOT NULL AND "api_key" NOT LIKE '%…%';
