import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { supplierAdminEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { supplierRoutes, suppliers, supplierStock, upstreamProxies } from '../../db/schema/index.js';
import { outboundOf, publicAddressOf } from '../../lib/outbound.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { SupplierError } from './clients/http.js';
import { lineKeyOf } from './clients/list-lines.js';
import { proxy6Version } from './clients/proxy6.js';
import { listWebshareProxies, WEBSHARE_DEFAULT_BASE_URL, type WebshareProxy } from './clients/webshare.js';
import {
  findSiteSupplier,
  proxy6Of,
  recordSupplierError,
  recordSupplierEvent,
  seal,
  supplierHttp,
  supplierView,
  unseal,
  type SupplierRow,
} from './queries.js';

/**
 * POST /api/supplier/admin/sync/:id: asks the supplier for its balance and stock. Proxy6: the
 * balance, and the count on sale of every product and country the site routes to it (its calls
 * are spaced 3 a second, so the whole catalogue is not polled). Webshare: the whole pool, page by
 * page: new proxies join unused, changed credentials are taken, proxies gone upstream leave the
 * unused pool. A failure is recorded with the supplier's words and the supplier shows `error`.
 */
export async function syncSupplier(ctx: AppContext, siteId: string, id: string) {
  const s = await findSiteSupplier(ctx.db, siteId, id);
  const now = ctx.clock.now();
  try {
    if (s.kind === 'proxy6') {
      await syncProxy6(ctx, s);
    } else if (s.kind === 'webshare') {
      await syncWebshare(ctx, s);
    }
    await ctx.db
      .update(suppliers)
      .set({
        lastSyncAt: now,
        lastError: null,
        status: sql`case when ${suppliers.status} = 'disabled' then 'disabled' else 'ok' end`,
        updatedAt: now,
      })
      .where(eq(suppliers.id, s.id));
  } catch (err) {
    if (!(err instanceof SupplierError)) {
      throw err;
    }
    await recordSupplierError(ctx.db, s.id, err.supplierMessage, now);
  }
  return supplierView(ctx.db, siteId, id);
}

/**
 * A Proxy6 supplier counts stock only for the product and country pairs routed to it (its calls
 * are rate-limited), so a route save recounts just that pair for each Proxy6 supplier it put on
 * the route (one call each) and drops the count of each it took off. A refusal is recorded on the
 * supplier like a sync's; the route stays saved either way.
 */
export async function recountRoutedStock(
  ctx: AppContext,
  siteId: string,
  pair: { product: 'v4' | 'v6'; country: string },
  moved: { added: readonly string[]; removed: readonly string[] },
): Promise<void> {
  const ids = [...moved.added, ...moved.removed];
  if (ids.length === 0) {
    return;
  }
  const found = await ctx.db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.siteId, siteId), eq(suppliers.kind, 'proxy6'), inArray(suppliers.id, ids)));
  for (const s of found) {
    const where = and(
      eq(supplierStock.supplierId, s.id),
      eq(supplierStock.product, pair.product),
      eq(supplierStock.country, pair.country),
    );
    if (!moved.added.includes(s.id)) {
      await ctx.db.delete(supplierStock).where(where);
      continue;
    }
    try {
      const count = await proxy6Of(ctx, s).count(pair.country, proxy6Version(pair.product));
      await ctx.db
        .insert(supplierStock)
        .values({ supplierId: s.id, ...pair, count })
        .onConflictDoUpdate({
          target: [supplierStock.supplierId, supplierStock.product, supplierStock.country],
          set: { count },
        });
    } catch (err) {
      if (!(err instanceof SupplierError)) {
        throw err;
      }
      await recordSupplierError(ctx.db, s.id, err.supplierMessage, ctx.clock.now());
    }
  }
}

async function syncProxy6(ctx: AppContext, s: SupplierRow): Promise<void> {
  const client = proxy6Of(ctx, s);
  const routed = await ctx.db
    .select({ product: supplierRoutes.product, country: supplierRoutes.country })
    .from(supplierRoutes)
    .where(and(eq(supplierRoutes.siteId, s.siteId), sql`${supplierRoutes.sources} ? ${s.id}::text`));
  const account = await client.account();
  const counts: { product: 'v4' | 'v6'; country: string; count: number }[] = [];
  for (const r of routed) {
    counts.push({ ...r, count: await client.count(r.country, proxy6Version(r.product)) });
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(suppliers)
      .set({ balance: account.balance, currency: account.currency || null })
      .where(eq(suppliers.id, s.id));
    await tx.delete(supplierStock).where(eq(supplierStock.supplierId, s.id));
    if (counts.length > 0) {
      await tx.insert(supplierStock).values(counts.map((c) => ({ supplierId: s.id, ...c })));
    }
    await recordSupplierEvent(tx, s.id, 'synced', `balance ${account.balance} ${account.currency}`, ctx.clock.now());
  });
}

async function syncWebshare(ctx: AppContext, s: SupplierRow): Promise<void> {
  const pool = await listWebshareProxies(
    supplierHttp(ctx),
    s.baseUrl ?? WEBSHARE_DEFAULT_BASE_URL,
    s.apiKeySealed ? unseal(ctx, s.apiKeySealed) : '',
  );
  const now = ctx.clock.now();
  const { rows, seen, refused } = await poolRows(ctx, s, pool, now);

  await ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: upstreamProxies.id, lineKey: upstreamProxies.lineKey, status: upstreamProxies.status })
      .from(upstreamProxies)
      .where(and(eq(upstreamProxies.supplierId, s.id), sql`${upstreamProxies.status} <> 'retired'`));
    const have = new Map(existing.map((e) => [e.lineKey, e]));
    const gone = existing.filter((e) => e.status === 'free' && !seen.has(e.lineKey)).map((e) => e.id);
    if (gone.length > 0) {
      await tx
        .update(upstreamProxies)
        .set({ status: 'retired', updatedAt: now })
        .where(
          sql`${upstreamProxies.id} in (${sql.join(
            gone.map((g) => sql`${g}::uuid`),
            sql`, `,
          )})`,
        );
    }
    for (const r of rows) {
      const prior = have.get(r.lineKey);
      if (prior) {
        // A password changed upstream: the serving proxy dials with the new one too.
        await tx
          .update(upstreamProxies)
          .set({ passwordSealed: r.passwordSealed, country: r.country, updatedAt: now })
          .where(eq(upstreamProxies.id, prior.id));
      }
    }
    const fresh = rows.filter((r) => !have.has(r.lineKey));
    for (let i = 0; i < fresh.length; i += 500) {
      await tx
        .insert(upstreamProxies)
        .values(fresh.slice(i, i + 500))
        .onConflictDoNothing();
    }
    await recordSupplierEvent(
      tx,
      s.id,
      'synced',
      `${pool.length} proxies upstream, ${fresh.length} new, ${gone.length} gone${refused ? `, ${refused} refused (address)` : ''}`,
      now,
    );
  });
}

/** The pool's usable proxies as rows (valid, with credentials and a country, at a public address). */
async function poolRows(ctx: AppContext, s: SupplierRow, pool: WebshareProxy[], now: Date) {
  const out = outboundOf(ctx.config);
  const seen = new Set<string>();
  let refused = 0;
  const rows: (typeof upstreamProxies.$inferInsert)[] = [];
  for (const p of pool) {
    if (!p.valid || !p.username || !p.password || !/^[A-Z]{2}$/.test(p.country)) {
      continue;
    }
    let exitIp: string;
    try {
      exitIp = await publicAddressOf(out, p.host);
    } catch {
      refused++;
      continue;
    }
    const lineKey = lineKeyOf(p.host, p.port, p.username);
    seen.add(lineKey);
    rows.push({
      id: randomUUID(),
      supplierId: s.id,
      siteId: s.siteId,
      upstreamId: p.id,
      lineKey,
      product: 'v4',
      country: p.country,
      protocol: 'http',
      host: p.host,
      port: p.port,
      exitIp,
      usernameSealed: seal(ctx, p.username),
      passwordSealed: seal(ctx, p.password),
      expiresAt: null,
      cost: 0,
      status: 'free',
      createdAt: now,
      updatedAt: now,
    });
  }
  return { rows, seen, refused };
}

export function syncSupplierRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, supplierAdminEndpoints.sync, opts, async (req) => syncSupplier(app.ctx, req.site.id, req.params.id));
}
