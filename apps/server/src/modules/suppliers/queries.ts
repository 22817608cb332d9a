import { and, eq, sql } from 'drizzle-orm';
import type { SupplierEventKind, TSupplier } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { supplierRoutes, suppliers, supplierStock } from '../../db/schema/index.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { outboundOf } from '../../lib/outbound.js';
import type { SupplierHttp } from './clients/http.js';
import { Proxy6Client, PROXY6_CALLS_PER_SECOND, PROXY6_DEFAULT_BASE_URL } from './clients/proxy6.js';
import { accountKey, takeCall } from './call-budget.js';
import { WEBSHARE_DEFAULT_BASE_URL } from './clients/webshare.js';

/** The statements and helpers two or more of the module's use cases share. */

export type SupplierRow = typeof suppliers.$inferSelect;

export const seal = (ctx: Pick<AppContext, 'keys'>, plain: string) => encryptSecret(ctx.keys.secrets, plain);
export const unseal = (ctx: Pick<AppContext, 'keys'>, sealed: string) => decryptSecret(ctx.keys.secrets, sealed);

export function defaultBaseUrl(kind: SupplierRow['kind']): string | null {
  return kind === 'proxy6' ? PROXY6_DEFAULT_BASE_URL : kind === 'webshare' ? WEBSHARE_DEFAULT_BASE_URL : null;
}

export function supplierHttp(ctx: Pick<AppContext, 'config'>): SupplierHttp {
  return { out: outboundOf(ctx.config), timeoutMs: ctx.config.SUPPLIER_TIMEOUT_MS };
}

/**
 * How long a worker holds a supplier intent (a purchase, a renewal, a replacement) before another
 * instance may take it over: a minute of its own work and the two longest supplier calls it makes
 * in a row, so a call that takes its whole timeout cannot let a second worker in while it is on
 * its way.
 */
export function supplierLeaseMs(config: Pick<AppContext['config'], 'SUPPLIER_TIMEOUT_MS'>): number {
  return 60_000 + 2 * config.SUPPLIER_TIMEOUT_MS;
}

/**
 * The Proxy6 client of a supplier row (its key opened only here, for the call), its calls paced by
 * the account's budget shared through the database (call-budget.ts). `beforeCall` runs once the
 * call has its turn, right before it is sent (a purchase renews its lease there); when it throws,
 * the call is not sent.
 */
export function proxy6Of(
  ctx: Pick<AppContext, 'config' | 'keys' | 'db'>,
  s: SupplierRow,
  beforeCall?: () => Promise<void>,
): Proxy6Client {
  const baseUrl = s.baseUrl ?? PROXY6_DEFAULT_BASE_URL;
  const apiKey = s.apiKeySealed ? unseal(ctx, s.apiKeySealed) : '';
  const account = accountKey(ctx, baseUrl, apiKey);
  return new Proxy6Client(
    supplierHttp(ctx),
    baseUrl,
    apiKey,
    async () => {
      const done = await takeCall(ctx, account, PROXY6_CALLS_PER_SECOND, ctx.config.SUPPLIER_TIMEOUT_MS);
      try {
        await beforeCall?.();
      } catch (err) {
        await done();
        throw err;
      }
      return done;
    },
    (balance, currency) => noteBalance(ctx.db, s.id, balance, currency),
  );
}

/**
 * The balance a Proxy6 answer carried, on the supplier's row: a buy or a prolong spends it, and the
 * admin's grid should not wait for the next sync to show that. Written only when it moved.
 */
async function noteBalance(db: DbOrTx, supplierId: string, balance: number, currency: string): Promise<void> {
  await db
    .update(suppliers)
    .set({ balance, ...(currency ? { currency } : {}) })
    .where(
      and(
        eq(suppliers.id, supplierId),
        currency
          ? sql`(${suppliers.balance} is distinct from ${balance} or ${suppliers.currency} is distinct from ${currency})`
          : sql`${suppliers.balance} is distinct from ${balance}`,
      ),
    );
}

/** A supplier of the site, or NOT_FOUND (another site's supplier is not found either). */
export async function findSiteSupplier(db: DbOrTx, siteId: string, id: string, lock = false): Promise<SupplierRow> {
  const q = db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.id, id), eq(suppliers.siteId, siteId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) {
    throw new AppError('NOT_FOUND');
  }
  return row;
}

export async function findSupplierById(db: DbOrTx, id: string): Promise<SupplierRow | undefined> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id));
  return row;
}

/** How long the same alert of a supplier stays quiet after it was raised. */
const ALERT_QUIET_MS = 3_600_000;

/**
 * Appends to the supplier's history (what its admin page shows). Never a credential. An alert the
 * supplier raised with the same words within the quiet hour is not recorded again (one conditional
 * insert): auto-renew retries a refused renewal every sweep, and the admins hear of it once.
 */
export async function recordSupplierEvent(
  db: DbOrTx,
  supplierId: string,
  kind: SupplierEventKind,
  message: string,
  at: Date,
  alert?: SupplierAlertKind,
): Promise<void> {
  const words = message.slice(0, 500);
  const quiet = alert
    ? sql`where not exists (select 1 from supplier_events where supplier_id = ${supplierId}::uuid and alert = ${alert}
            and message = ${words} and created_at > ${new Date(at.getTime() - ALERT_QUIET_MS).toISOString()}::timestamptz)`
    : sql``;
  await db.execute(
    sql`insert into supplier_events (supplier_id, kind, message, created_at, alert)
        select ${supplierId}::uuid, ${kind}, ${words}, ${at.toISOString()}::timestamptz, ${alert ?? null} ${quiet}`,
  );
}

export type SupplierAlertKind = 'purchase_failed' | 'prolong_refused' | 'replacement_failed';

/** Marks the supplier in error with its own words, and records them. */
export async function recordSupplierError(
  db: DbOrTx,
  supplierId: string,
  message: string,
  at: Date,
  kind: SupplierEventKind = 'error',
  alert?: SupplierAlertKind,
): Promise<void> {
  await db
    .update(suppliers)
    .set({
      lastError: message.slice(0, 500),
      status: sql`case when ${suppliers.status} = 'disabled' then 'disabled' else 'error' end`,
      updatedAt: at,
    })
    .where(eq(suppliers.id, supplierId));
  await recordSupplierEvent(db, supplierId, kind, message, at, alert);
}

/** The admin's view of suppliers (all of a site, or one). */
export async function supplierViews(db: DbOrTx, siteId: string, onlyId?: string): Promise<TSupplier[]> {
  const rows = await db
    .select()
    .from(suppliers)
    .where(onlyId ? and(eq(suppliers.siteId, siteId), eq(suppliers.id, onlyId)) : eq(suppliers.siteId, siteId))
    .orderBy(suppliers.createdAt, suppliers.id);
  return viewsOf(db, rows);
}

/** The admin's view of these supplier rows, in their order: counts, spend and events of them only. */
export async function viewsOf(db: DbOrTx, rows: SupplierRow[]): Promise<TSupplier[]> {
  if (rows.length === 0) {
    return [];
  }
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  const counts = await queryRows<{ supplier_id: string; serving: string | number; unused: string | number }>(
    db,
    sql`select supplier_id, count(*) filter (where status = 'serving') as serving,
               count(*) filter (where status = 'free') as unused
        from upstream_proxies where supplier_id in (${ids}) group by supplier_id`,
  );
  const spend = await queryRows<{ supplier_id: string; cost: string | number }>(
    db,
    sql`select supplier_id, sum(cost) as cost from supplier_charges where supplier_id in (${ids}) group by supplier_id`,
  );
  const pool = await queryRows<{ supplier_id: string; product: 'v4' | 'v6'; country: string; n: string | number }>(
    db,
    sql`select supplier_id, product, country, count(*) as n from upstream_proxies
        where supplier_id in (${ids}) and status = 'free' group by supplier_id, product, country
        order by product, country`,
  );
  const stock = await db
    .select()
    .from(supplierStock)
    .where(sql`${supplierStock.supplierId} in (${ids})`);
  const events = await queryRows<{
    supplier_id: string;
    kind: SupplierEventKind;
    message: string;
    created_at: Date | string;
  }>(
    db,
    sql`select supplier_id, kind, message, created_at from (
          select e.*, row_number() over (partition by supplier_id order by id desc) as rn
          from supplier_events e where supplier_id in (${ids})
        ) x where rn <= 20 order by id desc`,
  );
  return rows.map((r) => {
    const c = counts.find((x) => x.supplier_id === r.id);
    const stockOf =
      r.kind === 'proxy6'
        ? stock
            .filter((s) => s.supplierId === r.id)
            .map((s) => ({ product: s.product, country: s.country, count: s.count }))
            .sort((a, b) => a.product.localeCompare(b.product) || a.country.localeCompare(b.country))
        : pool
            .filter((p) => p.supplier_id === r.id)
            .map((p) => ({ product: p.product, country: p.country, count: Number(p.n) }));
    return {
      id: r.id,
      kind: r.kind,
      name: r.name,
      baseUrl: r.baseUrl,
      status: r.status,
      balance: r.balance,
      currency: r.currency,
      stock: stockOf,
      lastSyncAt: r.lastSyncAt?.toISOString() ?? null,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      hasApiKey: r.apiKeySealed !== null,
      proxies: Number(c?.serving ?? 0),
      unused: Number(c?.unused ?? 0),
      spend: Number(spend.find((x) => x.supplier_id === r.id)?.cost ?? 0),
      safetyMarginHours: r.safetyMarginHours,
      events: events
        .filter((e) => e.supplier_id === r.id)
        .map((e) => ({ at: new Date(e.created_at).toISOString(), kind: e.kind, message: e.message })),
    };
  });
}

export async function supplierView(db: DbOrTx, siteId: string, id: string): Promise<TSupplier> {
  const [view] = await supplierViews(db, siteId, id);
  if (!view) {
    throw new AppError('NOT_FOUND');
  }
  return view;
}

/** The route of a product and country, or null (the own nodes serve). */
export async function findRoute(db: DbOrTx, siteId: string, product: 'v4' | 'v6', country: string) {
  const [row] = await db
    .select({ sources: supplierRoutes.sources })
    .from(supplierRoutes)
    .where(
      and(eq(supplierRoutes.siteId, siteId), eq(supplierRoutes.product, product), eq(supplierRoutes.country, country)),
    );
  return row?.sources ?? null;
}

/** The largest cost a coin column holds (a 32-bit integer). */
const MAX_COST = 2_147_483_647;

/**
 * What `price` in a supplier's currency costs in coins at `rate` (rateOf), per one of `count`
 * proxies: a whole number a cost column holds, whatever the supplier answered.
 */
export function coinCost(price: number, count: number, rate: number): number {
  const each = Math.round((price / count) * rate);
  return Number.isFinite(each) ? Math.min(Math.max(each, 0), MAX_COST) : 0;
}

/** Coins per unit of a currency, from the site's `supplierRates` (0 when unset). */
export async function rateOf(db: DbOrTx, siteId: string, currency: string): Promise<number> {
  const [row] = await queryRows<{ rate: string | number | null }>(
    db,
    sql`select (settings->'supplierRates'->>${currency}) as rate from sites where id = ${siteId}`,
  );
  return Number(row?.rate ?? 0) || 0;
}

/**
 * Upstream ends only move later: an answered or looked-up end never shortens a recorded one. One
 * statement for the whole batch (a prolong answers up to hundreds of ids).
 */
export async function writeUpstreamEnds(db: DbOrTx, ends: Record<string, string>, now: Date): Promise<void> {
  const entries = Object.entries(ends);
  if (entries.length === 0) {
    return;
  }
  const values = sql.join(
    entries.map(([id, end]) => sql`(${id}::uuid, ${end}::timestamptz)`),
    sql`, `,
  );
  await db.execute(
    sql`update upstream_proxies u set expires_at = greatest(coalesce(u.expires_at, v.end_at), v.end_at),
          updated_at = ${now.toISOString()}
        from (values ${values}) as v(id, end_at)
        where u.id = v.id`,
  );
}
