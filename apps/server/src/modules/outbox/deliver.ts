import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { backoff } from '../../lib/backoff.js';
import { decryptSecret } from '../../lib/crypto.js';
import type { Mail } from '../../lib/mailer.js';

/**
 * Sending what `enqueue.ts` wrote, after commit: right away by the writer's kick, and by the outbox
 * job for whatever is left (SMTP down, a crash in between).
 */

/** A row a deliverer has claimed: what to send, and how many attempts it has had (this one included). */
export interface ClaimedOutboxRow {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  /** The customer a notification row is for; null for plain mails. */
  userId: string | null;
}

/** A claim lasts longer than the mail transport's own timeouts (lib/mailer.ts), so a sending row is not taken twice. */
export const CLAIM_MS = 2 * 60_000;
/**
 * How rows of another kind than mail are sent (modules/notifications hands these in): `send`
 * resolves with the answer's HTTP status, or rejects with an error that may carry `status`.
 */
export interface OutboxSender {
  send(ctx: AppContext, row: ClaimedOutboxRow): Promise<number | null>;
  /** Wait before attempt n+1 after n failed ones; the mail schedule when unset. */
  retryDelayMs?: (attempts: number) => number;
}
export type OutboxSenders = Record<string, OutboxSender>;
const BATCH = 50;
/** Rows of a batch sent at once. */
const CONCURRENCY = 8;
/** How long a request waits for its kicked mail before answering anyway (delivery goes on). */
const KICK_WAIT_MS = 5_000;

/** Wait before attempt n+1 after n failed ones: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return backoff(attempts - 1, 60_000, 6 * 3600_000);
}

/**
 * Claims due rows by moving their next attempt a claim's length ahead, in one statement that
 * commits at once (no transaction is held while mailing). SKIP LOCKED keeps two deliverers from
 * claiming one row, and the outer conditions are checked again on the locked row.
 */
async function claimDueRows(
  db: DbOrTx,
  opts: { now: number; claimMs: number; batch: number; ids: string[] | undefined; kinds: string[] },
): Promise<ClaimedOutboxRow[]> {
  const { now, ids } = opts;
  const nowIso = new Date(now).toISOString();
  const kinds = sql.join(
    opts.kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const due = sql`sent_at is null and attempts < max_attempts and next_attempt_at <= ${nowIso}::timestamptz and kind in (${kinds})`;
  const only: SQL = ids
    ? sql` and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return queryRows<ClaimedOutboxRow>(
    db,
    sql`update outbox set attempts = attempts + 1, next_attempt_at = ${new Date(now + opts.claimMs).toISOString()}
        where ${due} and id in (
          select id from outbox where ${due}${only} order by next_attempt_at limit ${opts.batch} for update skip locked)
        returning id, kind, payload, attempts, user_id as "userId"`,
  );
}

/** Sent: the sealed subject and text are dropped. */
async function markSent(db: DbOrTx, id: string, at: number, status: number | null): Promise<void> {
  await db.execute(sql`update outbox set sent_at = ${new Date(at).toISOString()}, last_error = null, last_status = ${status},
                               payload = payload - 'sealed'
                             where id = ${id}`);
}

/** A failed attempt: its error, and the next attempt's time (unless it was sent meanwhile). */
async function recordFailure(
  db: DbOrTx,
  id: string,
  message: string,
  nextAttemptAt: number,
  status: number | null,
): Promise<void> {
  await db.execute(
    sql`update outbox set last_error = ${message}, last_status = ${status},
          next_attempt_at = ${new Date(nextAttemptAt).toISOString()}
        where id = ${id} and sent_at is null`,
  );
}

/** Due rows (only `ids` when given) of the kinds this deliverer can send, claimed for CLAIM_MS. */
function claim(ctx: AppContext, ids: string[] | undefined, senders: OutboxSenders): Promise<ClaimedOutboxRow[]> {
  return claimDueRows(ctx.db, {
    now: ctx.clock.nowMs(),
    claimMs: CLAIM_MS,
    batch: BATCH,
    ids,
    kinds: ['mail', ...Object.keys(senders)],
  });
}

async function send(ctx: AppContext, row: ClaimedOutboxRow, senders: OutboxSenders): Promise<number | null> {
  if (row.kind !== 'mail') {
    const sender = senders[row.kind];
    if (!sender) {
      throw new Error(`unknown outbox kind ${row.kind}`);
    }
    return sender.send(ctx, row);
  }
  const { to, sealed } = row.payload as { to: string; sealed: string };
  const content = JSON.parse(decryptSecret(ctx.keys.secrets, sealed)) as Pick<Mail, 'subject' | 'text'>;
  await ctx.mailer.send({ to, ...content });
  return null;
}

function statusOf(err: unknown): number | null {
  const status = typeof err === 'object' && err !== null ? (err as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : null;
}

async function settle(
  ctx: AppContext,
  row: ClaimedOutboxRow,
  outcome: { err?: unknown; status: number | null },
  senders: OutboxSenders,
): Promise<void> {
  const now = ctx.clock.nowMs();
  const { err } = outcome;
  if (err === undefined) {
    await markSent(ctx.db, row.id, now, outcome.status);
    return;
  }
  // A thrown non-Error is shown as JSON, not as "[object Object]".
  const text = err instanceof Error ? err.message : typeof err === 'string' ? err : (JSON.stringify(err) ?? 'null');
  const message = text.slice(0, 500);
  ctx.log.warn({ err, outboxId: row.id, attempts: row.attempts }, 'outbox delivery failed');
  const delay = (senders[row.kind]?.retryDelayMs ?? retryDelayMs)(row.attempts);
  await recordFailure(ctx.db, row.id, message, now + delay, statusOf(err));
}

/**
 * Sends the due rows (only `ids` when given), batch by batch, each at most once per claim; a
 * failure leaves the row for a later attempt. A crash between sending and marking it sent means one
 * repeat after the claim runs out: SMTP offers no better than at-least-once.
 */
export async function deliverOutbox(
  ctx: AppContext,
  opts: { ids?: string[]; signal?: AbortSignal; senders?: OutboxSenders } = {},
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const senders = opts.senders ?? {};
  if (opts.ids?.length === 0) {
    return { sent, failed };
  }
  for (;;) {
    const rows = await claim(ctx, opts.ids, senders);
    // A few at a time: one slow receiver (a webhook waiting out its timeout) holds up no other row.
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const outcome = await send(ctx, row, senders).then(
          (status) => ({ status }),
          (e: unknown) => ({ err: e ?? new Error('send failed'), status: null }),
        );
        await settle(ctx, row, outcome, senders);
        if ('err' in outcome) {
          failed++;
        } else {
          sent++;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
    if (rows.length < BATCH || opts.ids || opts.signal?.aborted) {
      return { sent, failed };
    }
  }
}

/**
 * Delivers just-committed rows now, so a mail the user waits for (a sign-up code) arrives at once.
 * Never throws: what fails here stays in the outbox for the outbox job. Resolves when delivery is
 * done, or after a few seconds with delivery going on.
 */
export async function kickOutbox(ctx: AppContext, ids: string[], senders?: OutboxSenders): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  const delivery = deliverOutbox(ctx, { ids, senders }).catch((err: unknown) => {
    ctx.log.warn({ err }, 'outbox kick failed; the outbox job retries');
  });
  await Promise.race([delivery, sleep(KICK_WAIT_MS, undefined, { ref: false })]);
}
