import { randomUUID } from 'node:crypto';
import {
  ROLE,
  type TListQuery,
  type TPage,
  type TSettingChange,
  type TSiteAdmin,
  type TSiteCreate,
  type TSiteUpdate,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { SiteSettings } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { copyCatalog } from '../catalog/index.js';
import {
  countSites,
  hostsOf,
  hostsTakenElsewhere,
  insertSiteRow,
  listSettingChanges,
  listSitesPage,
  lockSite,
  replaceHosts,
  slugTaken,
  updateSiteColumns,
  writeSettingsDocument,
  type SiteColumns,
} from './admin-repository.js';
import { findSiteById, type Site } from './repository.js';
import { recordSettingChanges, type Actor } from './setting-changes.js';
import { normaliseHost, siteBranding } from './service.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** The caller as the sites admin sees it: its role and the site it belongs to. */
export interface SiteAdminCaller extends Actor {
  role: number;
  siteId: string;
}

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
function assertMayEdit(caller: SiteAdminCaller, siteId: string): void {
  if (caller.role !== ROLE.OWNER && caller.siteId !== siteId) {
    throw new AppError('SITE_NOT_EXISTS');
  }
}

export async function listSites(ctx: Ctx, q: TListQuery): Promise<TPage<TSiteAdmin>> {
  const [total, rows] = await Promise.all([
    countSites(ctx.db, q.search),
    listSitesPage(ctx.db, q.search, q.limit, (q.page - 1) * q.limit),
  ]);
  const hosts = await hostsOf(
    ctx.db,
    rows.map((s) => s.id),
  );
  return {
    items: rows.map((s) => siteAdminView(s, hosts.get(s.id) ?? [])),
    total,
    page: q.page,
    limit: q.limit,
    totalPage: Math.ceil(total / q.limit),
  };
}

export async function getSiteAdmin(ctx: Ctx, caller: SiteAdminCaller, siteId: string): Promise<TSiteAdmin> {
  assertMayEdit(caller, siteId);
  const site = await findSiteById(ctx.db, siteId);
  if (!site) {
    throw new AppError('SITE_NOT_EXISTS');
  }
  return siteAdminView(site, (await hostsOf(ctx.db, [site.id])).get(site.id) ?? []);
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
export async function createSite(ctx: Ctx, actor: Actor, body: TSiteCreate): Promise<TSiteAdmin> {
  const hosts = parseHosts(body.hosts);
  const { hosts: _h, copyCatalogFrom, slug, ...columns } = body;
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    if (!(await findSiteById(tx, copyCatalogFrom))) {
      throw new AppError('SITE_NOT_EXISTS', { copyCatalogFrom });
    }
    if (await slugTaken(tx, slug)) {
      throw new AppError('SLUG_EXISTS');
    }
    await assertHostsFree(tx, hosts, null);
    await insertSiteRow(tx, { ...columns, id, slug, settings: {} });
    await replaceHosts(tx, id, hosts);
    await copyCatalog(tx, copyCatalogFrom, id);
    const site = (await findSiteById(tx, id))!;
    await recordSettingChanges(tx, ctx.clock.now(), id, actor, {}, auditView(site, hosts));
  });
  return getSiteAdmin(ctx, { ...actor, role: ROLE.OWNER, siteId: id }, id);
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
export async function updateSite(
  ctx: Ctx,
  caller: SiteAdminCaller,
  siteId: string,
  body: TSiteUpdate,
): Promise<TSiteAdmin> {
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
      await writeSettingsDocument(tx, siteId, settings);
    }
    const after = auditView({ ...site, ...columns, settings }, hosts ?? oldHosts);
    await recordSettingChanges(tx, ctx.clock.now(), siteId, caller, auditView(site, oldHosts), after);
  });
  return getSiteAdmin(ctx, caller, siteId);
}

/** GET setting-changes: a site's audit trail (an admin its own site's only), newest first. */
export async function listSiteSettingChanges(
  ctx: Ctx,
  caller: SiteAdminCaller,
  siteId: string,
  q: TListQuery,
): Promise<TPage<TSettingChange>> {
  assertMayEdit(caller, siteId);
  const { items, total } = await listSettingChanges(ctx.db, siteId, q.search, q.limit, (q.page - 1) * q.limit);
  return {
    items: items.map((r) => ({ ...r, at: r.at.toISOString() })),
    total,
    page: q.page,
    limit: q.limit,
    totalPage: Math.ceil(total / q.limit),
  };
}
