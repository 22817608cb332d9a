import type { TMargin, TStatsBreakdown, TStatsDay, TStockRow } from '@proxy/contract';
import { PAYMENT_METHODS } from '@proxy/contract';

function cell(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 text: a header row, then one row per item. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function revenueCsv(days: TStatsDay[]): string {
  return toCsv(
    ['date', 'revenue', ...PAYMENT_METHODS.map((m) => `topup_${m}`)],
    days.map((d) => [d.date, d.revenue, ...PAYMENT_METHODS.map((m) => d.topups[m])]),
  );
}

export function salesCsv(days: TStatsDay[], products: TStatsBreakdown['products']): string {
  return (
    toCsv(
      ['date', 'orders', 'proxies_sold'],
      days.map((d) => [d.date, d.orders, d.proxiesSold]),
    ) +
    '\r\n' +
    toCsv(
      ['product', 'orders', 'proxies_sold', 'revenue'],
      products.map((p) => [p.product, p.orders, p.proxiesSold, p.revenue]),
    )
  );
}

export function renewalsCsv(days: TStatsDay[], renewals: TStatsBreakdown['renewals']): string {
  return (
    toCsv(
      ['date', 'renewals'],
      days.map((d) => [d.date, d.renewals]),
    ) +
    '\r\n' +
    toCsv(
      ['product', 'country', 'renewed', 'due', 'rate'],
      renewals.map((r) => [r.product, r.country, r.renewed, r.expired, r.rate === null ? null : r.rate.toFixed(4)]),
    )
  );
}

export function usersCsv(days: TStatsDay[]): string {
  return toCsv(
    ['date', 'new_users'],
    days.map((d) => [d.date, d.newUsers]),
  );
}

export function stockCsv(rows: TStockRow[]): string {
  return toCsv(
    ['type', 'country', 'pool', 'total', 'used', 'free', 'sold_per_day', 'days_left'],
    rows.map((r) => [r.type, r.country, r.pool, r.total, r.used, r.free, r.soldPerDay, r.daysLeft]),
  );
}

/** Supplier proxies' revenue, cost and margin in coins: per day, then per product and country. */
export function marginCsv(margin: Pick<TMargin, 'daily' | 'byCountry'>): string {
  return (
    toCsv(
      ['date', 'revenue', 'cost', 'margin'],
      margin.daily.map((d) => [d.day, d.revenue, d.cost, d.margin]),
    ) +
    '\r\n' +
    toCsv(
      ['product', 'country', 'revenue', 'cost', 'margin'],
      margin.byCountry.map((c) => [c.product, c.country, c.revenue, c.cost, c.margin]),
    )
  );
}
