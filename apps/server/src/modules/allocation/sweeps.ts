import { and, eq, sql, type SQL } from 'drizzle-orm';
import { LOCK_DAYS } from '@proxy/contract';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { proxies } from '../../db/schema/index.js';

/*
 * The statements of the lifecycle and ip-rotation jobs over proxies and rotating keys. Lock
 * order, as every transaction that changes an order and its items: orders (orders' lockOrderIds)
 * → keys → proxies → user row; the lifecycle job calls these in that order.
 */

/** What the lifecycle sweep changes at `now` (an ISO time, fixed for the whole sweep). */
export interface LifecycleDue {
  expireDue: SQL;
  lockDue: SQL;
}

export interface ItemOrderRow {
  order_id: string | null;
}

export interface ProxyOrderRow {
  id: string;
  order_id: string | null;
}

export function lifecycleDue(now: string): LifecycleDue {
  return {
    expireDue: sql`status = 'using' and expires_at <= ${now}`,
    lockDue: sql`status = 'expired' and expires_at + make_interval(days => coalesce((select (s.settings->>'lockDays')::int from sites s where s.id = site_id), ${LOCK_DAYS.default})) <= ${now}::timestamptz`,
  };
}

/**
 * The orders of the proxies and keys due to expire or lock, read without a lock so that they can
 * be locked first. With `now` fixed, the due items can only become fewer until they are updated.
 */
export async function findDueItemOrderIds(tx: Tx, due: LifecycleDue): Promise<string[]> {
  const { expireDue, lockDue } = due;
  const rows = await queryRows<{ order_id: string }>(
    tx,
    sql`select order_id from proxies where order_id is not null and ((${expireDue}) or (${lockDue}))
          union select order_id from rotating_keys where order_id is not null and ((${expireDue}) or (${lockDue}))`,
  );
  return rows.map((r) => r.order_id);
}

/** Whether no proxy or key is due to expire or lock: the lifecycle tick then takes no lease. */
export async function nothingDue(db: DbOrTx, due: LifecycleDue): Promise<boolean> {
  const { expireDue, lockDue } = due;
  const [row] = await queryRows<{ due: boolean }>(
    db,
    sql`select exists (select 1 from proxies where (${expireDue}) or (${lockDue}))
          or exists (select 1 from rotating_keys where (${expireDue}) or (${lockDue})) as due`,
  );
  return row?.due === false;
}

/** Keys before their listeners (proxies), as get-new-ip and renewKeys lock them. */
export async function expireDueKeys(tx: Tx, due: LifecycleDue, now: string): Promise<ItemOrderRow[]> {
  return queryRows<ItemOrderRow>(
    tx,
    sql`update rotating_keys set status = 'expired', updated_at = ${now}
          where ${due.expireDue} returning order_id`,
  );
}

export async function lockDueKeys(tx: Tx, due: LifecycleDue, now: string): Promise<ItemOrderRow[]> {
  return queryRows<ItemOrderRow>(
    tx,
    sql`update rotating_keys set status = 'locked', locked_at = ${now}, updated_at = ${now}
          where ${due.lockDue} returning order_id`,
  );
}

/** After the keys (see expireDueKeys). */
export async function expireDueProxies(tx: Tx, due: LifecycleDue, now: string): Promise<ProxyOrderRow[]> {
  return queryRows<ProxyOrderRow>(
    tx,
    sql`update proxies set status = 'expired', updated_at = ${now}
          where ${due.expireDue} returning id, order_id`,
  );
}

export async function lockDueProxies(tx: Tx, due: LifecycleDue, now: string): Promise<ProxyOrderRow[]> {
  return queryRows<ProxyOrderRow>(
    tx,
    sql`update proxies set status = 'locked', locked_at = ${now}, updated_at = ${now}
          where ${due.lockDue} returning id, order_id`,
  );
}

/**
 * Marks up to `batch` due auto-mode proxies "processing", in one statement that commits on its
 * own; rows another instance is claiming are skipped (SKIP LOCKED).
 */
export async function claimDueRotations(db: DbOrTx, now: string, batch: number): Promise<string[]> {
  const claimed = await queryRows<{ id: string }>(
    db,
    sql`update proxies set ip_change_status = 'processing', updated_at = ${now}
        where id in (
          select id from proxies
          where ip_change_mode = 'auto' and status = 'using' and expires_at > ${now}::timestamptz
            and change_interval_min is not null
            and ip_change_status <> 'processing'
            and coalesce(ip_changed_at, created_at) + make_interval(mins => change_interval_min) <= ${now}::timestamptz
          order by coalesce(ip_changed_at, created_at) limit ${batch} for update skip locked)
        returning id`,
  );
  return claimed.map((r) => r.id);
}

/** The proxies claimed for rotation, oldest claim first. */
export async function listPendingRotations(db: DbOrTx, batch: number): Promise<string[]> {
  const pending = await queryRows<{ id: string }>(
    db,
    sql`select id from proxies where ip_change_status = 'processing' order by updated_at limit ${batch}`,
  );
  return pending.map((r) => r.id);
}

/** The proxy, locked, if it is still claimed for rotation and nobody else holds it (SKIP LOCKED). */
export async function lockClaimedRotation(tx: Tx, id: string) {
  const [p] = await tx
    .select()
    .from(proxies)
    .where(and(eq(proxies.id, id), eq(proxies.ipChangeStatus, 'processing')))
    .for('update', { skipLocked: true });
  return p;
}

/** Ends a rotation claim without a new address. */
export async function setIpChangeStatus(
  tx: Tx,
  id: string,
  values: Pick<typeof proxies.$inferInsert, 'ipChangeStatus' | 'updatedAt' | 'ipChangedAt'>,
): Promise<void> {
  await tx.update(proxies).set(values).where(eq(proxies.id, id));
}
