import { API_RATE_LIMIT, LOCK_DAYS, type TMaintenance, type TSiteInfo, type TSiteSettings } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { SiteSettings } from '../../db/schema/index.js';
import { findDefaultSite, findSiteByHost, findSiteById, mergeSiteSettings, type Site } from './repository.js';

const CACHE_TTL_MS = 10_000;

/**
 * Host → site, cached briefly per instance. A change of site settings shows on every instance
 * within CACHE_TTL_MS.
 */
export class SiteResolver {
  private cache = new Map<string, { site: Site; at: number }>();
  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  async resolve(rawHost: string | undefined): Promise<Site> {
    const host = normaliseHost(rawHost);
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

  invalidate(): void {
    this.cache.clear();
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

/** The maintenance notice while it is on (enabled, and its end time not passed), else null. */
export function activeMaintenance(settings: SiteSettings, now: Date): TMaintenance | null {
  const m = settings.maintenance;
  if (!m?.enabled || (m.until !== null && Date.parse(m.until) <= now.getTime())) {
    return null;
  }
  return { enabled: true, message: m.message, messageEng: m.messageEng, until: m.until };
}

/**
 * The site's public info. `promotion` is null here; the get-site-info route fills in the running
 * one (promotions module), which needs a query.
 */
export function siteInfo(site: Site, ctx: Pick<AppContext, 'config' | 'clock'>): TSiteInfo {
  const s = site.settings;
  const captchaProvider = ctx.config.CAPTCHA === 'off' ? 'off' : s.recaptcha?.siteKey ? 'recaptcha' : 'altcha';
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
    captcha: {
      provider: captchaProvider,
      siteKey: captchaProvider === 'recaptcha' ? (s.recaptcha?.siteKey ?? null) : null,
    },
    googleClientId: s.googleClientId ?? ctx.config.GOOGLE_CLIENT_ID ?? null,
    promotion: null,
    maintenance: activeMaintenance(s, ctx.clock.now()),
  };
}

/** The admin-editable settings of a site, with their defaults. */
export function siteSettingsView(site: Pick<Site, 'settings'>): TSiteSettings {
  return {
    lockDays: site.settings.lockDays ?? LOCK_DAYS.default,
    apiRateLimitPerMin: site.settings.apiRateLimitPerMin ?? API_RATE_LIMIT.default,
  };
}

export async function updateSiteSettings(
  ctx: Pick<AppContext, 'db'>,
  siteId: string,
  patch: Partial<TSiteSettings>,
): Promise<TSiteSettings> {
  if (Object.keys(patch).length > 0) {
    await mergeSiteSettings(ctx.db, siteId, patch);
  }
  const site = await findSiteById(ctx.db, siteId);
  return siteSettingsView(site!);
}

/** A site by id, for other modules (the payments reconciler), which never reach into this repository. */
export function getSiteById(db: AppContext['db'], id: string): Promise<Site | undefined> {
  return findSiteById(db, id);
}
