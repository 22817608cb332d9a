import { renewUnitPrice, type Period, type TOrder, type TPackage, type TRetailPrice } from '@proxy/contract';

export type RenewSelectionProblem = 'needSelection' | 'onlyExpired';

/** docs/money.md#renewals: only expired orders or packages can be renewed. */
export function canRenew(order: Pick<TOrder, 'status'>): boolean {
  return order.status === 'expired';
}

/**
 * docs/product-rules.md#order-states: a live retail order is not renewed itself, its proxies in
 * use are (renew-list-proxy), keeping their addresses.
 */
export function canRenewLive(order: Pick<TOrder, 'status' | 'type'>): boolean {
  return order.status === 'using' && isRetailOrder(order);
}

/** Retail orders choose their renewal period; package and key orders renew by their package. */
export function isRetailOrder(order: Pick<TOrder, 'type'>): boolean {
  return order.type === 'v6' || order.type === 'v4';
}

export function renewSelectionProblem(orders: readonly Pick<TOrder, 'status'>[]): RenewSelectionProblem | null {
  if (orders.length === 0) {
    return 'needSelection';
  }
  return orders.every(canRenew) ? null : 'onlyExpired';
}

/**
 * What renewing an order should cost, as the server computes it: retail orders at the renewal
 * price (docs/money.md#renewals: under a month at the retail price) per proxy; packages at the package
 * price; keys at the package price per key. Null when the price is not known here. Locked items
 * are not renewed, so the server may charge less.
 */
export function renewalEstimate(
  order: Pick<TOrder, 'type' | 'country' | 'quantity' | 'packageId'>,
  period: Period | undefined,
  retail: readonly TRetailPrice[],
  packages: readonly Pick<TPackage, 'id' | 'price'>[],
): number | null {
  if (isRetailOrder(order)) {
    const row = period && retail.find((r) => r.country === order.country && r.unit === period.unit);
    if (!row || !period || !Number.isInteger(period.value) || period.value < 1) {
      return null;
    }
    return renewUnitPrice({ retail: row.price, renew: row.renewPrice }, period) * period.value * order.quantity;
  }
  // By id, as the server renews: the order keeps the name it was bought under, the package may be renamed.
  const pkg = packages.find((p) => p.id === order.packageId);
  if (!pkg) {
    return null;
  }
  return order.type === 'key' ? pkg.price * order.quantity : pkg.price;
}

export type BandwidthProblem = 'bandwidthInvalid' | 'bandwidthMax';

/** Extra GB for a package: a whole number of at least 1, and the total within the site's maximum. */
export function bandwidthProblem(currentGb: number, extraGb: number, maxGb: number): BandwidthProblem | null {
  if (!Number.isInteger(extraGb) || extraGb < 1) {
    return 'bandwidthInvalid';
  }
  return currentGb + extraGb > maxGb ? 'bandwidthMax' : null;
}
