import { periodToDays, periodToHours, type Period, type PeriodUnit } from './period.js';

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
 * docs/money.md#rounding: the most coins a price comes to, Number.MAX_SAFE_INTEGER. The catalogue's
 * bounds allow more (a price of 1,000,000,000 coins × a period of 1000 units × 100,000 proxies is
 * 10^17), which a number no longer holds to the coin and no balance holds at all. Such a price is
 * quoted at exactly this: its charge then answers NOT_ENOUGH_MONEY like any price above the
 * balance, never a total rounded by floating point or a server error.
 */
export const MAX_PRICE_COINS = Number.MAX_SAFE_INTEGER;

/** The quote of a price out of reach: MAX_PRICE_COINS, with no discount. */
function outOfReach(): Quote {
  return { gross: MAX_PRICE_COINS, discount: 0, total: MAX_PRICE_COINS };
}

/** A gross price less its discount (`pct` percent, rounded down); out of reach beyond MAX_PRICE_COINS. */
function discounted(gross: number, pct: number): Quote {
  if (gross > MAX_PRICE_COINS) {
    return outOfReach();
  }
  const discount = Math.floor((gross * Math.round(pct * 100)) / 10_000);
  return { gross, discount, total: gross - discount };
}

/**
 * The one price calculation, used by the server to charge (purchases and renewals) and by the web
 * app to show the live price. Integer coins only: the discount is rounded down, in the buyer's
 * favour. A gross beyond MAX_PRICE_COINS is quoted at MAX_PRICE_COINS.
 */
export function quote({ unitPrice, period, quantity, discountPercent: pct = 0 }: PriceInput): Quote {
  return discounted(unitPrice * period.value * quantity, pct);
}

export interface RenewPrices {
  retail: number;
  renew: number;
}

/** docs/money.md#renewals: renewals of less than one month are charged at the retail price. */
export function renewUnitPrice(prices: RenewPrices, period: Period): number {
  return periodToDays(period) < 31 ? prices.retail : prices.renew;
}

const HOUR_MS = 3_600_000;

/**
 * docs/money.md#rounding, units in hours: what is left of an order is counted in whole hours, a
 * started hour in full.
 */
export function remainingHours(expiresAt: Date | string | number, now: Date | number): number {
  const ms = new Date(expiresAt).getTime() - new Date(now).getTime();
  return ms > 0 ? Math.ceil(ms / HOUR_MS) : 0;
}

export interface ProrateInput {
  /** Coins per proxy for one `unit` (the order's period unit). */
  unitPrice: number;
  unit: PeriodUnit;
  /** The order's remaining time, from `remainingHours`. */
  hours: number;
  quantity: number;
  discountPercent?: number;
}

/**
 * The price of proxies joined to an order for the rest of its term (increase amount), or of a
 * price difference for that term (change country): the unit price per hour of its unit
 * (1 week = 168 h, 1 month = 744 h), times the remaining hours and the quantity. The gross is
 * rounded down once over the whole line, so splitting an order never costs more; the discount is
 * then taken, and a gross beyond MAX_PRICE_COINS quoted at it, as `quote` does.
 */
export function prorate({ unitPrice, unit, hours, quantity, discountPercent: pct = 0 }: ProrateInput): Quote {
  const unitHours = periodToHours({ unit, value: 1 });
  return discounted(Math.floor((unitPrice * hours * quantity) / unitHours), pct);
}

/**
 * `prorate` for proxies that each have their own time left (an order's proxies drift apart once
 * some are renewed on their own, and change country prices each for its own remainder): one
 * `prorate` line per distinct number of hours, summed, so equal remainders round as one line (a sum
 * beyond MAX_PRICE_COINS is quoted at it).
 */
export function prorateEach({
  hours,
  ...line
}: Omit<ProrateInput, 'hours' | 'quantity'> & { hours: readonly number[] }): Quote {
  const counts = new Map<number, number>();
  for (const h of hours) {
    counts.set(h, (counts.get(h) ?? 0) + 1);
  }
  let gross = 0;
  let discount = 0;
  for (const [h, quantity] of counts) {
    const q = prorate({ ...line, hours: h, quantity });
    gross += q.gross;
    discount += q.discount;
  }
  return gross > MAX_PRICE_COINS ? outOfReach() : { gross, discount, total: gross - discount };
}
