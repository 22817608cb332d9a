import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { backoff } from '../../lib/backoff.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import type { Mail } from '../../lib/mailer.js';
import {
  claimDueOutboxRows,
  insertOutboxRow,
  insertOutboxRowOnce,
  markOutboxSent,
  recordOutboxFailure,
  type ClaimedOutboxRow as Claimed,
} from './repository.js';

/**
 * The outbox: a mail is a row written in the transaction of the change it reports (so it exists
 * exactly when the change does), and is sent after commit by `deliverOutbox` — right away by the
 * writer's kick, and by the outbox job for whatever is left (SMTP down, a crash in between).
 */

/** A claim lasts longer than the mail transport's own timeouts (lib/mailer.ts), so a sending row is not taken twice. */
export const CLAIM_MS = 2 * 60_000;
/** After this many failed attempts a mail is kept, with its last error, but no longer tried. */
export const MAX_ATTEMPTS = 10;

/**
 * How rows of another kind than mail are sent (modules/notifications hands these in): `send`
 * resolves with the answer's HTTP status, or rejects with an error that may carry `status`.
 */
export interface OutboxSender {
  send(ctx: AppContext, row: Claimed): Promise<number | null>;
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
 * Writes a mail to the outbox in `db` (the caller's transaction); returns its id for the kick.
 * Only the address is stored in the clear: subject and text (sign-up and reset codes, whose
 * database copy is otherwise only a hash) are sealed with the app's key, and dropped once sent.
 */
export async function enqueueMail(ctx: Pick<AppContext, 'clock' | 'keys'>, db: DbOrTx, mail: Mail): Promise<string> {
  const id = randomUUID();
  const now = ctx.clock.now();
  const sealed = encryptSecret(ctx.keys.secrets, JSON.stringify({ subject: mail.subject, text: mail.text }));
  await insertOutboxRow(db, { id, kind: 'mail', payload: { to: mail.to, sealed }, nextAttemptAt: now, createdAt: now });
  return id;
}

/** A message of any kind queued once per `dedupeKey`; returns its id, or undefined when it was queued before. */
export async function enqueueOnce(
  ctx: Pick<AppContext, 'clock'>,
  db: DbOrTx,
  row: { kind: string; dedupeKey: string; userId: string; payload: unknown; maxAttempts?: number },
): Promise<string | undefined> {
  const id = randomUUID();
  const now = ctx.clock.now();
  const wrote = await insertOutboxRowOnce(db, {
    id,
    kind: row.kind,
    payload: row.payload,
    dedupeKey: row.dedupeKey,
    userId: row.userId,
    maxAttempts: row.maxAttempts ?? MAX_ATTEMPTS,
    nextAttemptAt: now,
    createdAt: now,
  });
  return wrote ? id : undefined;
}

/** A mail queued once per `dedupeKey` (an alert), for `userId`'s delivery log. */
export async function enqueueMailOnce(
  ctx: Pick<AppContext, 'clock' | 'keys'>,
  db: DbOrTx,
  mail: Mail,
  opts: { dedupeKey: string; userId: string; type: string },
): Promise<string | undefined> {
  const sealed = encryptSecret(ctx.keys.secrets, JSON.stringify({ subject: mail.subject, text: mail.text }));
  return enqueueOnce(ctx, db, { kind: 'mail', ...opts, payload: { to: mail.to, type: opts.type, sealed } });
}

/** Due rows (only `ids` when given) of the kinds this deliverer can send, claimed for CLAIM_MS. */
function claim(ctx: AppContext, ids: string[] | undefined, senders: OutboxSenders): Promise<Claimed[]> {
  return claimDueOutboxRows(ctx.db, {
    now: ctx.clock.nowMs(),
    claimMs: CLAIM_MS,
    batch: BATCH,
    ids,
    kinds: ['mail', ...Object.keys(senders)],
  });
}

async function send(ctx: AppContext, row: Claimed, senders: OutboxSenders): Promise<number | null> {
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
  row: Claimed,
  outcome: { err?: unknown; status: number | null },
  senders: OutboxSenders,
): Promise<void> {
  const now = ctx.clock.nowMs();
  const { err } = outcome;
  if (err === undefined) {
    await markOutboxSent(ctx.db, row.id, now, outcome.status);
    return;
  }
  // A thrown non-Error is shown as JSON, not as "[object Object]".
  const text = err instanceof Error ? err.message : typeof err === 'string' ? err : (JSON.stringify(err) ?? 'null');
  const message = text.slice(0, 500);
  ctx.log.warn({ err, outboxId: row.id, attempts: row.attempts }, 'outbox delivery failed');
  const delay = (senders[row.kind]?.retryDelayMs ?? retryDelayMs)(row.attempts);
  await recordOutboxFailure(ctx.db, row.id, message, now + delay, statusOf(err));
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

/** Queues a mail outside any transaction and sends it at once (the auth codes). */
export async function sendMail(ctx: AppContext, mail: Mail): Promise<void> {
  await kickOutbox(ctx, [await enqueueMail(ctx, ctx.db, mail)]);
}
