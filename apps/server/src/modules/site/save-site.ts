import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { ROLE, siteAdminEndpoints, type TSiteAdmin, type TSiteCreate, type TSiteUpdate } from '@proxy/contract';
import { copyCatalog } from '../catalog/index.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { siteHosts, sites, type SiteSettings } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import {
  findSiteById,
  hostsOf,
  lockSite,
  updateSiteColumns,
  writeSiteSettings,
  type Site,
  type SiteColumns,
  type Actor,
} from './queries.js';
import { normaliseHost } from './resolve-site.js';
import { recordSettingChanges } from './setting-changes.js';
import { assertMayEdit, caller, getSiteAdmin, type SiteAdminCaller } from './view-sites.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** docs/wire-contract.md#sites: lowercase, no port, no trailing dot, a valid host name or IPv4. */
export function parseHost(raw: string): string {
  const host = normaliseHost(raw);
  const v4 = IPV4.exec(host);
  const valid = v4
    ? v4.slice(1).every((n) => Number(n) <= 255)
    : host.length <= 253 && host.split('.').every((label) => LABEL.test(label)) && !/^[\d.]+$/.test(host);
  if (!valid || raw.includes('/') || raw.includes('@')) {
    throw new AppError('INVALID_HOST', { host: raw });
  }
  return host;
}

/** Normalised, without duplicates; INVALID_HOST names the first bad one. */
export function parseHosts(raw: string[]): string[] {
  return [...new Set(raw.map(parseHost))];
}

/** Which of these hosts already select a site other than `exceptSiteId`. */
async function hostsTakenElsewhere(db: DbOrTx, hosts: string[], exceptSiteId: string | null): Promise<string[]> {
  if (hosts.length === 0) {
    return [];
  }
  const rows = await db
    .select({ host: siteHosts.host, siteId: siteHosts.siteId })
    .from(siteHosts)
    .where(inArray(siteHosts.host, hosts));
  return rows.filter((r) => r.siteId !== exceptSiteId).map((r) => r.host);
}

async function assertHostsFree(db: Ctx['db'], hosts: string[], siteId: string | null): Promise<void> {
  const taken = await hostsTakenElsewhere(db, hosts, siteId);
  if (taken.length > 0) {
    throw new AppError('HOST_EXISTS', { hosts: taken });
  }
}

/** The audited view of a site: its columns, hosts and captcha keys (the secret only as "set"). */
function auditView(site: Site, hosts: string[]): Record<string, unknown> {
  const { id: _id, slug: _slug, isDefault: _d, settings, createdAt: _c, ...columns } = site;
  return {
    ...columns,
    hosts: hosts.join(', '),
    recaptchaSiteKey: settings.recaptcha?.siteKey ?? null,
    recaptchaSecretKey: settings.recaptcha?.secretKey ?? null,
  };
}

/** POST create-site (owner): the site, its hosts and a copy of another site's catalogue, at once. */
async function createSite(ctx: Ctx, actor: Actor, body: TSiteCreate): Promise<TSiteAdmin> {
  const hosts = parseHosts(body.hosts);
  const { hosts: _h, copyCatalogFrom, slug, ...columns } = body;
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    if (!(await findSiteById(tx, copyCatalogFrom))) {
      throw new AppError('SITE_NOT_EXISTS', { copyCatalogFrom });
    }
    if ((await tx.select({ id: sites.id }).from(sites).where(eq(sites.slug, slug)).limit(1)).length > 0) {
      throw new AppError('SLUG_EXISTS');
    }
    await assertHostsFree(tx, hosts, null);
    await tx.insert(sites).values({ ...columns, id, slug, settings: {} });
    await replaceHosts(tx, id, hosts);
    await copyCatalog(tx, copyCatalogFrom, id);
    const site = (await findSiteById(tx, id))!;
    await recordSettingChanges(tx, ctx.clock.now(), id, actor, {}, auditView(site, hosts));
  });
  return getSiteAdmin(ctx, { ...actor, role: ROLE.OWNER, siteId: id }, id);
}

/** Replaces a site's hosts (the caller has checked that none selects another site). */
async function replaceHosts(tx: DbOrTx, siteId: string, hosts: string[]): Promise<void> {
  await tx.delete(siteHosts).where(eq(siteHosts.siteId, siteId));
  await tx.insert(siteHosts).values(hosts.map((host) => ({ host, siteId })));
}

function settingsWithCaptcha(settings: SiteSettings, recaptcha: TSiteUpdate['recaptcha']): SiteSettings {
  if (recaptcha === undefined) {
    return settings;
  }
  if (recaptcha === null) {
    return { ...settings, recaptcha: null };
  }
  const secretKey = recaptcha.secretKey ?? settings.recaptcha?.secretKey;
  if (!secretKey) {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path: ['recaptcha', 'secretKey'], message: 'Required' }] });
  }
  return { ...settings, recaptcha: { siteKey: recaptcha.siteKey, secretKey } };
}

/**
 * PUT update-site/:id: branding, flags, footer and captcha keys; hosts only for the owner (a site
 * admin sending hosts gets FORBIDDEN). Every changed field is audited in the same transaction.
 */
async function updateSite(ctx: Ctx, caller: SiteAdminCaller, siteId: string, body: TSiteUpdate): Promise<TSiteAdmin> {
  assertMayEdit(caller, siteId);
  const { hosts: rawHosts, recaptcha, ...columns } = body;
  if (rawHosts !== undefined && caller.role !== ROLE.OWNER) {
    throw new AppError('FORBIDDEN');
  }
  const hosts = rawHosts === undefined ? undefined : parseHosts(rawHosts);
  await ctx.db.transaction(async (tx) => {
    const site = await lockSite(tx, siteId);
    if (!site) {
      throw new AppError('SITE_NOT_EXISTS');
    }
    const oldHosts = (await hostsOf(tx, [siteId])).get(siteId) ?? [];
    if (hosts !== undefined) {
      await assertHostsFree(tx, hosts, siteId);
      await replaceHosts(tx, siteId, hosts);
    }
    const settings = settingsWithCaptcha(site.settings, recaptcha);
    await updateSiteColumns(tx, siteId, columns satisfies SiteColumns);
    if (settings !== site.settings) {
      await writeSiteSettings(tx, siteId, settings);
    }
    const after = auditView({ ...site, ...columns, settings }, hosts ?? oldHosts);
    await recordSettingChanges(tx, ctx.clock.now(), siteId, caller, auditView(site, oldHosts), after);
  });
  return getSiteAdmin(ctx, caller, siteId);
}

/** POST create-site (owner) and PUT update-site/:id; every change drops the host cache everywhere. */
export function saveSiteRoutes(app: RouteApp, opts: RouteOptions, owner: RouteOptions): void {
  const e = siteAdminEndpoints;
  route(app, e.createSite, owner, async (req) => {
    const site = await createSite(app.ctx, caller(req), req.body);
    app.sites.invalidate();
    return site;
  });
  route(app, e.updateSite, opts, async (req) => {
    const site = await updateSite(app.ctx, caller(req), req.params.id, req.body);
    app.sites.invalidate();
    return site;
  });
}
