import {
  API_RATE_LIMIT,
  LOCK_DAYS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type TMaintenance,
  type TSiteInfo,
  type TSiteProductsUpdate,
  type TSiteSettings,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { SiteSettings } from '../../db/schema/index.js';
import { lockSite } from './admin-repository.js';
import {
  findDefaultSite,
  findSiteByHost,
  findSiteById,
  mergeSiteSettings,
  updateSiteProducts,
  updateSiteTimeZone,
  type Site,
} from './repository.js';
import { recordSettingChanges, type Actor } from './setting-changes.js';

const CACHE_TTL_MS = 10_000;
/** NOTIFY channel: a site, its hosts or settings changed; every instance drops its host cache. */
export const SITE_CHANGES_CHANNEL = 'site_changes';

/**
 * Host → site, cached per instance. A change (a site created or edited, hosts moved, settings
 * saved) calls `invalidate()`, which drops this instance's cache and NOTIFYs the others, which drop
 * theirs (`follow`); CACHE_TTL_MS only bounds staleness while the listener connection is down.
 */
export class SiteResolver {
  private cache = new Map<string, { site: Site; at: number }>();
  /** Other per-site answers kept with the same lifetime (e.g. the running promotion). */
  private memos = new Map<string, { value: unknown; at: number }>();
  constructor(
    private readonly ctx: Pick<AppContext, 'db'> & { database: Pick<AppContext['database'], 'listen' | 'notify'> },
  ) {}

  /** Host header → its normalised host, for the few distinct headers a deployment sees. */
  private hosts = new Map<string, string>();

  /** `normaliseHost(raw)`, remembered per header value (every request asks with one). */
  private hostOf(raw: string | undefined): string {
    if (raw === undefined) {
      return '';
    }
    let host = this.hosts.get(raw);
    if (host === undefined) {
      host = normaliseHost(raw);
      if (this.hosts.size >= 10_000) {
        this.hosts.clear();
      }
      this.hosts.set(raw, host);
    }
    return host;
  }

  /** The site `resolve` would answer at once from the cache, or undefined when it would read it. */
  cached(rawHost: string | undefined): Site | undefined {
    const hit = this.cache.get(this.hostOf(rawHost));
    return hit && Date.now() - hit.at < CACHE_TTL_MS ? hit.site : undefined;
  }

  async resolve(rawHost: string | undefined): Promise<Site> {
    const host = this.hostOf(rawHost);
    const hit = this.cache.get(host);
    const now = Date.now();
    if (hit && now - hit.at < CACHE_TTL_MS) {
      return hit.site;
    }
    const site = (await findSiteByHost(this.ctx.db, host)) ?? (await findDefaultSite(this.ctx.db));
    if (!site) {
      throw new Error('no default site: the database was not seeded');
    }
    if (this.cache.size > 10_000) {
      this.cache.clear();
    }
    this.cache.set(host, { site, at: now });
    return site;
  }

  /** `memo(key, …)`'s answer when it is at hand without loading (in `value`), else undefined. */
  memoCached<T>(key: string): { value: T } | undefined {
    const hit = this.memos.get(key);
    return hit && Date.now() - hit.at < CACHE_TTL_MS ? (hit as { value: T }) : undefined;
  }

  /**
   * `load()`'s answer for `key`, kept like a site (until an invalidate() here or on another
   * instance, or CACHE_TTL_MS): for what every page load asks and an admin rarely changes.
   */
  async memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.memos.get(key);
    const now = Date.now();
    if (hit && now - hit.at < CACHE_TTL_MS) {
      return hit.value as T;
    }
    const value = await load();
    if (this.memos.size > 10_000) {
      this.memos.clear();
    }
    this.memos.set(key, { value, at: now });
    return value;
  }

  /** Drops the cache here and tells the other instances to drop theirs (after the change committed). */
  invalidate(): void {
    this.cache.clear();
    this.memos.clear();
    this.ctx.database.notify(SITE_CHANGES_CHANNEL, '').catch(() => undefined);
  }

  /** LISTENs for other instances' changes; a reconnect drops the cache too (notices may be lost). */
  follow(): Promise<() => Promise<void>> {
    const drop = () => {
      this.cache.clear();
      this.memos.clear();
    };
    return this.ctx.database.listen(SITE_CHANGES_CHANNEL, drop, { onResume: drop });
  }
}

export function normaliseHost(raw: string | undefined): string {
  if (!raw) {
    return '';
  }
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) {
    host = host.slice(0, host.indexOf(']') + 1);
  } else if (host.includes(':')) {
    host = host.slice(0, host.lastIndexOf(':'));
  }
  return host.replace(/\.$/, '');
}

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

/** A site's branding and flags, as both get-site-info and the sites admin show them. */
export function siteBranding(site: Site) {
  return {
    title: site.title,
    color: site.color,
    logo: site.logo,
    googlePixel: site.googlePixel,
    isOpenV6: site.isOpenV6,
    isOpenV4: site.isOpenV4,
    isOpenKey: site.isOpenKey,
    showAgencyApi: site.showAgencyApi,
    forceEnglish: site.forceEnglish,
    companyFooter: site.companyFooter,
    companyName: site.companyName,
  };
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

/** The admin-editable settings of a site, with their defaults. */
export function siteSettingsView(site: Pick<Site, 'settings' | 'timeZone'>): TSiteSettings {
  return {
    timeZone: site.timeZone,
    lockDays: site.settings.lockDays ?? LOCK_DAYS.default,
    apiRateLimitPerMin: site.settings.apiRateLimitPerMin ?? API_RATE_LIMIT.default,
    ...(site.settings.supplierRates ? { supplierRates: site.settings.supplierRates } : {}),
  };
}

/**
 * Saves part of the settings document (the lock period, the API limit, the maintenance notice:
 * docs/wire-contract.md#sites) and the time zone (a column: statistics read it per site), and
 * audits each changed key, in one transaction.
 */
export async function updateSiteSettings(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  siteId: string,
  {
    timeZone,
    ...patch
  }: Partial<Pick<SiteSettings, 'lockDays' | 'apiRateLimitPerMin' | 'maintenance' | 'supplierRates'>> & {
    timeZone?: string;
  },
): Promise<Site> {
  await ctx.db.transaction(async (tx) => {
    const site = await lockSite(tx, siteId);
    if (site && Object.keys(patch).length > 0) {
      await mergeSiteSettings(tx, siteId, patch);
      await recordSettingChanges(tx, ctx.clock.now(), siteId, actor, { ...site.settings }, patch);
    }
    if (site && timeZone !== undefined) {
      await updateSiteTimeZone(tx, siteId, timeZone);
      await recordSettingChanges(tx, ctx.clock.now(), siteId, actor, { timeZone: site.timeZone }, { timeZone });
    }
  });
  return (await findSiteById(ctx.db, siteId))!;
}

/** The products a site sells (isOpenV6/V4/Key), audited. */
export async function updateProducts(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  siteId: string,
  flags: TSiteProductsUpdate,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const site = await lockSite(tx, siteId);
    if (site) {
      await updateSiteProducts(tx, siteId, flags);
      await recordSettingChanges(tx, ctx.clock.now(), siteId, actor, site, flags);
    }
  });
}

/** A site by id, for other modules (the payments reconciler), which never reach into this repository. */
export function getSiteById(db: AppContext['db'], id: string): Promise<Site | undefined> {
  return findSiteById(db, id);
}
