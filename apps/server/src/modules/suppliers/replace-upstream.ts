import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type Tx } from '../../db/client.js';
import { supplierReplacements, upstreamProxies } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { SupplierError } from './clients/http.js';
import { lineKeyOf } from './clients/list-lines.js';
import { PROXY6_MIN_DAYS, PROXY6_NO_MONEY, proxy6Version, type Proxy6Proxy } from './clients/proxy6.js';
import {
  coinCost,
  findSupplierById,
  proxy6Of,
  rateOf,
  recordSupplierEvent,
  seal,
  supplierLeaseMs,
  type SupplierRow,
} from './queries.js';

/**
 * Replacing an upstream proxy that failed its health checks (health.ts) from its own source, with
 * the customer's host, port and credentials unchanged: a pool (list, webshare) gives another free
 * proxy of the same product and country in one transaction; Proxy6 buys one for the customer's
 * remaining time plus the safety margin, after commit, from a replacement intent whose id is the
 * purchase's `descr`. The swap itself is one transaction: the old row retired, the new one serving
 * the same proxy, the proxy's exit address updated, a node change recorded (the gateway then
 * chains through the new upstream), the customer's audit trail and the supplier's events written.
 * A replacement that cannot be had alerts the site's admins, and is tried again an hour later.
 */

type Replacement = typeof supplierReplacements.$inferSelect;

const DAY_MS = 86_400_000;
/** Unanswered Proxy6 calls before the replacement is given up and alerted. */
const MAX_ATTEMPTS = 3;
/**
 * A replacement given up is tried again this long after (the admin may have added pool proxies or
 * money meanwhile) while its upstream keeps failing; at most one alert per interval follows.
 */
const RETRY_FAILED_MS = 3_600_000;

type Serving = {
  id: string;
  proxy_id: string;
  supplier_id: string;
  site_id: string;
  product: 'v4' | 'v6';
  country: string;
  protocol: 'http' | 'socks5';
  user_id: string;
  expires_at: Date | string;
};

async function findServing(
  db: AppContext['db'] | Tx,
  upstreamRowId: string,
  lock = false,
): Promise<Serving | undefined> {
  const [row] = await queryRows<Serving>(
    db,
    sql`select u.id, u.proxy_id, u.supplier_id, u.site_id, u.product, u.country, u.protocol, p.user_id, p.expires_at
        from upstream_proxies u join proxies p on p.id = u.proxy_id
        where u.id = ${upstreamRowId}::uuid and u.status = 'serving' ${lock ? sql`for update of u` : sql``}`,
  );
  return row;
}

/** Starts (once per failing row, again an hour after it failed) and works the replacement of a serving upstream row. */
export async function replaceUpstream(ctx: AppContext, upstreamRowId: string): Promise<void> {
  const u = await findServing(ctx.db, upstreamRowId);
  if (!u) {
    return;
  }
  const now = ctx.clock.now();
  await ctx.db
    .insert(supplierReplacements)
    .values({
      id: randomUUID(),
      upstreamRowId,
      proxyId: u.proxy_id,
      supplierId: u.supplier_id,
      siteId: u.site_id,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  // Attempts are kept: a retried Proxy6 replacement looks up what an unanswered call bought first.
  await ctx.db
    .update(supplierReplacements)
    .set({ status: 'pending', leaseUntil: null, updatedAt: now })
    .where(
      sql`${supplierReplacements.upstreamRowId} = ${upstreamRowId} and ${supplierReplacements.status} = 'failed'
          and ${supplierReplacements.updatedAt} <= ${new Date(now.getTime() - RETRY_FAILED_MS).toISOString()}`,
    );
  const [it] = await ctx.db
    .select()
    .from(supplierReplacements)
    .where(sql`${supplierReplacements.upstreamRowId} = ${upstreamRowId}`);
  if (it) {
    await workReplacement(ctx, it.id);
  }
}

/** The sweep's part: replacements left pending by a crash or an unanswered call. */
export async function runDueReplacements(ctx: AppContext): Promise<void> {
  const due = await queryRows<{ id: string }>(
    ctx.db,
    sql`select id from supplier_replacements where status = 'pending'
        and (lease_until is null or lease_until < ${ctx.clock.now().toISOString()}) order by created_at limit 50`,
  );
  for (const { id } of due) {
    await workReplacement(ctx, id);
  }
}

async function claim(ctx: AppContext, id: string): Promise<Replacement | undefined> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(supplierReplacements)
    .set({
      leaseUntil: new Date(now.getTime() + supplierLeaseMs(ctx.config)),
      attempts: sql`${supplierReplacements.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      sql`${supplierReplacements.id} = ${id} and ${supplierReplacements.status} = 'pending'
          and (${supplierReplacements.leaseUntil} is null or ${supplierReplacements.leaseUntil} < ${now.toISOString()})`,
    )
    .returning();
  return row;
}

async function workReplacement(ctx: AppContext, id: string): Promise<void> {
  const it = await claim(ctx, id);
  if (!it) {
    return;
  }
  const s = await findSupplierById(ctx.db, it.supplierId);
  if (!s) {
    await giveUp(ctx, it, undefined, 'supplier deleted');
    return;
  }
  if (s.kind === 'proxy6') {
    await replaceFromProxy6(ctx, it, s);
    return;
  }
  const done = await ctx.db.transaction(async (tx) => {
    const u = await findServing(tx, it.upstreamRowId, true);
    if (!u) {
      await finish(tx, it.id, 'done', 'no longer serving', ctx.clock.now());
      return true;
    }
    const [free] = await queryRows<{ id: string }>(
      tx,
      sql`select id from upstream_proxies where supplier_id = ${s.id} and status = 'free' and product = ${u.product}
            and country = ${u.country} and (expires_at is null or expires_at >= ${new Date(u.expires_at).toISOString()})
          order by created_at, id limit 1 for update skip locked`,
    );
    if (!free) {
      return false;
    }
    await swap(ctx, tx, it, u, free.id, s);
    return true;
  });
  if (!done) {
    await giveUp(ctx, it, s, 'no free pool proxy of that country');
  }
}

async function replaceFromProxy6(ctx: AppContext, it: Replacement, s: SupplierRow): Promise<void> {
  const u = await findServing(ctx.db, it.upstreamRowId);
  if (!u) {
    await ctx.db.transaction((tx) => finish(tx, it.id, 'done', 'no longer serving', ctx.clock.now()));
    return;
  }
  const client = proxy6Of(ctx, s);
  const left = new Date(u.expires_at).getTime() - ctx.clock.nowMs();
  const period = Math.max(PROXY6_MIN_DAYS, Math.ceil((left + s.safetyMarginHours * 3600_000) / DAY_MS));
  let got: Proxy6Proxy | undefined;
  let cost = 0;
  try {
    // A retried replacement may have bought before its answer was lost: look it up first.
    got = it.attempts > 1 ? (await client.byDescr(it.id))[0] : undefined;
    if (!got) {
      const r = await client.buy({
        count: 1,
        period,
        country: u.country,
        version: proxy6Version(u.product),
        protocol: u.protocol,
        descr: it.id,
      });
      got = r.proxies[0];
      cost = coinCost(r.price, 1, await rateOf(ctx.db, u.site_id, r.currency));
    }
  } catch (err) {
    if (!(err instanceof SupplierError)) {
      throw err;
    }
    if (err.ambiguous && it.attempts < MAX_ATTEMPTS) {
      await ctx.db
        .update(supplierReplacements)
        .set({ leaseUntil: null, lastError: err.supplierMessage.slice(0, 500) })
        .where(sql`${supplierReplacements.id} = ${it.id}`);
      return;
    }
    const noMoney = err.kind === 'refused' && err.errorId === PROXY6_NO_MONEY;
    await giveUp(
      ctx,
      it,
      s,
      noMoney ? `ADMIN_ERROR: out of proxy credits (${err.supplierMessage})` : err.supplierMessage,
    );
    return;
  }
  if (!got || (got.country !== '' && got.country !== u.country.toLowerCase())) {
    await giveUp(
      ctx,
      it,
      s,
      got ? `answered country ${got.country.toUpperCase()} for ${u.country}` : 'answered no proxy',
    );
    return;
  }
  const bought = got;
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const newId = await insertBought(ctx, tx, s, u, bought, cost);
    const still = await findServing(tx, it.upstreamRowId, true);
    if (!still) {
      // The customer's proxy went away meanwhile: the bought one stays in the account's pool.
      await finish(tx, it.id, 'done', 'no longer serving', now);
      return;
    }
    await swap(ctx, tx, it, still, newId, s);
  });
}

/** The bought replacement, recorded free until the swap takes it. */
async function insertBought(ctx: AppContext, tx: Tx, s: SupplierRow, u: Serving, bought: Proxy6Proxy, cost: number) {
  const now = ctx.clock.now();
  const newId = randomUUID();
  await tx.insert(upstreamProxies).values({
    id: newId,
    supplierId: s.id,
    siteId: u.site_id,
    upstreamId: bought.id,
    lineKey: lineKeyOf(bought.host, bought.port, bought.user),
    product: u.product,
    country: u.country,
    protocol: bought.protocol,
    host: bought.host,
    port: bought.port,
    exitIp: bought.ip,
    usernameSealed: bought.user ? seal(ctx, bought.user) : null,
    passwordSealed: bought.pass ? seal(ctx, bought.pass) : null,
    expiresAt: bought.expiresAt,
    cost,
    status: 'free',
    createdAt: now,
    updatedAt: now,
  });
  return newId;
}

/** The old upstream retired, the new one serving the same customer proxy: one transaction. */
async function swap(ctx: AppContext, tx: Tx, it: Replacement, old: Serving, newId: string, s: SupplierRow) {
  const now = ctx.clock.now();
  const at = now.toISOString();
  await tx.execute(sql`update upstream_proxies set status = 'retired', updated_at = ${at} where id = ${old.id}::uuid`);
  const [neu] = await queryRows<{ exit_ip: string }>(
    tx,
    sql`update upstream_proxies set status = 'serving', proxy_id = ${old.proxy_id}::uuid, failures = 0, checked_at = ${at},
          updated_at = ${at} where id = ${newId}::uuid returning exit_ip`,
  );
  await tx.execute(sql`update proxies set egress_ip = ${neu!.exit_ip}, updated_at = ${at} where id = ${old.proxy_id}`);
  await recordProxyChanges(tx, [old.proxy_id]);
  await recordAudit(ctx, tx, {
    userId: old.user_id,
    action: 'proxy.ip-change',
    targetType: 'proxy',
    targetIds: [old.proxy_id],
    detail: { reason: 'upstream-replaced', supplier: s.name, egressIp: neu!.exit_ip },
  });
  await recordSupplierEvent(tx, s.id, 'replaced', `${old.product} ${old.country}: failing upstream replaced`, now);
  await finish(tx, it.id, 'done', null, now);
}

async function finish(tx: Tx, id: string, status: 'done' | 'failed', error: string | null, now: Date) {
  await tx
    .update(supplierReplacements)
    .set({ status, lastError: error?.slice(0, 500) ?? null, leaseUntil: null, updatedAt: now })
    .where(sql`${supplierReplacements.id} = ${id}`);
}

/** No replacement: the failing upstream keeps serving as it can, and the admins are alerted once. */
async function giveUp(ctx: AppContext, it: Replacement, s: SupplierRow | undefined, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await finish(tx, it.id, 'failed', reason, now);
    if (s) {
      await recordSupplierEvent(tx, s.id, 'error', `replacement failed: ${reason}`, now, 'replacement_failed');
    }
  });
}
