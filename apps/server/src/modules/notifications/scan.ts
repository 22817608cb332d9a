import { LOCK_DAYS } from '@proxy/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { quoteRenewal } from '../orders/index.js';
import { findSiteSettings } from '../site/index.js';
import { credits, ipChanges, lowBalance } from './account-alerts.js';
import { vnDay, vnDayStart, type AlertItem } from './messages.js';
import { effective, findRecipients, findSettingsOf } from './queries.js';
import { emit, findFired, iso, unfired, type SweepState } from './sweep.js';

/**
 * The alert sweep (jobs/alerts.ts; docs/guide.md#alerts-and-webhooks). Items are grouped by customer
 * and by the calendar day they expire on (Vietnam time). For a lead day L, the group's alert is
 * due from the start of day D−L; the sweep sends the smallest due lead not sent yet, so a
 * customer gets one message per lead day listing that day's proxies and keys. Every alert's
 * dedupe key names its event (customer, day, lead), so it goes out once however often and on how
 * many instances the sweep runs. A renewed item expires on another day and leaves the group.
 */
/** A proxy or key as the sweep sees it. */
interface ItemRow {
  id: string;
  type: 'proxy' | 'key';
  user_id: string;
  order_id: string | null;
  label: string;
  status: 'using' | 'expired' | 'locked';
  expires_at: Date | string;
  auto_renew: boolean;
  created_at: Date | string;
}

/**
 * Standalone proxies and keys of a status expiring in [from, to) (a key's listeners follow their
 * key). Read-only: the items belong to the supply and orders modules.
 */
async function findItemsExpiring(
  db: DbOrTx,
  statuses: ('using' | 'expired')[],
  from: Date,
  to: Date,
): Promise<ItemRow[]> {
  const a = from.toISOString();
  const b = to.toISOString();
  const status = sql`(${sql.join(
    statuses.map((st) => sql`${st}`),
    sql`, `,
  )})`;
  return queryRows<ItemRow>(
    db,
    sql`select id, 'proxy' as type, user_id, order_id, egress_ip || ':' || port as label, status, expires_at, auto_renew, created_at
          from proxies where status in ${status} and key_id is null and expires_at >= ${a} and expires_at < ${b}
        union all
        select id, 'key' as type, user_id, order_id, 'key ' || left(key, 8) || '…' as label, status, expires_at, auto_renew, created_at
          from rotating_keys where status in ${status} and expires_at >= ${a} and expires_at < ${b}
        order by expires_at, id`,
  );
}

const DAY_MS = 24 * 3600_000;
const MAX_LEAD_MS = 31 * DAY_MS;

type Group = { userId: string; day: string; items: ItemRow[] };

function groupByUserDay(rows: ItemRow[]): Group[] {
  const groups = new Map<string, Group>();
  for (const r of rows) {
    const day = vnDay(r.expires_at);
    const k = `${r.user_id}:${day}`;
    const g = groups.get(k) ?? { userId: r.user_id, day, items: [] };
    g.items.push(r);
    groups.set(k, g);
  }
  return [...groups.values()];
}

function itemsOf(items: ItemRow[]): AlertItem[] {
  return items.map((u) => ({
    id: u.id,
    type: u.type,
    label: u.label,
    expiresAt: iso(u.expires_at),
    autoRenew: u.auto_renew,
  }));
}

/** What the coming auto-renewals up to the end of `day` cost, per order, priced now. */
async function autoRenewCost(ctx: AppContext, userId: string, items: ItemRow[]): Promise<number> {
  const perOrder = new Map<string, number>();
  for (const u of items) {
    if (u.auto_renew && u.order_id) {
      perOrder.set(u.order_id, (perOrder.get(u.order_id) ?? 0) + 1);
    }
  }
  let cost = 0;
  for (const [orderId, count] of perOrder) {
    cost += (await ctx.db.transaction((tx) => quoteRenewal(tx, userId, orderId, count))) ?? 0;
  }
  return cost;
}

async function expiring(st: SweepState, all: ItemRow[]): Promise<void> {
  const now = st.ctx.clock.nowMs();
  const today = vnDay(new Date(now));
  const due = groupByUserDay(all).flatMap((g) => {
    const start = vnDayStart(g.day).getTime();
    const leads = st.settings.get(g.userId)!.leadDays.filter((l) => g.day > today && start - l * DAY_MS <= now);
    if (leads.length === 0) {
      return [];
    }
    const lead = Math.min(...leads);
    // Bought after the lead point, the expiry was known at purchase: no reminder for that lead.
    const items = g.items.filter((u) => new Date(u.created_at).getTime() <= start - lead * DAY_MS);
    return items.length === 0 ? [] : [{ ...g, items, lead }];
  });
  for (const { g, key } of await unfired(st, due, (g) => `expiring:${g.userId}:${g.day}:${g.lead}`)) {
    const lead = g.lead;
    const items = itemsOf(g.items);
    await emit(st, {
      userId: g.userId,
      type: 'proxy.expiring',
      key,
      data: {
        ids: items.map((i) => i.id),
        expiresAt: items[0]!.expiresAt,
        autoRenew: items.every((i) => i.autoRenew),
        leadDays: lead,
        items,
      },
    });
    await shortfall(st, g, all);
  }
}

/** "Auto-renew will fail": once per expiry day, when the balance cannot cover the renewals due by then. */
async function shortfall(st: SweepState, g: Group, all: ItemRow[]): Promise<void> {
  if (!g.items.some((u) => u.auto_renew) || (await findFired(st.ctx.db, [`shortfall:${g.userId}:${g.day}`])).size > 0) {
    return;
  }
  const user = st.users.get(g.userId);
  const upTo = all.filter((u) => u.user_id === g.userId && vnDay(u.expires_at) <= g.day);
  const cost = await autoRenewCost(st.ctx, g.userId, upTo);
  if (!user || cost <= user.balance) {
    return;
  }
  await emit(st, {
    userId: g.userId,
    type: 'renew.failed',
    key: `shortfall:${g.userId}:${g.day}`,
    data: {
      ahead: true,
      orderIds: [...new Set(upTo.filter((u) => u.auto_renew).map((u) => u.order_id))],
      cost,
      balance: user.balance,
      short: cost - user.balance,
      expiresAt: iso(g.items[0]!.expires_at),
    },
  });
}

async function expired(st: SweepState, rows: ItemRow[]): Promise<void> {
  for (const { g, key } of await unfired(st, groupByUserDay(rows), (g) => `expired:${g.userId}:${g.day}`)) {
    const items = itemsOf(g.items);
    await emit(st, {
      userId: g.userId,
      type: 'proxy.expired',
      key,
      data: { ids: items.map((i) => i.id), expiredAt: items[0]!.expiresAt, items },
    });
  }
}

/** Expired items whose lock (expiry + the site's lock period) comes within a day. */
async function lockingSoon(st: SweepState, rows: ItemRow[]): Promise<void> {
  const now = st.ctx.clock.nowMs();
  const lockDays = new Map<string, number>();
  for (const u of st.users.values()) {
    if (!lockDays.has(u.siteId)) {
      lockDays.set(u.siteId, (await findSiteSettings(st.ctx.db, u.siteId))?.lockDays ?? LOCK_DAYS.default);
    }
  }
  const soon = rows.filter((r) => {
    const site = st.users.get(r.user_id)?.siteId;
    const lockAt = new Date(r.expires_at).getTime() + (lockDays.get(site ?? '') ?? LOCK_DAYS.default) * DAY_MS;
    return lockAt > now && lockAt - now <= DAY_MS;
  });
  for (const { g, key } of await unfired(st, groupByUserDay(soon), (g) => `locking:${g.userId}:${g.day}`)) {
    const items = itemsOf(g.items);
    const site = st.users.get(g.userId)!.siteId;
    const lockAt = new Date(new Date(items[0]!.expiresAt).getTime() + lockDays.get(site)! * DAY_MS).toISOString();
    await emit(st, {
      userId: g.userId,
      type: 'proxy.locking',
      key,
      data: { ids: items.map((i) => i.id), lockAt, items },
    });
  }
}

/** One sweep; returns the outbox ids queued, for the caller to kick. */
async function runAlertSweep(ctx: AppContext, signal?: AbortSignal): Promise<string[]> {
  const now = ctx.clock.now();
  const coming = await findItemsExpiring(ctx.db, ['using'], now, new Date(now.getTime() + MAX_LEAD_MS));
  // Past their expiry, whether or not the lifecycle job has marked them yet.
  const gone = await findItemsExpiring(
    ctx.db,
    ['using', 'expired'],
    new Date(now.getTime() - LOCK_DAYS.max * DAY_MS),
    now,
  );
  const userIds = [...new Set([...coming, ...gone].map((u) => u.user_id))];
  const rows = await findSettingsOf(ctx.db, userIds);
  const settings = new Map(
    userIds.map((id) => [
      id,
      effective(
        id,
        rows.find((r) => r.userId === id),
      ),
    ]),
  );
  const users = new Map((await findRecipients(ctx.db, userIds)).map((u) => [u.id, u]));
  const st: SweepState = { ctx, settings, users, queued: [] };
  await expiring(
    st,
    coming.filter((u) => users.has(u.user_id)),
  );
  if (!signal?.aborted) {
    // Just expired (the last two days): one message per customer and expiry day.
    await expired(
      st,
      gone.filter((u) => users.has(u.user_id) && now.getTime() - new Date(u.expires_at).getTime() < 2 * DAY_MS),
    );
    await lockingSoon(
      st,
      gone.filter((u) => users.has(u.user_id)),
    );
  }
  await credits(st);
  await ipChanges(st);
  await lowBalance(st);
  return st.queued;
}

/**
 * The alert sweep (jobs/alerts.ts). Its messages are left to the outbox job: a sweep that raised
 * many alerts does not wait on the mail server.
 */
export async function runAlerts(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  return (await runAlertSweep(ctx, signal)).length;
}
