import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { queryRows, type Tx } from '../db/client.js';
import { orders, users } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import type { OrderRow } from '../modules/orders/mapper.js';
import { insertLog } from '../modules/orders/repository.js';
import { renewOrderTx } from '../modules/orders/renew.js';
import type { Job } from './runner.js';

/** How long before expiry auto-renew charges for the next period. */
export const AUTO_RENEW_LEAD_MS = 60 * 60_000;
const BATCH = 100;

/**
 * Renews due auto-renew orders, each in its own transaction. Each order row is taken with
 * FOR UPDATE SKIP LOCKED and the due condition is checked again under the lock, so several
 * instances running this at once charge every renewal once. A short balance keeps the proxies
 * until they expire, logs a failed renew on the order and mails the user, once per period; the
 * next sweeps keep trying quietly, so a top-up before expiry still renews.
 */
export async function runAutoRenew(ctx: AppContext): Promise<{ renewed: number; failed: number }> {
  const horizon = new Date(ctx.clock.nowMs() + AUTO_RENEW_LEAD_MS).toISOString();
  const due = sql`o.auto_renew and o.status in ('using', 'expired') and o.expires_at <= ${horizon}::timestamptz`;
  // Orders that already failed this period go last, so they cannot starve the others.
  const candidates = await queryRows<{ id: string }>(
    ctx.db,
    sql`select o.id from orders o where ${due}
        order by (o.auto_renew_failed_for is not distinct from o.expires_at), o.expires_at limit ${BATCH}`,
  );
  let renewed = 0;
  let failed = 0;
  for (const { id } of candidates) {
    const outcome = await ctx.db.transaction(async (tx) => {
      const locked = await queryRows<{ id: string }>(
        tx,
        sql`select o.id from orders o where o.id = ${id} and ${due} for update skip locked`,
      );
      if (locked.length === 0) {
        return 'skipped' as const;
      }
      const [order] = await tx.select().from(orders).where(eq(orders.id, id));
      try {
        await tx.transaction((sp) => renewOrderTx(ctx, sp, order!, { auto: true }));
        return 'renewed' as const;
      } catch (err) {
        if (!(err instanceof AppError)) {
          throw err;
        }
        if (order!.autoRenewFailedFor?.getTime() !== order!.expiresAt?.getTime()) {
          await recordFailure(ctx, tx, order!, err.code);
        }
        return 'failed' as const;
      }
    });
    if (outcome === 'renewed') {
      renewed++;
    } else if (outcome === 'failed') {
      failed++;
    }
  }
  return { renewed, failed };
}

async function recordFailure(ctx: AppContext, tx: Tx, order: OrderRow, code: string) {
  const now = ctx.clock.now();
  await tx.update(orders).set({ autoRenewFailedFor: order.expiresAt, updatedAt: now }).where(eq(orders.id, order.id));
  await insertLog(tx, {
    id: randomUUID(),
    orderId: order.id,
    action: 'renew',
    result: 'fail',
    note: `auto: ${code}`,
    amount: 0,
    createdAt: now,
  });
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  if (user) {
    const when = order.expiresAt?.toISOString() ?? '';
    await ctx.mailer
      .send({
        to: user.email,
        subject: `Gia hạn tự động thất bại / Auto-renew failed: ${order.code}`,
        text: [
          `Đơn ${order.code} chưa được gia hạn tự động (${code === 'NOT_ENOUGH_MONEY' ? 'số dư không đủ' : code}). Proxy vẫn hoạt động đến ${when}. Hãy nạp thêm Xu để gia hạn.`,
          `Order ${order.code} could not be auto-renewed (${code === 'NOT_ENOUGH_MONEY' ? 'balance too low' : code}). Its proxies keep working until ${when}. Top up to renew.`,
        ].join('\n\n'),
      })
      .catch((err: unknown) => ctx.log.warn({ err }, 'auto-renew failure mail not sent'));
  }
}

export const autoRenewJob: Job = {
  name: 'auto-renew',
  everyMs: 60_000,
  async run(ctx) {
    await runAutoRenew(ctx);
  },
};
