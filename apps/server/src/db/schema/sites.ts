import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import type { PaymentMethod } from '@proxy/contract';

/** One payment method of a site: plain values, and secrets sealed with encryptSecret (APP_SECRET). */
export interface StoredPaymentMethod {
  enabled: boolean;
  values: Record<string, string>;
  secrets: Record<string, string>;
}

export interface StoredPaymentSettings {
  /** The public base URL for provider redirects and webhooks; unset means the request's own origin. */
  publicUrl?: string | null;
  /** Unset methods are off, except bank, which defaults to the built-in simulator. */
  methods?: Partial<Record<PaymentMethod, StoredPaymentMethod>>;
}

export interface SiteSettings {
  /** Deposit promotion tiers in coins; null disables the promotion notice and bonus. */
  promotion?: { tiers: { minAmount: number; percent: number }[] } | null;
  recaptcha?: { siteKey: string; secretKey: string } | null;
  googleClientId?: string | null;
  lockDays?: number;
  /** The developer API's requests per minute per key (default API_RATE_LIMIT.default). */
  apiRateLimitPerMin?: number;
  /** Coins per unit of a supplier's currency (modules/suppliers cost). */
  supplierRates?: Record<string, number>;
  payments?: StoredPaymentSettings;
  /** The maintenance notice (docs/wire-contract.md#site-content); unset or null means off. */
  maintenance?: { enabled: boolean; message: string; messageEng: string; until: string | null } | null;
  /** The site's Telegram bot for alerts (modules/notifications): token sealed with APP_SECRET. */
  telegram?: { botToken: string; apiBase: string; username: string } | null;
}

/** One seller site (docs/product-rules.md#sites). */
export const sites = pgTable('sites', {
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  isDefault: boolean('is_default').notNull().default(false),
  title: text('title').notNull(),
  color: text('color').notNull().default('#2196F3'),
  logo: text('logo').notNull().default('/logo.svg'),
  googlePixel: text('google_pixel'),
  isOpenV6: boolean('is_open_v6').notNull().default(true),
  isOpenV4: boolean('is_open_v4').notNull().default(true),
  isOpenKey: boolean('is_open_key').notNull().default(true),
  showAgencyApi: boolean('show_agency_api').notNull().default(false),
  forceEnglish: boolean('force_english').notNull().default(false),
  companyFooter: boolean('company_footer').notNull().default(false),
  companyName: text('company_name'),
  /** The IANA time zone the site's days are counted in (analytics, agency statistics). */
  timeZone: text('time_zone').notNull().default('Asia/Ho_Chi_Minh'),
  settings: jsonb('settings')
    .$type<SiteSettings>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Host names that select a site; an unknown host falls back to the default site. */
export const siteHosts = pgTable(
  'site_hosts',
  {
    host: text('host').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [index('site_hosts_site_idx').on(t.siteId)],
);

/**
 * The audit trail of site settings (docs/wire-contract.md#sites): one row per changed field, with
 * who changed it and the old and new values (secrets masked). Written in the change's transaction.
 */
export const siteSettingChanges = pgTable(
  'site_setting_changes',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null when the user was deleted since; the email stays. */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
  },
  (t) => [index('site_setting_changes_site_at_idx').on(t.siteId, t.at)],
);

/** An uploaded logo, kept in the database so every instance serves it (GET /api/site/logo/:id). */
export const siteLogos = pgTable('site_logos', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  /** The image bytes as base64 (at most LOGO_MAX_BYTES decoded). */
  data: text('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
