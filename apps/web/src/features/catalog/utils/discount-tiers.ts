import { ZDiscountTier, type DiscountTier } from '@proxy/contract';

/** The server keeps at most 20 tiers per product. */
export const MAX_DISCOUNT_TIERS = 20;

export type DiscountTiersProblem = 'tierInvalid' | 'tierDuplicate' | 'tooManyTiers';

/** Each tier: a whole minimum quantity of at least 1 and 0–90%; one tier per minimum. */
export function discountTiersProblem(tiers: readonly DiscountTier[]): DiscountTiersProblem | null {
  if (tiers.length > MAX_DISCOUNT_TIERS) {
    return 'tooManyTiers';
  }
  if (!tiers.every((tier) => ZDiscountTier.safeParse(tier).success)) {
    return 'tierInvalid';
  }
  return new Set(tiers.map((t) => t.minQuantity)).size === tiers.length ? null : 'tierDuplicate';
}

/** Tiers in the order a reader expects them: smallest quantity first. */
export function sortTiers(tiers: readonly DiscountTier[]): DiscountTier[] {
  return [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
}
