import type { FastifyRequest } from 'fastify';
import { asc, count, desc, ilike, or, sql } from 'drizzle-orm';
import { ROLE, siteAdminEndpoints, type TListQuery, type TPage, type TSiteAdmin } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { sites } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { likePattern, mapPage, pagedSelect } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { findSiteById, hostsOf, siteBranding, type Actor, type Site } from './queries.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** The caller as the sites admin sees it: its role and the site it belongs to. */
export interface SiteAdminCaller extends Actor {
  role: number;
  siteId: string;
}

/** The caller as the sites admin sees it; a site admin belongs to the site its host selects. */
export function caller(req: Pick<FastifyRequest, 'user' | 'site'>): SiteAdminCaller {
  return { id: req.user.id, email: req.user.email, role: req.user.role, siteId: req.site.id };
}

export function siteAdminView(site: Site, hosts: string[]): TSiteAdmin {
  return {
    id: site.id,
    slug: site.slug,
    isDefault: site.isDefault,
    ...siteBranding(site),
    hosts,
    recaptchaSiteKey: site.settings.recaptcha?.siteKey ?? null,
    recaptchaSecretSet: Boolean(site.settings.recaptcha?.secretKey),
    createdAt: site.createdAt.toISOString(),
  };
}

/**
 * The site a caller may administer: the owner any site, a site admin only its own (another site's
 * id is SITE_NOT_EXISTS, as if there were none).
 */
export function assertMayEdit(caller: SiteAdminCaller, siteId: string): void {
  if (caller.role !== ROLE.OWNER && caller.siteId !== siteId) {
    throw new AppError('SITE_NOT_EXISTS');
  }
}

function siteSearch(search: string) {
  if (search === '') {
    return undefined;
  }
  const like = likePattern(search);
  return or(
    ilike(sites.title, like),
    ilike(sites.slug, like),
    sql`exists (select 1 from site_hosts h where h.site_id = ${sites.id} and h.host ilike ${like})`,
  );
}

/** A page of sites, the default first, then by creation; `search` in the title, slug or a host. */
async function listSites(ctx: Ctx, q: TListQuery): Promise<TPage<TSiteAdmin>> {
  const where = siteSearch(q.search);
  const p = await pagedSelect(
    ctx.db.select().from(sites).where(where).orderBy(desc(sites.isDefault), asc(sites.createdAt), asc(sites.slug)),
    ctx.db.select({ n: count() }).from(sites).where(where),
    q.page,
    q.limit,
  );
  const hosts = await hostsOf(
    ctx.db,
    p.items.map((s) => s.id),
  );
  return mapPage(p, (s) => siteAdminView(s, hosts.get(s.id) ?? []));
}

export async function getSiteAdmin(ctx: Ctx, caller: SiteAdminCaller, siteId: string): Promise<TSiteAdmin> {
  assertMayEdit(caller, siteId);
  const site = await findSiteById(ctx.db, siteId);
  if (!site) {
    throw new AppError('SITE_NOT_EXISTS');
  }
  return siteAdminView(site, (await hostsOf(ctx.db, [site.id])).get(site.id) ?? []);
}

/** GET list-site (owner), my-site and detail-site/:id. */
export function viewSitesRoutes(app: RouteApp, opts: RouteOptions, owner: RouteOptions): void {
  const e = siteAdminEndpoints;
  route(app, e.listSite, owner, async (req) => listSites(app.ctx, req.query));
  route(app, e.mySite, opts, async (req) => getSiteAdmin(app.ctx, caller(req), req.site.id));
  route(app, e.detailSite, opts, async (req) => getSiteAdmin(app.ctx, caller(req), req.params.id));
}
