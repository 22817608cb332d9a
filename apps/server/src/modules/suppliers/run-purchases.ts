import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { processPurchase } from './buy-upstream.js';
import { reconcileRenewals } from './reconcile-renewals.js';

/** Who works purchase intents: the periodic sweep and the request that just paid. */

/** The sweep: every intent that is due and not leased (after a crash, a lost answer, a restart). */
export async function runDuePurchases(ctx: AppContext, signal: AbortSignal): Promise<void> {
  // Renewal prolongs cut off by a crash or a lost answer are seen through in the same sweep.
  await reconcileRenewals(ctx);
  const due = await queryRows<{ id: string }>(
    ctx.db,
    sql`select id from supplier_purchases where status in ('pending', 'bought')
        and next_attempt_at <= ${ctx.clock.now().toISOString()}
        and (lease_until is null or lease_until < ${ctx.clock.now().toISOString()})
        order by next_attempt_at limit 100`,
  );
  for (const { id } of due) {
    if (signal.aborted) {
      return;
    }
    await processPurchase(ctx, id).catch((err: unknown) => {
      if (!(err instanceof AppError)) {
        throw err;
      }
    });
  }
}

/**
 * Whether the supplier job has nothing that could be due: no supplier (so no serving upstream to
 * check and no supplier event to alert on: both go with their supplier) and no purchase, renewal
 * or replacement still open. A site that resells no supply then takes no lease every few seconds.
 */
export async function noSupplyWork(ctx: AppContext): Promise<boolean> {
  const [row] = await queryRows<{ open: boolean }>(
    ctx.db,
    sql`select exists (select 1 from suppliers)
          or exists (select 1 from supplier_purchases where status in ('pending', 'bought'))
          or exists (select 1 from supplier_renewals where status in ('pending', 'prolonged'))
          or exists (select 1 from supplier_replacements where status = 'pending') as open`,
  );
  return row?.open === false;
}

/**
 * Right after a purchase that waits: works its intent in the request, up to `ms`; the order is
 * then read again (`using` if delivered in time, else still `waiting` while the work goes on).
 */
export async function awaitDelivery(ctx: AppContext, orderId: string, ms = 20_000): Promise<void> {
  const [it] = await queryRows<{ id: string }>(
    ctx.db,
    sql`select id from supplier_purchases where order_id = ${orderId}`,
  );
  if (!it) {
    return;
  }
  const work = processPurchase(ctx, it.id).catch((err: unknown) => {
    ctx.log.error({ err: err instanceof Error ? err.message : 'error', orderId }, 'upstream purchase failed');
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
