import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { hmacHex } from '../../lib/crypto.js';

/**
 * A supplier account's call budget (Proxy6: 3 calls a second per account, more are answered 429),
 * shared by every API instance on the database, on PostgreSQL and PGlite alike (no Redis needed).
 *
 * `supplier_call_windows` keeps, per account, the times of its latest calls. One upsert locks the
 * account's row, then finds room (fewer calls in the window than the budget) and records the
 * call; when there is none, a read answers how long until the oldest leaves. The row lock orders
 * instances, and the database's `clock_timestamp()` is the one clock all of them read.
 *
 * A call counts from when it takes its turn until a window after its answer came. Until then its
 * time is the latest its answer can come (its timeout), and the answer moves it to when it came:
 * the supplier had the call before we had its answer, so the next call in its place leaves more
 * than a window after the supplier saw this one, however long this one took to get there (a slow
 * connect, a busy process). A call whose answer never comes (a crash) holds its place until its
 * timeout and a window have passed. Callers of one account in one app instance queue behind each
 * other, so an instance polls the row with one caller at a time.
 */

/**
 * The supplier's second, and a margin for the two clocks (ours and the supplier's) to count it
 * slightly differently.
 */
export const CALL_WINDOW_MS = 1100;

/** Per app instance (its context): the last queued caller of each account. */
const queues = new WeakMap<object, Map<string, Promise<void>>>();

/** The budget's key for an account: no API key is stored, two rows of one account share it. */
export function accountKey(ctx: Pick<AppContext, 'keys'>, baseUrl: string, apiKey: string): string {
  return hmacHex(ctx.keys.secrets.toString('hex'), `supplier-calls\n${baseUrl}\n${apiKey}`);
}

/**
 * Waits until `account` may send one more call within `perWindow` calls per CALL_WINDOW_MS, and
 * records it; the answer is the call's `done`, to be awaited once its answer came (or failed).
 * `maxCallMs` is the longest the call can take (its timeout): until `done`, it counts as answered then.
 */
export async function takeCall(
  ctx: Pick<AppContext, 'db'>,
  account: string,
  perWindow: number,
  maxCallMs: number,
): Promise<() => Promise<void>> {
  let tails = queues.get(ctx);
  if (!tails) {
    tails = new Map();
    queues.set(ctx, tails);
  }
  const prev = tails.get(account) ?? Promise.resolve();
  const mine = prev.then(() => untilTaken(ctx, account, perWindow, maxCallMs));
  const tail = mine.then(
    () => undefined,
    () => undefined,
  );
  tails.set(account, tail);
  try {
    const stamp = await mine;
    return () => done(ctx, account, stamp);
  } finally {
    if (tails.get(account) === tail) {
      tails.delete(account);
    }
  }
}

/**
 * Records the call once there is room, at the latest time its answer can come (`stamp`, as the
 * database wrote it); waits until then.
 */
async function untilTaken(
  ctx: Pick<AppContext, 'db'>,
  account: string,
  perWindow: number,
  maxCallMs: number,
): Promise<string> {
  const window = sql`${`${CALL_WINDOW_MS} milliseconds`}::interval`;
  const answeredBy = sql`clock_timestamp() + ${`${Math.max(0, Math.ceil(maxCallMs))} milliseconds`}::interval`;
  for (;;) {
    // One upsert: the conflict locks the account's row before its update reads the time, so every
    // instance's calls are recorded in time order; no row comes back when the window is full.
    const [taken] = await queryRows<{ stamp: string }>(
      ctx.db,
      sql`insert into supplier_call_windows as s (account, sent) values (${account}, array[${answeredBy}])
          on conflict (account) do update
            set sent = array(select x from unnest(s.sent) as x where x > clock_timestamp() - ${window} order by x)
                       || ${answeredBy}
            where (select count(*) from unnest(s.sent) as x where x > clock_timestamp() - ${window}) < ${perWindow}
          returning s.sent[cardinality(s.sent)]::text as stamp`,
    );
    if (taken) {
      return taken.stamp;
    }
    const [full] = await queryRows<{ wait_ms: string | number | null }>(
      ctx.db,
      sql`select extract(epoch from (min(x) + ${window} - clock_timestamp())) * 1000 as wait_ms
          from supplier_call_windows s cross join unnest(s.sent) as x
          where s.account = ${account} and x > clock_timestamp() - ${window}`,
    );
    // The oldest call leaves the window then; the upsert above decides, the wait only paces it.
    await sleep(Math.min(CALL_WINDOW_MS, Math.max(1, Math.ceil(Number(full?.wait_ms ?? 1)))));
  }
}

/**
 * The call answered (or failed): its time moves to now, so its window runs from a moment the
 * supplier surely had it. A call whose entry already left the window is added again.
 */
async function done(ctx: Pick<AppContext, 'db'>, account: string, stamp: string): Promise<void> {
  await ctx.db
    .execute(
      sql`update supplier_call_windows set sent = case when ${stamp}::timestamptz = any(sent)
            then array_replace(sent, ${stamp}::timestamptz, clock_timestamp()) else sent || clock_timestamp() end
          where account = ${account}`,
    )
    .catch(() => undefined);
}
