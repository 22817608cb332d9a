import type { PaymentMethod, TMe, TSiteInfo } from '@proxy/contract';
import {
  array,
  boolean,
  int,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
  text,
  type Reader,
} from './plain-reader';

/**
 * The few contract schemas the first load checks answers against (the site info, the error body,
 * the stored user), as plain readers (plain-reader.ts): zod, classic or mini, would otherwise be
 * in every page's first download, the login page's included. The web test
 * first-load-schemas.test.ts keeps each one equal to its contract schema (same answers on valid and
 * invalid inputs), so the contract stays the single source.
 */

/** z.iso.datetime({ offset: true }): zod's own pattern (the test compares them). */
export const ISO_DATETIME_OFFSET =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|([+-](?:[01]\d|2[0-3]):[0-5]\d)))$/;

/** ZErrorBody: the body of every error answer (docs/wire-contract.md#errors). */
export const readErrorBody = object({ message: string, data: optional(record) });

/** ZMe: the signed-in user, as stored in localStorage. */
export const readMe: Reader<TMe> = object({
  id: string,
  email: string,
  role: int,
  balance: int,
  apiKey: nullable(string),
  ownerAgency: nullable(string),
  twoFactorEnabled: boolean,
  autoRenewPrivate: boolean,
  hasPassword: boolean,
  createdAt: string,
});

const siteInfoShape = {
  title: string,
  color: string,
  logo: string,
  googlePixel: nullable(string),
  isOpenV6: boolean,
  isOpenV4: boolean,
  isOpenKey: boolean,
  showAgencyApi: boolean,
  forceEnglish: boolean,
  companyFooter: boolean,
  companyName: nullable(string),
  captcha: object({ provider: oneOf(['altcha', 'recaptcha', 'off']), siteKey: nullable(string) }),
  googleClientId: nullable(string),
  promotion: nullable(
    object({
      tiers: array(object({ minAmount: int, percent: number })),
      endsAt: optional(nullable(string)),
    }),
  ),
  maintenance: nullable(
    object({
      enabled: boolean,
      message: text({ trim: true, max: 500 }),
      messageEng: text({ trim: true, max: 500 }),
      until: nullable(text({ pattern: ISO_DATETIME_OFFSET })),
    }),
  ),
  timeZone: optional(string),
  // PAYMENT_METHODS, written out: the first load does not import the contract's values (zod).
  paymentMethods: optional(
    array(
      oneOf<readonly PaymentMethod[]>(['bank', 'paypal', 'card', 'momo', 'perfectmoney', 'usdt', 'bytepay', 'tazapay']),
    ),
  ),
};

/** ZSiteInfo: the branding and flags of the serving host (docs/screens.md#branding). */
export const readSiteInfo: Reader<TSiteInfo> = object(siteInfoShape);

/** ZSiteInfo.partial(): the fields the server sent, each as ZSiteInfo reads it. */
export const readPartialSiteInfo: Reader<Partial<TSiteInfo>> = object(siteInfoShape, true);
