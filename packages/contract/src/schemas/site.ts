import { z } from 'zod';
import { LOCK_DAYS } from '../constants.js';
import { API_RATE_LIMIT } from './developer.js';

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
});
export type TSiteSettings = z.infer<typeof ZSiteSettings>;

/** PUT /api/setting/admin/update {settings}: a field left out is kept. */
export const ZSiteSettingsUpdate = z.object({ settings: ZSiteSettings.partial() });
export type TSiteSettingsUpdate = z.infer<typeof ZSiteSettingsUpdate>;
