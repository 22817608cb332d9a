import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as catalog from '../catalog/index.js';

export type RetailPrice = NonNullable<Awaited<ReturnType<typeof catalog.findRetailPrice>>>;

/**
 * The retail price of `product` in `country` for `unit`, if the country is on sale there; what
 * buying retail, increasing an order and changing its country price by. INVALID_COUNTRY otherwise.
 */
export async function findSellingRetailPrice(
  db: DbOrTx,
  siteId: string,
  product: 'v6' | 'v4',
  country: string,
  unit: string,
): Promise<RetailPrice> {
  const row = await catalog.findCountry(db, siteId, product, country);
  const price = row?.enabled ? await catalog.findRetailPrice(db, siteId, product, country, unit) : undefined;
  if (!price) {
    throw new AppError('INVALID_COUNTRY');
  }
  return price;
}

/**
 * docs/product-rules.md#purchases: what is added is a multiple of the price's step and the order
 * ends at most at its maximum; otherwise VALIDATION_ERROR with both bounds (and `data`) in its data.
 */
export function assertRetailQuantity(
  price: Pick<RetailPrice, 'quantityStep' | 'maxQuantity'>,
  added: number,
  total: number,
  issue: { path: string; message: string },
  data: { quantity?: number } = {},
): void {
  if (added % price.quantityStep !== 0 || total > price.maxQuantity) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [issue],
      quantityStep: price.quantityStep,
      maxQuantity: price.maxQuantity,
      ...data,
    });
  }
}
