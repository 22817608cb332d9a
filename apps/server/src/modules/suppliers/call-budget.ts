import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { hmacHex } from '../../lib/crypto.js';

/**
 * A supplier account's call budget (Proxy6: 3 calls a second per account, more are answered 429),
 * shared by every API instance on the database, on PostgreSQL and PGlite alike (no Redis needed).
 *
 * `supplier_call_slots` keeps, per account, the times of its latest calls. One upsert finds room
 * (fewer calls than the budget, or the oldest left the window) and records the call, or answers
 * how long until the oldest leaves; the row lock of that statement orders instances, and the
 * database's `clock_timestamp()` is the one clock all of them read. The time is taken when the
 * call is about to leave (after any wait), so a caller that woke late never makes a later call look
 * early. Callers of one account in one app instance queue behind each other, so an instance polls
 * the row with one caller at a time.
 */

/**
 * Longer than the supplier's second: the time is taken when the call leaves and the supplier counts
 * it when it arrives, so a call that travelled up to 200 ms slower than a later one must not make
 * the fourth look early (a 429 costs a retry, and a lost answer to `buy` a `getproxy` lookup).
 */
export const CALL_WINDOW_MS = 1200;

/** Per app instance (its context): the last queued caller of each account. */
const queues = new WeakMap<object, Map<string, Promise<void>>>();

/** The budget's key for an account: no API key is stored, two rows of one account share it. */
export function accountKey(ctx: Pick<AppContext, 'keys'>, baseUrl: string, apiKey: string): string {
  return hmacHex(ctx.keys.secrets.toString('hex'), `supplier-calls\n${baseUrl}\n${apiKey}`);
}

/** Waits until `account` may send one more call within `perWindow` calls per CALL_WINDOW_MS, and records it. */
export async function takeCall(ctx: Pick<AppContext, 'db'>, account: string, perWindow: number): Promise<void> {
  let tails = queues.get(ctx);
  if (!tails) {
    tails = new Map();
    queues.set(ctx, tails);
  }
  const prev = tails.get(account) ?? Promise.resolve();
  const mine = prev.then(() => untilTaken(ctx, account, perWindow));
  const tail = mine.catch(() => undefined);
  tails.set(account, tail);
  try {
    await mine;
  } finally {
    if (tails.get(account) === tail) {
      tails.delete(account);
    }
  }
}

async function untilTaken(ctx: Pick<AppContext, 'db'>, account: string, perWindow: number): Promise<void> {
  const token = randomUUID();
  const window = `${CALL_WINDOW_MS} milliseconds`;
  for (;;) {
    const room = sql`(cardinality(s.sent) < ${perWindow} or s.sent[1] <= clock_timestamp() - ${window}::interval)`;
    const [r] = await queryRows<{ took: boolean; wait_ms: string | number | null }>(
      ctx.db,
      sql`insert into supplier_call_slots as s (account, sent, taken_by)
          values (${account}, array[clock_timestamp()], ${token}::uuid)
          on conflict (account) do update set
            sent = case when not ${room} then s.sent
                        when cardinality(s.sent) < ${perWindow} then s.sent || clock_timestamp()
                        else s.sent[2:] || clock_timestamp() end,
            taken_by = case when ${room} then ${token}::uuid else s.taken_by end
          returning taken_by = ${token}::uuid as took,
            extract(epoch from (sent[1] + ${window}::interval - clock_timestamp())) * 1000 as wait_ms`,
    );
    if (r?.took) {
      return;
    }
    // The oldest call leaves the window then; the statement above decides, the wait only paces it.
    await sleep(Math.min(CALL_WINDOW_MS, Math.max(1, Math.ceil(Number(r?.wait_ms ?? 1)))));
  }
}
