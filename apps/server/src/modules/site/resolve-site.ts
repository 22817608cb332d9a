import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { siteHosts, sites } from '../../db/schema/index.js';
import type { Site } from './queries.js';

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

async function findSiteByHost(db: DbOrTx, host: string): Promise<Site | undefined> {
  const rows = await db
    .select({ site: sites })
    .from(siteHosts)
    .innerJoin(sites, eq(sites.id, siteHosts.siteId))
    .where(eq(siteHosts.host, host))
    .limit(1);
  return rows[0]?.site;
}

async function findDefaultSite(db: DbOrTx): Promise<Site | undefined> {
  const rows = await db.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
  return rows[0];
}
