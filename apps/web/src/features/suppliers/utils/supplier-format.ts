import type { TSupplierStock } from '@proxy/contract';

/** A supplier's balance in its own currency, grouped and with decimals as the UI language writes them. */
export function formatSupplierBalance(
  balance: number | null,
  currency: string | null,
  language: string,
): string | null {
  if (balance === null) {
    return null;
  }
  const number = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', { maximumFractionDigits: 2 }).format(
    balance,
  );
  return currency ? `${number} ${currency}` : number;
}

/** Stock with the largest counts first (what is worth routing), then by product and country. */
export function sortStock(stock: readonly TSupplierStock[]): TSupplierStock[] {
  return [...stock].sort(
    (a, b) => b.count - a.count || a.product.localeCompare(b.product) || a.country.localeCompare(b.country),
  );
}
