import type { TMe, TSiteInfo } from '@proxy/contract';
import * as z from 'zod/mini';

/**
 * The few contract schemas the first load checks answers against (the site info, the error body,
 * the stored user), rebuilt with zod/mini: the contract's schemas are classic zod, whose whole API
 * (about 30 KB gzip) would otherwise be in every page's first download, the login page's
 * included. The web test first-load-schemas.test.ts keeps each one
 * equal to its contract schema (same JSON Schema), so the contract stays the single source.
 */

const int = () => z.number().check(z.int());

/** ZErrorBody: the body of every error answer (docs/wire-contract.md#errors). */
export const ZErrorBodyLite = z.object({
  message: z.string(),
  data: z.optional(z.record(z.string(), z.unknown())),
});

/** ZMe: the signed-in user, as stored in localStorage. */
export const ZMeLite = z.object({
  id: z.string(),
  email: z.string(),
  role: int(),
  balance: int(),
  apiKey: z.nullable(z.string()),
  ownerAgency: z.nullable(z.string()),
  twoFactorEnabled: z.boolean(),
  autoRenewPrivate: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
}) satisfies z.ZodMiniType<TMe>;

const ZMaintenanceLite = z.object({
  enabled: z.boolean(),
  message: z.string().check(z.trim(), z.maxLength(500)),
  messageEng: z.string().check(z.trim(), z.maxLength(500)),
  until: z.nullable(z.iso.datetime({ offset: true })),
});

/** ZSiteInfo: the branding and flags of the serving host (docs/screens.md#branding). */
export const ZSiteInfoLite = z.object({
  title: z.string(),
  color: z.string(),
  logo: z.string(),
  googlePixel: z.nullable(z.string()),
  isOpenV6: z.boolean(),
  isOpenV4: z.boolean(),
  isOpenKey: z.boolean(),
  showAgencyApi: z.boolean(),
  forceEnglish: z.boolean(),
  companyFooter: z.boolean(),
  companyName: z.nullable(z.string()),
  captcha: z.object({
    provider: z.enum(['altcha', 'recaptcha', 'off']),
    siteKey: z.nullable(z.string()),
  }),
  googleClientId: z.nullable(z.string()),
  promotion: z.nullable(
    z.object({
      tiers: z.array(z.object({ minAmount: int(), percent: z.number() })),
      endsAt: z.optional(z.nullable(z.string())),
    }),
  ),
  maintenance: z.nullable(ZMaintenanceLite),
}) satisfies z.ZodMiniType<TSiteInfo>;
