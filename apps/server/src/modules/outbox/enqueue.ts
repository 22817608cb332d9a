import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import { encryptSecret } from '../../lib/crypto.js';
import type { Mail } from '../../lib/mailer.js';

/**
 * A message is a row written in the transaction of the change it reports, so it exists exactly
 * when the change does; `deliver.ts` sends it after commit.
 */

/** After this many failed attempts a mail is kept, with its last error, but no longer tried. */
export const MAX_ATTEMPTS = 10;

/** Subject and text sealed with the app's key: sign-up and reset codes have no other clear copy. */
function seal(ctx: Pick<AppContext, 'keys'>, mail: Mail): string {
  return encryptSecret(ctx.keys.secrets, JSON.stringify({ subject: mail.subject, text: mail.text }));
}

/**
 * Writes a mail to the outbox in `db` (the caller's transaction); returns its id for the kick.
 * Only the address is stored in the clear: subject and text (sign-up and reset codes, whose
 * database copy is otherwise only a hash) are sealed with the app's key, and dropped once sent.
 */
export async function enqueueMail(ctx: Pick<AppContext, 'clock' | 'keys'>, db: DbOrTx, mail: Mail): Promise<string> {
  const id = randomUUID();
  const now = ctx.clock.now();
  const sealed = seal(ctx, mail);
  await db
    .insert(outbox)
    .values({ id, kind: 'mail', payload: { to: mail.to, sealed }, nextAttemptAt: now, createdAt: now });
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
  const wrote = await db
    .insert(outbox)
    .values({
      id,
      kind: row.kind,
      payload: row.payload,
      dedupeKey: row.dedupeKey,
      userId: row.userId,
      maxAttempts: row.maxAttempts ?? MAX_ATTEMPTS,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return wrote.length > 0 ? id : undefined;
}

/** A mail queued once per `dedupeKey` (an alert), for `userId`'s delivery log. */
export async function enqueueMailOnce(
  ctx: Pick<AppContext, 'clock' | 'keys'>,
  db: DbOrTx,
  mail: Mail,
  opts: { dedupeKey: string; userId: string; type: string },
): Promise<string | undefined> {
  const sealed = seal(ctx, mail);
  return enqueueOnce(ctx, db, { kind: 'mail', ...opts, payload: { to: mail.to, type: opts.type, sealed } });
}
