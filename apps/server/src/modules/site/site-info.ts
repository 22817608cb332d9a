import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  PAYMENT_METHODS,
  siteEndpoints,
  type PaymentMethod,
  type TMaintenance,
  type TSiteInfo,
  type TSiteProductsUpdate,
} from '@proxy/contract';
import { runningPromotionTiers } from '../promotions/index.js';
import type { AppContext } from '../../context.js';
import { sites, type SiteSettings } from '../../db/schema/index.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { lockSite, siteBranding, type Actor, type Site } from './queries.js';
import { recordSettingChanges } from './setting-changes.js';

/**
 * Whether a payment method is switched on (docs/money.md#payment-methods): as the admin set it;
 * unset, bank transfer is on (the simulator until a real account is set) and the others are off.
 */
export function paymentMethodOn(settings: SiteSettings, method: PaymentMethod): boolean {
  return settings.payments?.methods?.[method]?.enabled ?? method === 'bank';
}

/** The maintenance notice while it is on (enabled, and its end time not passed), else null. */
export function activeMaintenance(settings: SiteSettings, now: Date): TMaintenance | null {
  const m = settings.maintenance;
  if (!m?.enabled || (m.until !== null && Date.parse(m.until) <= now.getTime())) {
    return null;
  }
  return { enabled: true, message: m.message, messageEng: m.messageEng, until: m.until };
}

/**
 * The site's public info, with the running promotion the caller read (promotions module), if any.
 * Built by assignment, not `{ ...siteBranding(site), … }`: every request computes this, and on
 * V8 an object literal that starts with a spread and adds properties costs several times a plain
 * one (docs/benchmarks.md#object-spreads).
 */
export function siteInfo(
  site: Site,
  ctx: Pick<AppContext, 'config' | 'clock'>,
  promotion: TSiteInfo['promotion'] = null,
): TSiteInfo {
  const s = site.settings;
  const captchaProvider: TSiteInfo['captcha']['provider'] =
    ctx.config.CAPTCHA === 'off' ? 'off' : s.recaptcha?.siteKey ? 'recaptcha' : 'altcha';
  return Object.assign(siteBranding(site), {
    captcha: {
      provider: captchaProvider,
      siteKey: captchaProvider === 'recaptcha' ? (s.recaptcha?.siteKey ?? null) : null,
    },
    googleClientId: s.googleClientId ?? ctx.config.GOOGLE_CLIENT_ID ?? null,
    promotion,
    maintenance: activeMaintenance(s, ctx.clock.now()),
    timeZone: site.timeZone,
    paymentMethods: PAYMENT_METHODS.filter((m) => paymentMethodOn(s, m)),
  });
}

/** The products a site sells (isOpenV6/V4/Key), audited. */
async function updateProducts(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  siteId: string,
  flags: TSiteProductsUpdate,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const site = await lockSite(tx, siteId);
    if (site) {
      const set = Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined));
      if (Object.keys(set).length > 0) {
        await tx.update(sites).set(set).where(eq(sites.id, siteId));
      }
      await recordSettingChanges(tx, ctx.clock.now(), siteId, actor, site, flags);
    }
  });
}

/**
 * GET /api/site/get-site-info, which every page load asks for, and the admin's product switches,
 * whose answer is the same info.
 */
export function siteInfoRoutes(app: RouteApp, opts: RouteOptions, admin: RouteOptions): void {
  // The site's info with its running promotion, which every page load asks for: kept with the site
  // (an admin's start or stop invalidates it on every instance, promotions/save-promotion.ts), and one that
  // has ended since it was read is not shown.
  // The memo's key, kept per site object: a call from memory then builds no string.
  const keys = new WeakMap<Site, string>();
  const promotionKey = (site: Site): string => {
    let key = keys.get(site);
    if (key === undefined) {
      key = `promotion:${site.id}`;
      keys.set(site, key);
    }
    return key;
  };
  const promotionOf = (site: Site, now: number) =>
    app.sites.memo(promotionKey(site), () => runningPromotionTiers(app.ctx.db, site.id, new Date(now)));
  const infoOf = (site: Site, promotion: Awaited<ReturnType<typeof promotionOf>>, now: number) => {
    const ended = promotion?.endsAt != null && Date.parse(promotion.endsAt) <= now;
    return siteInfo(site, app.ctx, ended ? null : promotion);
  };
  const e = siteEndpoints;
  // The written answer, kept per site object (a new one comes with every site change) until its
  // promotion changes or the next instant it depends on (the promotion's or the maintenance's end).
  const written = new WeakMap<Site, { promotion: unknown; json: string; until: number }>();
  type Promotion = Awaited<ReturnType<typeof promotionOf>>;
  const send = (reply: FastifyReply, site: Site, promotion: Promotion, now: number): FastifyReply => {
    let hit = written.get(site);
    if (!hit || hit.promotion !== promotion || now >= hit.until) {
      const info = infoOf(site, promotion, now);
      const ends = [info.promotion?.endsAt, info.maintenance?.until].map((at) => (at ? Date.parse(at) : Infinity));
      hit = { promotion, json: reply.serialize(info) as string, until: Math.min(...ends) };
      written.set(site, hit);
    }
    return reply.type('application/json; charset=utf-8').send(hit.json);
  };
  route(app, e.getSiteInfo, opts, (req, reply) => {
    const site = req.site;
    const now = app.ctx.clock.nowMs();
    // The promotion at hand: answered without a promise (nearly every call).
    const known = app.sites.memoCached<Promotion>(promotionKey(site));
    if (known) {
      send(reply, site, known.value, now);
      return undefined;
    }
    return promotionOf(site, now).then((promotion) => send(reply, site, promotion, now));
  });

  // The admin's own site: which product categories it sells (isOpenV6/V4/Key), audited; every
  // instance sees the change at once (SiteResolver.invalidate NOTIFYs the others).
  route(app, e.updateProducts, admin, async (req) => {
    await updateProducts(app.ctx, req.user, req.site.id, req.body);
    app.sites.invalidate();
    const host = req.headers.host;
    const site = await app.sites.resolve(typeof host === 'string' ? host : undefined);
    const now = app.ctx.clock.nowMs();
    return infoOf(site, await promotionOf(site, now), now);
  });
}
