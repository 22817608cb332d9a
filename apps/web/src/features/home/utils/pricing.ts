import { PERIOD_UNITS, type PeriodUnit, type TRetailPrice } from '@proxy/contract';
import { formatUsd } from '@/lib/format';

/** One country's retail prices by period unit (coins per proxy per unit), in the order hour, day, week, month. */
export interface PriceRow {
  country: string;
  prices: Partial<Record<PeriodUnit, number>>;
}

/** The retail rows grouped by country (countries in the order they first appear). */
export function priceRows(rows: readonly TRetailPrice[]): PriceRow[] {
  const byCountry = new Map<string, PriceRow>();
  for (const r of rows) {
    const row = byCountry.get(r.country) ?? { country: r.country, prices: {} };
    row.prices[r.unit] = r.price;
    byCountry.set(r.country, row);
  }
  return [...byCountry.values()];
}

/** The period units at least one country is sold by. */
export function soldUnits(rows: readonly TRetailPrice[]): PeriodUnit[] {
  const sold = new Set(rows.map((r) => r.unit));
  return PERIOD_UNITS.filter((u) => sold.has(u));
}

/**
 * docs/product-rules.md#formats: dollars are coins / 24000 with two decimals in the reader's
 * language, e.g. "$0.02"; an hourly price under a cent is "<$0.01", never "$0.00".
 */
export function usd(coins: number): string {
  return formatUsd(coins);
}

/** The dashboard address that opens the buy form with this choice (kept through sign-up). */
export function buyHref(choice: {
  product: 'v6' | 'v4';
  country: string;
  unit: PeriodUnit;
  value: number;
  quantity: number;
}): string {
  const q = new URLSearchParams({
    buy: choice.product,
    country: choice.country,
    unit: choice.unit,
    value: String(choice.value),
    quantity: String(choice.quantity),
  });
  return `/dashboard?${q.toString()}`;
}
