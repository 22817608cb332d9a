import {
  discountPercent,
  prorate,
  prorateEach,
  remainingHours,
  type DiscountTier,
  type TOrder,
  type TRetailPrice,
} from '@proxy/contract';

type AmendOrder = Pick<TOrder, 'type' | 'status' | 'country' | 'quantity' | 'period' | 'expiresAt'>;

/** Adding proxies and changing the country are for retail orders in use (packages and keys have neither). */
export function canAmend(order: Pick<TOrder, 'type' | 'status'>): boolean {
  return (order.type === 'v6' || order.type === 'v4') && order.status === 'using';
}

export type AmountProblem = 'amountInvalid' | 'amountStep' | 'amountMax';

export interface AmountQuote {
  problem: AmountProblem | null;
  /** The retail row of the order's country and unit; null when it is not sold any more. */
  row: TRetailPrice | null;
  hours: number;
  total: number;
}

/**
 * What adding `amount` proxies costs, as the server charges it: the contract's `prorate` of the
 * order's unit price for the hours left, with the discount tier of the new quantity. Within the
 * country's step and maximum (docs/product-rules.md#purchases).
 */
export function increaseAmountQuote(
  order: AmendOrder,
  amount: number,
  retail: readonly TRetailPrice[],
  tiers: readonly DiscountTier[],
  now: number,
): AmountQuote {
  const row = retail.find((r) => r.country === order.country && r.unit === order.period.unit) ?? null;
  const hours = order.expiresAt ? remainingHours(order.expiresAt, now) : 0;
  let problem: AmountProblem | null = null;
  if (!Number.isInteger(amount) || amount < 1) {
    problem = 'amountInvalid';
  } else if (row && amount % row.quantityStep !== 0) {
    problem = 'amountStep';
  } else if (row && order.quantity + amount > row.maxQuantity) {
    problem = 'amountMax';
  }
  const total =
    row && !problem
      ? prorate({
          unitPrice: row.price,
          unit: order.period.unit,
          hours,
          quantity: amount,
          discountPercent: discountPercent(tiers, order.quantity + amount),
        }).total
      : 0;
  return { problem, row, hours, total };
}

/**
 * What moving the order to `country` costs, as the server charges it: the unit price difference to
 * a dearer country for each proxy in use, for its own hours left (`expiries`: proxies renewed on
 * their own outlive the rest, expired ones do not move); nothing to a cheaper one. Null when the
 * new country's price is unknown.
 */
export function changeCountryQuote(
  order: AmendOrder,
  country: string,
  retail: readonly TRetailPrice[],
  expiries: readonly string[],
  now: number,
): number | null {
  const unitOf = (code: string) => retail.find((r) => r.country === code && r.unit === order.period.unit)?.price;
  const to = unitOf(country);
  if (to === undefined) {
    return null;
  }
  return prorateEach({
    unitPrice: Math.max(0, to - (unitOf(order.country) ?? 0)),
    unit: order.period.unit,
    hours: expiries.map((at) => remainingHours(at, now)),
  }).total;
}
