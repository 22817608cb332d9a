import { PERIOD_UNITS, renewUnitPrice, type Period, type PeriodUnit, type TRetailPrice } from '@proxy/contract';

/** The period units every one of these countries is sold by (a renewal applies one period to all). */
export function unitsFor(rows: readonly TRetailPrice[], items: readonly { country: string }[]): PeriodUnit[] {
  const countries = new Set(items.map((u) => u.country));
  return PERIOD_UNITS.filter((unit) =>
    [...countries].every((country) => rows.some((r) => r.country === country && r.unit === unit)),
  );
}

/**
 * What renewing these proxies (or keys) for `period` costs, as the server charges it: per item,
 * the renewal price of its country (docs/money.md#renewals: the retail price under a month) times the
 * period's length. Null when a country is not sold by that unit.
 */
export function renewCost(
  items: readonly { country: string }[],
  period: Period,
  rows: readonly TRetailPrice[],
): number | null {
  if (!Number.isInteger(period.value) || period.value < 1) {
    return null;
  }
  let total = 0;
  for (const item of items) {
    const row = rows.find((r) => r.country === item.country && r.unit === period.unit);
    if (!row) {
      return null;
    }
    total += renewUnitPrice({ retail: row.price, renew: row.renewPrice }, period) * period.value;
  }
  return total;
}
