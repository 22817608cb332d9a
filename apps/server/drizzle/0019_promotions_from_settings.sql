-- Before the promotions table, a site's deposit promotion lived in its settings document: absent
-- meant the default tiers (10% from 1,000,000 coins, 15% from 5,000,000), JSON null meant none,
-- an object its own tiers. Carry each existing site's running promotion over, so an upgrade keeps
-- the bonus its customers were promised. A fresh install has no site yet; its seed adds the demo's.
INSERT INTO "promotions" ("id", "site_id", "name", "tiers", "starts_at", "ends_at", "active", "created_at", "updated_at")
SELECT
  gen_random_uuid(),
  s."id",
  'Deposit bonus',
  COALESCE(
    s."settings"->'promotion'->'tiers',
    '[{"minAmount":1000000,"percent":10},{"minAmount":5000000,"percent":15}]'::jsonb
  ),
  now(),
  NULL,
  true,
  now(),
  now()
FROM "sites" s
WHERE NOT EXISTS (SELECT 1 FROM "promotions" p WHERE p."site_id" = s."id")
  AND (s."settings"->'promotion' IS NULL OR jsonb_typeof(s."settings"->'promotion'->'tiers') = 'array');
