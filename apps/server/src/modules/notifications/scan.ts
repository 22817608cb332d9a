import { LOCK_DAYS } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { quoteRenewal } from '../orders/index.js';
import { findSiteSettings } from '../site/index.js';
import { emitAlert } from './events.js';
import { vnDay, vnDayStart, type AlertItem } from './messages.js';
import {
  findFired,
  findRecentCredits,
  findRecentIpChanges,
  findRecipients,
  findSettingsOf,
  findItemsExpiring,
  rearmLowBalance,
  takeLowBalanceUsers,
  type Recipient,
  type ItemRow,
} from './repository.js';
import { effective, type Effective } from './settings.js';

/**
 * The alert sweep (jobs/alerts.ts; docs/guide.md#alerts-and-webhooks). Items are grouped by customer
 * and by the calendar day they expire on (Vietnam time). For a lead day L, the group's alert is
 * due from the start of day D−L; the sweep sends the smallest due lead not sent yet, so a
 * customer gets one message per lead day listing that day's proxies and keys. Every alert's
 * dedupe key names its event (customer, day, lead), so it goes out once however often and on how
 * many instances the sweep runs. A renewed item expires on another day and leaves the group.
 */
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

const iso = (v: Date | string) => new Date(v).toISOString();

function itemsOf(items: ItemRow[]): AlertItem[] {
  return items.map((u) => ({
    id: u.id,
    type: u.type,
    label: u.label,
    expiresAt: iso(u.expires_at),
    autoRenew: u.auto_renew,
  }));
}

interface SweepState {
  ctx: AppContext;
  settings: Map<string, Effective>;
  users: Map<string, Recipient>;
  queued: string[];
}

async function emit(st: SweepState, alert: Parameters<typeof emitAlert>[2]): Promise<void> {
  const ids = await st.ctx.db.transaction((tx) => emitAlert(st.ctx, tx, alert, st.settings.get(alert.userId)));
  st.queued.push(...ids);
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

/** The groups whose event key was not raised yet (one query), with their keys. */
async function unfired<G>(st: SweepState, groups: G[], keyOf: (g: G) => string): Promise<{ g: G; key: string }[]> {
  const keyed = groups.map((g) => ({ g, key: keyOf(g) }));
  const fired = await findFired(
    st.ctx.db,
    keyed.map((k) => k.key),
  );
  return keyed.filter((k) => !fired.has(k.key));
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

/** "Top-up credited", for credits of the last two hours (a sweep runs every minute). */
async function credits(st: SweepState): Promise<void> {
  const since = new Date(st.ctx.clock.nowMs() - 2 * 3600_000);
  for (const c of await findRecentCredits(st.ctx.db, since)) {
    await emit(st, {
      userId: c.user_id,
      type: 'topup.success',
      key: `topup.success:${c.id}`,
      data: { id: c.id, amount: c.amount, bonus: c.bonus, balance: c.balance },
    });
  }
}

/** "IP changed" (opt-in), once per proxy and change. */
async function ipChanges(st: SweepState): Promise<void> {
  const since = new Date(st.ctx.clock.nowMs() - 2 * 3600_000);
  const changes = await findRecentIpChanges(st.ctx.db, since);
  for (const { g: p, key } of await unfired(st, changes, (p) => `ip.changed:${p.id}:${iso(p.ip_changed_at)}`)) {
    const at = iso(p.ip_changed_at);
    await emit(st, {
      userId: p.user_id,
      type: 'ip.changed',
      key,
      data: { proxyId: p.id, egressIp: p.egress_ip, label: p.label, changedAt: at },
    });
  }
}

async function lowBalance(st: SweepState): Promise<void> {
  const { ctx } = st;
  const ids = await ctx.db.transaction(async (tx) => {
    const out: string[] = [];
    for (const u of await takeLowBalanceUsers(tx, ctx.clock.now())) {
      const s = effective(u.userId, (await findSettingsOf(tx, [u.userId]))[0]);
      out.push(
        ...(await emitAlert(
          ctx,
          tx,
          {
            userId: u.userId,
            type: 'balance.low',
            key: `balance.low:${u.userId}:${u.lowAlerts}`,
            data: { balance: u.balance, threshold: s.lowBalance },
          },
          s,
        )),
      );
    }
    return out;
  });
  st.queued.push(...ids);
  await rearmLowBalance(ctx.db);
}

/** One sweep; returns the outbox ids queued, for the caller to kick. */
export async function runAlertSweep(ctx: AppContext, signal?: AbortSignal): Promise<string[]> {
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
