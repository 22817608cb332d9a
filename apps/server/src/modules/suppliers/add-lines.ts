import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { supplierAdminEndpoints, type TSupplierAddLinesRequest, type TSupplierAddLinesResponse } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { upstreamProxies } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isOutboundRefusal, outboundOf, publicAddressOf } from '../../lib/outbound.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { readLines } from './clients/list-lines.js';
import { findSiteSupplier, seal } from './queries.js';

/**
 * POST /api/supplier/admin/add-lines/:id (kind `list`): pasted upstream proxies join the pool,
 * unused until a customer buys. Each bad line is named with its reason; a line already in the
 * pool, or twice in the paste, counts as a duplicate.
 */

const INSERT_CHUNK = 500;

export async function insertLines(
  ctx: AppContext,
  supplierId: string,
  siteId: string,
  body: TSupplierAddLinesRequest,
): Promise<TSupplierAddLinesResponse> {
  const now = ctx.clock.now();
  const expiresAt = new Date(body.expiresAt);
  if (expiresAt <= now) {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path: 'body.expiresAt', message: 'must be in the future' }] });
  }
  const { lines, refused, duplicates: pasted } = readLines(body.lines);
  const out = outboundOf(ctx.config);
  const checked: { line: (typeof lines)[number]; exitIp: string }[] = [];
  for (const line of lines) {
    try {
      checked.push({ line, exitIp: await publicAddressOf(out, line.host) });
    } catch (err) {
      refused.push({ line: line.line, reason: isOutboundRefusal(err) ? 'private' : 'format' });
    }
  }
  const known = new Set<string>();
  for (let i = 0; i < checked.length; i += INSERT_CHUNK) {
    const keys = checked.slice(i, i + INSERT_CHUNK).map((c) => c.line.lineKey);
    const rows = await ctx.db
      .select({ lineKey: upstreamProxies.lineKey })
      .from(upstreamProxies)
      .where(
        and(
          eq(upstreamProxies.supplierId, supplierId),
          ne(upstreamProxies.status, 'retired'),
          inArray(upstreamProxies.lineKey, keys),
        ),
      );
    rows.forEach((r) => known.add(r.lineKey));
  }
  const fresh = checked.filter((c) => !known.has(c.line.lineKey));
  let added = 0;
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    const rows = await ctx.db
      .insert(upstreamProxies)
      .values(
        fresh.slice(i, i + INSERT_CHUNK).map(({ line, exitIp }) => ({
          id: randomUUID(),
          supplierId,
          siteId,
          upstreamId: null,
          lineKey: line.lineKey,
          product: body.product ?? 'v4',
          country: body.country,
          protocol: body.protocol,
          host: line.host,
          port: line.port,
          exitIp,
          usernameSealed: seal(ctx, line.username),
          passwordSealed: seal(ctx, line.password),
          expiresAt,
          cost: body.cost ?? 0,
          status: 'free' as const,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: upstreamProxies.id });
    added += rows.length;
  }
  return {
    added,
    duplicates: pasted + (fresh.length - added) + (checked.length - fresh.length),
    invalid: refused.map((r) => r.line),
    reasons: refused,
  };
}

export async function addLines(ctx: AppContext, siteId: string, id: string, body: TSupplierAddLinesRequest) {
  const s = await findSiteSupplier(ctx.db, siteId, id);
  if (s.kind !== 'list') {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path: 'params.id', message: 'only a list takes lines' }] });
  }
  return insertLines(ctx, s.id, siteId, body);
}

export function addLinesRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, supplierAdminEndpoints.addLines, { ...opts, bodyLimit: 2_000_000 }, async (req) =>
    addLines(app.ctx, req.site.id, req.params.id, req.body),
  );
}
