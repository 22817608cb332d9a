import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LOGO_MAX_BYTES, siteAdminEndpoints, siteEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { siteLogos } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { lockSite, updateSiteColumns, type Actor } from './queries.js';
import { recordSettingChanges } from './setting-changes.js';
import { caller, getSiteAdmin } from './view-sites.js';

/**
 * The image type by its first bytes (docs/wire-contract.md#sites): PNG, JPEG or WebP. Anything
 * else (SVG above all, which can carry script) is refused, whatever the client says it is.
 */
export function sniffImage(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/** The public path of a site's uploaded logo; `v` changes with the bytes, so it may be cached for long. */
export function logoPath(siteId: string, bytes: Buffer): string {
  return `/api/site/logo/${siteId}?v=${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}`;
}

/** Stores a new logo for the site and points its `logo` at it, audited like any other field. */
async function uploadLogo(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  siteId: string,
  base64: string,
): Promise<string> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > LOGO_MAX_BYTES) {
    throw new AppError('INVALID_IMAGE', { maxBytes: LOGO_MAX_BYTES });
  }
  const type = sniffImage(bytes);
  if (type === null) {
    throw new AppError('INVALID_IMAGE', { maxBytes: LOGO_MAX_BYTES });
  }
  const logo = logoPath(siteId, bytes);
  await ctx.db.transaction(async (tx) => {
    const site = await lockSite(tx, siteId);
    if (!site) {
      throw new AppError('SITE_NOT_EXISTS');
    }
    const at = ctx.clock.now();
    const data = bytes.toString('base64');
    await tx
      .insert(siteLogos)
      .values({ siteId, contentType: type, data, updatedAt: at })
      .onConflictDoUpdate({ target: siteLogos.siteId, set: { contentType: type, data, updatedAt: at } });
    await updateSiteColumns(tx, siteId, { logo });
    await recordSettingChanges(tx, at, siteId, actor, { logo: site.logo }, { logo });
  });
  return logo;
}

/** POST upload-logo/:id (an admin of that site, or the owner). */
export function uploadLogoRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, siteAdminEndpoints.uploadLogo, opts, async (req) => {
    const who = caller(req);
    // The access check first, so another site's admin learns nothing from the image checks.
    await getSiteAdmin(app.ctx, who, req.params.id);
    await uploadLogo(app.ctx, who, req.params.id, req.body.data);
    app.sites.invalidate();
    return getSiteAdmin(app.ctx, who, req.params.id);
  });
}

/** GET /api/site/logo/:id (docs/wire-contract.md#sites): its URL carries a version, so it may be cached. */
export function logoRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, siteEndpoints.logo, opts, async (req, reply) => {
    const rows = await app.ctx.db.select().from(siteLogos).where(eq(siteLogos.siteId, req.params.id)).limit(1);
    const logo = rows[0];
    if (!logo) {
      throw new AppError('NOT_FOUND');
    }
    return reply
      .type(logo.contentType)
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(logo.data, 'base64'));
  });
}
