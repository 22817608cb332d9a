import { z } from 'zod';
import { LOCK_DAYS } from '../constants.js';
import { API_RATE_LIMIT } from './developer.js';
import { ZListQuery, zEchoable, ZId } from './common.js';
import { ZPaymentMethod } from './payments.js';

/**
 * The maintenance notice (docs/wire-contract.md#site-content): a banner for everyone; while it is
 * on (enabled, and `until` not yet passed), customers' buy, renew and top-up calls answer 503
 * MAINTENANCE. Admins are not blocked and webhooks still credit.
 */
export const ZMaintenance = z.object({
  enabled: z.boolean(),
  message: z.string().trim().max(500),
  messageEng: z.string().trim().max(500),
  until: z.string().datetime({ offset: true }).nullable(),
});
export type TMaintenance = z.infer<typeof ZMaintenance>;

/** The time zone a new site counts its days in (docs/product-rules.md#time-zones). */
export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/**
 * An IANA time zone name that Intl knows: its canonical form is in Intl's list of zones (which
 * names UTC only through its aliases), e.g. Asia/Ho_Chi_Minh, Europe/Berlin or UTC.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) {
    return false;
  }
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return canonical === 'UTC' || Intl.supportedValuesOf('timeZone').includes(canonical);
  } catch {
    return false;
  }
}

export const ZTimeZone = z.string().max(64).refine(isTimeZone, { message: 'not an IANA time zone' });

export const ZSiteInfo = z.object({
  title: z.string(),
  color: z.string(),
  logo: z.string(),
  googlePixel: z.string().nullable(),
  isOpenV6: z.boolean(),
  isOpenV4: z.boolean(),
  isOpenKey: z.boolean(),
  showAgencyApi: z.boolean(),
  forceEnglish: z.boolean(),
  companyFooter: z.boolean(),
  companyName: z.string().nullable(),
  /** Which captcha the protected forms need: ALTCHA (self-hosted), reCAPTCHA or none. */
  captcha: z.object({
    provider: z.enum(['altcha', 'recaptcha', 'off']),
    siteKey: z.string().nullable(),
  }),
  /** The Google sign-in client id, or null when Google sign-in is not set up. */
  googleClientId: z.string().nullable(),
  /** The deposit promotion tiers shown on the dashboard (coins), or null when none is active. */
  promotion: z
    .object({
      tiers: z.array(z.object({ minAmount: z.number().int(), percent: z.number() })),
      /** When the active promotion ends (ISO), or null when it runs until stopped. */
      endsAt: z.string().nullable().optional(),
    })
    .nullable(),
  /** The maintenance notice while it is on, else null. */
  maintenance: ZMaintenance.nullable(),
  /** The IANA time zone the site counts its days in (statistics, their date pickers). */
  timeZone: z.string().optional(),
  /** The payment methods the site has switched on, for the landing (docs/money.md#payment-methods). */
  paymentMethods: z.array(ZPaymentMethod).optional(),
});
export type TSiteInfo = z.infer<typeof ZSiteInfo>;

/** PUT /api/site/admin/update-products: which product categories the site sells (a field left out is kept). */
export const ZSiteProductsUpdate = z.object({
  isOpenV6: z.boolean().optional(),
  isOpenV4: z.boolean().optional(),
  isOpenKey: z.boolean().optional(),
});
export type TSiteProductsUpdate = z.infer<typeof ZSiteProductsUpdate>;

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  dbKind: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/** GET /api/health/live: the process answers (a balancer's restart check). */
export const ZLiveness = z.object({ status: z.literal('ok'), version: z.string() });

/**
 * GET /api/health/ready: 200 when this instance should take traffic, 503 otherwise: the database
 * answers, every shipped migration is applied, the LISTEN connection is up, and it is not draining
 * for a shutdown.
 */
export const ZReadiness = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    db: z.enum(['ok', 'down']),
    migrations: z.enum(['ok', 'pending', 'unknown']),
    listen: z.enum(['ok', 'down']),
    draining: z.boolean(),
  }),
});

/** The site settings an admin edits (GET /api/setting/admin/list). */
export const ZSiteSettings = z.object({
  lockDays: z.number().int().min(LOCK_DAYS.min).max(LOCK_DAYS.max),
  /** The developer API's requests per minute per key (docs/wire-contract.md#developer-api). */
  apiRateLimitPerMin: z.number().int().min(API_RATE_LIMIT.min).max(API_RATE_LIMIT.max),
  /**
   * Coins per unit of a supplier's currency (docs/suppliers.md), e.g. `{RUB: 270, USD: 24000}`:
   * what a supplier proxy's upstream price costs in coins. Absent until an admin sets it.
   */
  supplierRates: z
    .record(z.string().regex(/^[A-Z]{3}$/), z.number().int().min(0).max(100_000_000))
    .refine((r) => Object.keys(r).length <= 20, { message: 'at most 20 currencies' })
    .optional(),
  /** The IANA time zone the site's days are counted in (docs/product-rules.md#time-zones). */
  timeZone: ZTimeZone.optional(),
});
export type TSiteSettings = z.infer<typeof ZSiteSettings>;

/** PUT /api/setting/admin/update {settings}: a field left out is kept; an unknown one is refused. */
export const ZSiteSettingsUpdate = z.object({ settings: ZSiteSettings.partial().strict() });
export type TSiteSettingsUpdate = z.infer<typeof ZSiteSettingsUpdate>;

/** docs/product-rules.md#sites: a site's hosts are 1 to SITE_MAX_HOSTS host names. */
export const SITE_MAX_HOSTS = 10;
/** An uploaded logo: PNG, JPEG or WebP (SVG is refused: it can carry script), at most this many bytes. */
export const LOGO_MAX_BYTES = 256 * 1024;

/**
 * A host name as typed (any case, maybe with a port or a trailing dot); the server normalises it
 * (lowercase, no port, no trailing dot) and refuses what is no valid host name with INVALID_HOST.
 */
const ZHostInput = z.string().trim().min(1).max(260);
const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/** A Google Analytics / Tag Manager / pixel id (e.g. G-ABC123, GTM-XYZ, 1234567890), or null. */
const ZPixel = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/)
  .nullable();

/** The branding, flags and footer an admin edits (docs/wire-contract.md#sites). */
const ZSiteEditable = z.object({
  title: z.string().trim().min(1).max(80),
  color: ZColor,
  googlePixel: ZPixel,
  isOpenV6: z.boolean(),
  isOpenV4: z.boolean(),
  isOpenKey: z.boolean(),
  showAgencyApi: z.boolean(),
  forceEnglish: z.boolean(),
  companyFooter: z.boolean(),
  companyName: z.string().trim().max(120).nullable(),
});

/** One site as the owner's /admin/sites and an admin's /admin/config see it. */
export const ZSiteAdmin = ZSiteEditable.extend({
  id: ZId,
  slug: z.string(),
  isDefault: z.boolean(),
  logo: z.string(),
  hosts: z.array(z.string()),
  /** The reCAPTCHA site key, or null for the built-in ALTCHA; the secret is never sent back. */
  recaptchaSiteKey: z.string().nullable(),
  recaptchaSecretSet: z.boolean(),
  createdAt: z.string(),
});
export type TSiteAdmin = z.infer<typeof ZSiteAdmin>;

/** The reCAPTCHA keys: both set, or null for ALTCHA; a missing secretKey keeps the stored one. */
export const ZRecaptchaKeys = z
  .object({
    siteKey: z.string().trim().min(10).max(100),
    secretKey: z.string().trim().min(10).max(100).optional(),
  })
  .nullable();

/** PUT /api/site/admin/update-site/:id: a field left out is kept; `hosts` is the owner's only. */
export const ZSiteUpdate = zEchoable(
  ZSiteEditable.partial().extend({
    hosts: z.array(ZHostInput).min(1).max(SITE_MAX_HOSTS).optional(),
    recaptcha: ZRecaptchaKeys.optional(),
  }),
  ['id', 'slug', 'isDefault', 'logo', 'recaptchaSiteKey', 'recaptchaSecretSet', 'createdAt'],
);
export type TSiteUpdate = z.infer<typeof ZSiteUpdate>;

/** POST /api/site/admin/create-site (owner): a new site with a copy of another site's catalogue. */
export const ZSiteCreate = ZSiteEditable.partial().extend({
  slug: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{1,31}$/),
  title: z.string().trim().min(1).max(80),
  hosts: z.array(ZHostInput).min(1).max(SITE_MAX_HOSTS),
  /** The site whose countries, retail prices, packages, discounts and bandwidth price are copied. */
  copyCatalogFrom: ZId,
});
export type TSiteCreate = z.infer<typeof ZSiteCreate>;

/** POST /api/site/admin/upload-logo/:id: the image as base64 (PNG, JPEG or WebP by its bytes). */
export const ZLogoUpload = z.object({
  data: z
    .string()
    .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export type TLogoUpload = z.infer<typeof ZLogoUpload>;

/** One audited change of a site setting: old → new, secrets masked. */
export const ZSettingChange = z.object({
  id: ZId,
  at: z.string(),
  siteId: ZId,
  actorId: ZId.nullable(),
  actorEmail: z.string(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});
export type TSettingChange = z.infer<typeof ZSettingChange>;

/** GET /api/site/admin/list-setting-change: paged, of one site (the caller's own by default). */
export const ZSettingChangesQuery = ZListQuery.extend({ siteId: ZId.optional() });
