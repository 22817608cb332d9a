import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { emitAlert } from './events.js';
import { effective, findSettingsOf } from './queries.js';
import { emit, iso, unfired, type SweepState } from './sweep.js';

/** The sweep's alerts on an account rather than on expiring items: top-ups, IP changes, a low balance. */

/**
 * Top-ups credited since `since` whose alert was not queued yet (read-only: the rows belong to
 * payments). A credit is final, so its alert, keyed by the top-up, is queued once.
 */
async function findRecentCredits(
  db: DbOrTx,
  since: Date,
): Promise<{ id: string; user_id: string; amount: number; bonus: number; balance: number }[]> {
  const rows = await queryRows<{ id: string; user_id: string; amount: string; bonus: string; balance: string }>(
    db,
    sql`select t.id, t.user_id, t.amount, t.bonus, u.balance from topups t join users u on u.id = t.user_id
         where t.credited_at is not null and t.credited_at > ${since.toISOString()} and t.status = 'success'
           and not exists (select 1 from notify_fired f where f.key = 'topup.success:' || t.id)
         order by t.credited_at limit 500`,
  );
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    amount: Number(r.amount),
    bonus: Number(r.bonus),
    balance: Number(r.balance),
  }));
}

/** Proxies whose IP changed since `since`, of customers who opted in to ip.changed (read-only). */
async function findRecentIpChanges(
  db: DbOrTx,
  since: Date,
): Promise<{ id: string; user_id: string; egress_ip: string; label: string; ip_changed_at: Date | string }[]> {
  return queryRows(
    db,
    sql`select p.id, p.user_id, p.egress_ip, p.egress_ip || ':' || p.port as label, p.ip_changed_at
          from notify_settings s join proxies p on p.user_id = s.user_id
         where s.events @> '["ip.changed"]'::jsonb and p.ip_changed_at > ${since.toISOString()}
         order by p.ip_changed_at limit 1000`,
  );
}

/**
 * Low balance, at most once per crossing: marks the users below their threshold not yet alerted
 * and returns them (one conditional statement, so two sweeps cannot both take a user).
 */
async function takeLowBalanceUsers(
  db: DbOrTx,
  at: Date,
): Promise<{ userId: string; balance: number; lowAlerts: number }[]> {
  const rows = await queryRows<{ user_id: string; balance: string | number; low_alerts: number }>(
    db,
    sql`update notify_settings s set low_alerted_at = ${at.toISOString()}, low_alerts = s.low_alerts + 1
          from users u
         where u.id = s.user_id and s.low_balance is not null and s.low_alerted_at is null and u.balance < s.low_balance
        returning s.user_id, u.balance, s.low_alerts`,
  );
  return rows.map((r) => ({ userId: r.user_id, balance: Number(r.balance), lowAlerts: r.low_alerts }));
}

/** A balance back at or above its threshold arms the next low-balance alert. */
async function rearmLowBalance(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`update notify_settings s set low_alerted_at = null from users u
         where u.id = s.user_id and s.low_alerted_at is not null
           and (s.low_balance is null or u.balance >= s.low_balance)`,
  );
}

/** "Top-up credited", for credits of the last two hours (a sweep runs every minute). */
export async function credits(st: SweepState): Promise<void> {
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
export async function ipChanges(st: SweepState): Promise<void> {
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

/** "Balance low", once per crossing of the customer's threshold. */
export async function lowBalance(st: SweepState): Promise<void> {
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
