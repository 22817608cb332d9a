import { periodToDays, type Period } from './period.js';

export interface DiscountTier {
  minQuantity: number;
  percent: number;
}

/** The best discount tier a quantity reaches (tiers need not be sorted). */
export function discountPercent(tiers: readonly DiscountTier[], quantity: number): number {
  let best = 0;
  for (const t of tiers) {
    if (quantity >= t.minQuantity && t.percent > best) {
      best = t.percent;
    }
  }
  return best;
}

export interface PriceInput {
  /** Coins per proxy (or key) for one unit of the period. */
  unitPrice: number;
  period: Period;
  quantity: number;
  discountPercent?: number;
}

export interface Quote {
  /** Before the discount. */
  gross: number;
  discount: number;
  total: number;
}

/**
 * The one price calculation, used by the server to charge and by the web app to show the live
 * price. Integer coins only: the discount is rounded down, in the buyer's favour.
 */
export function quote({ unitPrice, period, quantity, discountPercent: pct = 0 }: PriceInput): Quote {
  const gross = unitPrice * period.value * quantity;
  const discount = Math.floor((gross * Math.round(pct * 100)) / 10_000);
  return { gross, discount, total: gross - discount };
}

export interface RenewPrices {
  retail: number;
  renew: number;
}

/** seed-spec §9: renewals of less than one month are charged at the retail price. */
export function renewUnitPrice(prices: RenewPrices, period: Period): number {
  return periodToDays(period) < 31 ? prices.retail : prices.renew;
}
