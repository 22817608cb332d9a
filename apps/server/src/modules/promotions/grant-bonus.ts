import { promotionBonus, promotionTier } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';
import { promotionGrants } from '../../db/schema/index.js';
import { findRunningPromotion } from './queries.js';

/**
 * docs/money.md#promotions: the bonus a top-up credited now gets from the promotion running at
 * `at`, recorded once per top-up (promotion_grants: a top-up that has one gets 0 and nothing is
 * written). Called by the payments credit path inside its transaction, under the top-up's row
 * lock; the caller writes the `promotion` ledger row.
 */
export async function grantPromotionBonus(
  tx: DbOrTx,
  c: { siteId: string; topupId: string; userId: string; amount: number; at: Date },
): Promise<number> {
  if (c.amount <= 0) {
    return 0;
  }
  const promotion = await findRunningPromotion(tx, c.siteId, c.at);
  // The contract's rule, the one the top-up page shows: what is credited is what was promised.
  const tier = promotion ? promotionTier(c.amount, promotion) : null;
  if (!promotion || !tier) {
    return 0;
  }
  const bonus = promotionBonus(c.amount, promotion);
  if (bonus <= 0) {
    return 0;
  }
  const fresh = await tx
    .insert(promotionGrants)
    .values({
      topupId: c.topupId,
      promotionId: promotion.id,
      siteId: c.siteId,
      userId: c.userId,
      amount: c.amount,
      minAmount: tier.minAmount,
      percent: tier.percent,
      bonus,
      createdAt: c.at,
    })
    .onConflictDoNothing({ target: promotionGrants.topupId })
    .returning({ id: promotionGrants.topupId });
  return fresh.length === 1 ? bonus : 0;
}
