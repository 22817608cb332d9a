import {
  billEndpoints,
  PAYMENT_METHOD_FIELDS,
  PAYMENT_METHOD_REQUIRED,
  PAYMENT_METHODS,
  type PaymentMethod,
  type TPaymentConfig,
  type TPaymentMethodConfigView,
} from '@proxy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { checkOutboundUrl, outboundOf } from '../../lib/outbound.js';
import {
  lockSiteSettings,
  paymentMethodOn,
  recordSettingChanges,
  writeSiteSettings,
  type Actor,
  type Site,
} from '../site/index.js';
import type { SiteSettings, StoredPaymentMethod } from '../../db/schema/index.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import type { MethodConfig, ProviderEnv } from './providers/types.js';

/** The providers' production endpoints; a site overrides them (tests and dev:payments point them at fakes). */
export const DEFAULT_VALUES: Partial<Record<PaymentMethod, Record<string, string>>> = {
  paypal: { baseUrl: 'https://api-m.paypal.com' },
  card: { baseUrl: 'https://api.stripe.com' },
  momo: { baseUrl: 'https://payment.momo.vn' },
  perfectmoney: { sciUrl: 'https://perfectmoney.com/api/step1.asp' },
  // USDT (TRC20) is the TRON token contract TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t, 6 decimals.
  usdt: { baseUrl: 'https://api.trongrid.io', contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
  tazapay: { baseUrl: 'https://service.tazapay.com' },
};

/**
 * The fields that hold a provider URL the server calls (base URLs) or the payer's browser posts to
 * (Perfect Money's SCI): each must be a public https URL (lib/outbound).
 */
const URL_FIELDS = ['baseUrl', 'sciUrl'] as const;

/** docs/money.md#payment-methods: the embedded default enables the bank simulator only. */
export const SIMULATOR_BANK = {
  bankName: 'Demo Bank (simulator)',
  bin: '970416',
  accountNumber: '0000000001',
  accountName: 'PROXY PANEL DEMO',
};

function storedMethod(settings: SiteSettings, method: PaymentMethod): StoredPaymentMethod | undefined {
  return settings.payments?.methods?.[method];
}

export function methodConfig(ctx: Pick<AppContext, 'keys'>, site: Site, method: PaymentMethod): MethodConfig {
  const stored = storedMethod(site.settings, method);
  const secrets: Record<string, string> = {};
  for (const [k, sealed] of Object.entries(stored?.secrets ?? {})) {
    secrets[k] = decryptSecret(ctx.keys.secrets, sealed);
  }
  if (method === 'bank' && !stored?.values.accountNumber) {
    // No real account yet: the simulator, on unless the admin switched bank transfers off.
    return {
      method,
      enabled: paymentMethodOn(site.settings, method),
      simulator: true,
      values: { ...SIMULATOR_BANK },
      secrets,
    };
  }
  return {
    method,
    enabled: paymentMethodOn(site.settings, method),
    simulator: false,
    values: { ...DEFAULT_VALUES[method], ...stored?.values },
    secrets,
  };
}

/** The config of a method the caller wants to use now: PAYMENT_METHOD_DISABLED unless switched on. */
export function enabledMethodConfig(ctx: Pick<AppContext, 'keys'>, site: Site, method: PaymentMethod): MethodConfig {
  const cfg = methodConfig(ctx, site, method);
  if (!cfg.enabled) {
    throw new AppError('PAYMENT_METHOD_DISABLED');
  }
  return cfg;
}

export function enabledMethods(ctx: Pick<AppContext, 'keys'>, site: Site): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => methodConfig(ctx, site, m).enabled);
}

export type ProviderMethod = Exclude<PaymentMethod, 'bank'>;

/** What a provider adapter gets for one call: the method's config, the clock, the URLs, the outbound rules. */
export function providerEnv(
  ctx: AppContext,
  site: Site,
  origin: string,
  method: ProviderMethod,
  requireEnabled: boolean,
) {
  const config = requireEnabled ? enabledMethodConfig(ctx, site, method) : methodConfig(ctx, site, method);
  const env: ProviderEnv = {
    config,
    clock: ctx.clock,
    baseUrl: publicBaseUrl(site, origin),
    log: ctx.log,
    outbound: outboundOf(ctx.config),
  };
  return env;
}

/** A value a provider cannot work without; a site that lacks it is misconfigured. */
export function need(cfg: MethodConfig, name: string): string {
  const v = cfg.values[name] ?? cfg.secrets[name];
  if (!v) {
    throw new AppError('PAYMENT_ERROR', { reason: `${cfg.method}.${name} is not configured` });
  }
  return v;
}

/** The site's public base URL for provider redirects and webhooks, else the request's origin. */
export function publicBaseUrl(site: Site, requestOrigin: string): string {
  return (site.settings.payments?.publicUrl ?? requestOrigin).replace(/\/+$/, '');
}

export function webhookPath(method: PaymentMethod): string | null {
  if (method === 'usdt') {
    return null;
  }
  return method === 'perfectmoney' ? '/api/user/perfect-money-complete-payment' : `/api/webhook/${method}`;
}

/** The admin view: plain values, and only whether each secret is set. */
export function configView(
  ctx: Pick<AppContext, 'keys' | 'config'>,
  site: Site,
  requestOrigin: string,
): TPaymentConfig {
  const base = publicBaseUrl(site, requestOrigin);
  const methods: TPaymentMethodConfigView[] = PAYMENT_METHODS.map((method) => {
    const cfg = methodConfig(ctx, site, method);
    const fields = PAYMENT_METHOD_FIELDS[method];
    const values: Record<string, string | null> = {};
    for (const f of fields.plain) {
      values[f] = cfg.values[f] ?? null;
    }
    const secretsSet: Record<string, boolean> = {};
    for (const f of fields.secret) {
      secretsSet[f] = Boolean(cfg.secrets[f]);
    }
    if (method === 'bank' && site.isDefault && !cfg.secrets.webhookKey) {
      secretsSet.webhookKey = Boolean(ctx.config.BANK_WEBHOOK_KEY);
    }
    const path = webhookPath(method);
    return { method, enabled: cfg.enabled, values, secretsSet, webhookUrl: path ? `${base}${path}` : null };
  });
  return { publicUrl: site.settings.payments?.publicUrl ?? null, methods };
}

/**
 * Applies an admin's change to one method: plain values set or cleared, secrets sealed (a string
 * sets, null clears, absent keeps). An enabled method must have everything it needs. The row is
 * locked, so two admins editing two methods at once do not lose each other's change.
 */
/** A method's stored config as audit fields (`payments.<method>.<field>`); secrets masked by name. */
function auditFields(method: PaymentMethod, stored: StoredPaymentMethod | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { [`payments.${method}.enabled`]: stored?.enabled ?? null };
  for (const [f, v] of Object.entries({ ...stored?.values, ...stored?.secrets })) {
    out[`payments.${method}.${f}`] = v;
  }
  return out;
}

/**
 * Saves a payment method's settings; with an actor (an admin's call), each changed field is
 * audited in the same transaction (docs/wire-contract.md#sites), the credentials masked.
 */
export async function updateMethodConfig(
  ctx: Pick<AppContext, 'db' | 'keys' | 'config'> & Partial<Pick<AppContext, 'clock'>>,
  siteId: string,
  method: PaymentMethod,
  patch: Record<string, unknown>,
  actor?: Actor,
): Promise<void> {
  const fields = PAYMENT_METHOD_FIELDS[method];
  // Checked before the row is locked: it may wait on DNS.
  for (const f of URL_FIELDS) {
    const v = patch[f];
    if (typeof v === 'string' && v !== '' && (fields.plain as readonly string[]).includes(f)) {
      await checkOutboundUrl(outboundOf(ctx.config), v, f);
    }
  }
  await ctx.db.transaction(async (tx) => {
    const settings = await lockSiteSettings(tx, siteId);
    if (!settings) {
      throw new AppError('SITE_NOT_EXISTS');
    }
    // Bank transfers start switched on (the simulator); every other method starts off.
    const current: StoredPaymentMethod = storedMethod(settings, method) ?? {
      enabled: method === 'bank',
      values: {},
      secrets: {},
    };
    const next: StoredPaymentMethod = {
      enabled: typeof patch.enabled === 'boolean' ? patch.enabled : current.enabled,
      values: { ...current.values },
      secrets: { ...current.secrets },
    };
    for (const f of fields.plain) {
      const v = patch[f];
      if (v === null || v === '') {
        delete next.values[f];
      } else if (typeof v === 'string') {
        next.values[f] = v;
      }
    }
    for (const f of fields.secret) {
      const v = patch[f];
      if (v === null) {
        delete next.secrets[f];
      } else if (typeof v === 'string') {
        next.secrets[f] = encryptSecret(ctx.keys.secrets, v);
      }
    }
    // Bank transfers without an account number run the simulator, which needs nothing.
    if (next.enabled && !(method === 'bank' && !next.values.accountNumber)) {
      const have: Record<string, string | undefined> = { ...DEFAULT_VALUES[method], ...next.values, ...next.secrets };
      const missing = PAYMENT_METHOD_REQUIRED[method].filter((f) => !have[f]);
      if (missing.length) {
        throw new AppError('VALIDATION_ERROR', {
          issues: missing.map((f) => ({ path: `body.${f}`, message: 'required to enable this method' })),
        });
      }
    }
    const payments = { ...settings.payments, methods: { ...settings.payments?.methods, [method]: next } };
    await writeSiteSettings(tx, siteId, { ...settings, payments });
    if (actor && ctx.clock) {
      // Every key either side, so a removed value shows as a change to empty.
      const before = auditFields(method, storedMethod(settings, method));
      const after = auditFields(method, next);
      for (const key of Object.keys(before)) {
        after[key] ??= null;
      }
      const secrets = new Set(fields.secret.map((f) => `payments.${method}.${f}`));
      await recordSettingChanges(tx, ctx.clock.now(), siteId, actor, before, after, secrets);
    }
  });
}

export async function updatePublicUrl(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  siteId: string,
  publicUrl: string | null | undefined,
  /** The admin making the change, audited; omitted by the test helpers that seed a config. */
  actor?: Actor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const settings = await lockSiteSettings(tx, siteId);
    if (!settings) {
      throw new AppError('SITE_NOT_EXISTS');
    }
    const payments = { ...settings.payments, publicUrl: publicUrl ?? null };
    await writeSiteSettings(tx, siteId, { ...settings, payments });
    if (actor) {
      const field = 'payments.publicUrl';
      const before = { [field]: settings.payments?.publicUrl ?? null };
      await recordSettingChanges(tx, ctx.clock.now(), siteId, actor, before, { [field]: payments.publicUrl });
    }
  });
}

/** After a settings change: every instance sees it at once (SiteResolver.invalidate NOTIFYs the others). */
async function freshConfig(app: FastifyInstance, req: FastifyRequest) {
  app.sites.invalidate();
  const site = await app.sites.resolve(req.headers.host);
  return configView(app.ctx, site, requestOrigin(req));
}

/** /api/bill/admin/…: the site's payment methods and the public URL providers call back. */
export function methodSettingsRoutes(app: RouteApp, admin: RouteOptions): void {
  const e = billEndpoints;

  route(app, e.adminPaymentMethods, admin, async (req) => configView(app.ctx, req.site, requestOrigin(req)));

  const methodUpdates = {
    bank: e.updateBank,
    paypal: e.updatePaypal,
    card: e.updateCard,
    momo: e.updateMomo,
    perfectmoney: e.updatePerfectMoney,
    usdt: e.updateUsdt,
    bytepay: e.updateBytepay,
    tazapay: e.updateTazapay,
  } satisfies Record<PaymentMethod, unknown>;
  for (const method of PAYMENT_METHODS) {
    route(app, methodUpdates[method], admin, async (req) => {
      await updateMethodConfig(app.ctx, req.site.id, method, req.body, req.user);
      return freshConfig(app, req);
    });
  }

  route(app, e.adminPublicUrl, admin, async (req) => {
    await updatePublicUrl(app.ctx, req.site.id, req.body.publicUrl, req.user);
    return freshConfig(app, req);
  });
}
