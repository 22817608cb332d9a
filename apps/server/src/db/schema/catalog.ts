import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './sites.js';

const product = (name: string) => text(name, { enum: ['v6', 'v4', 'key'] });

/** Countries a site sells per product; "available" also needs supply on a node. */
export const catalogCountries = pgTable(
  'catalog_countries',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    product: product('product').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('catalog_countries_uq').on(t.siteId, t.product, t.code)],
);

/** Retail prices: coins per proxy for one unit of a period, per country and unit. */
export const retailPrices = pgTable(
  'retail_prices',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    product: product('product').notNull(),
    country: text('country').notNull(),
    unit: text('unit', { enum: ['hour', 'day', 'week', 'month'] }).notNull(),
    price: integer('price').notNull(),
    renewPrice: integer('renew_price').notNull(),
    quantityStep: integer('quantity_step').notNull().default(1),
    maxQuantity: integer('max_quantity').notNull().default(1000),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('retail_prices_uq').on(t.siteId, t.product, t.country, t.unit)],
);

export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    product: product('product').notNull(),
    name: text('name').notNull(),
    /** The English name, shown to English readers; null shows `name`. */
    nameEng: text('name_eng'),
    /** Coins for the package; for key packages, per key. */
    price: integer('price').notNull(),
    days: integer('days').notNull(),
    proxies: integer('proxies').notNull(),
    bandwidthGb: integer('bandwidth_gb'),
    isTrial: boolean('is_trial').notNull().default(false),
    /** Key packages: the least time between two get-new-ip calls. */
    minIntervalSec: integer('min_interval_sec'),
    active: boolean('active').notNull().default(true),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('packages_site_product_idx').on(t.siteId, t.product)],
);

/** Quantity discounts per product (the `discount` family). */
export const discountTiers = pgTable(
  'discount_tiers',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    product: product('product').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('discount_tiers_uq').on(t.siteId, t.product, t.minQuantity)],
);

/** Extra bandwidth for packages (the `bandwidth` family). */
export const bandwidthPrices = pgTable('bandwidth_prices', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  pricePerGb: integer('price_per_gb').notNull(),
  maxGb: integer('max_gb').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
