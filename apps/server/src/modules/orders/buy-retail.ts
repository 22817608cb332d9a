import {
  buyEndpoints,
  discountPercent,
  quote,
  type TBuyRetailRequest,
  type TOrder,
  type TProxy,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import * as catalog from '../catalog/index.js';
import { idemOf, oncePerIdempotencyKey, repeatOf, type Asked } from './idempotency.js';
import { toOrder, toProxy, type OrderRow } from './mapper.js';
import { assertProductOpen, purchase, purchaseResult, settled, type Buyer } from './purchase.js';
import { assertRetailQuantity, findSellingRetailPrice } from './retail-price.js';

/** POST /api/{v6,v4}-proxy/buy-retail: a quantity of one country's proxies at the retail price. */
export function buyRetailRoute(app: RouteApp, product: 'v6' | 'v4', opts: RouteOptions): void {
  route(app, buyEndpoints(product).buyRetail, opts, async (req) =>
    buyRetail(app.ctx, { id: req.user.id, siteId: req.site.id }, product, req.body, req.headers['idempotency-key']),
  );
}

/** A quantity of one country's proxies at the retail price, with the discount tier of the quantity. */
export async function buyRetail(
  ctx: AppContext,
  buyer: Buyer,
  product: 'v6' | 'v4',
  body: TBuyRetailRequest,
  idempotencyKey?: string,
): Promise<{ order: TOrder; proxies: TProxy[] }> {
  const asked = {
    product,
    country: body.country,
    quantity: body.quantity,
    periodUnit: body.period.unit,
    periodValue: body.period.value,
    protocol: body.protocol,
  } satisfies Asked;
  const idem = idemOf(idempotencyKey, asked);
  const replay = (prior: OrderRow) => purchaseResult(ctx, prior);
  const repeat = await repeatOf(ctx, buyer, idem, replay);
  if (repeat) {
    return repeat.answer;
  }
  await assertProductOpen(ctx.db, buyer.siteId, product);
  const price = await findSellingRetailPrice(ctx.db, buyer.siteId, product, body.country, body.period.unit);
  assertRetailQuantity(price, body.quantity, body.quantity, {
    path: 'body.quantity',
    message: `must be a multiple of ${price.quantityStep} and at most ${price.maxQuantity}`,
  });
  const tiers = await catalog.listDiscountTiers(ctx.db, buyer.siteId, product);
  const q = quote({
    unitPrice: price.price,
    period: body.period,
    quantity: body.quantity,
    discountPercent: discountPercent(tiers, body.quantity),
  });
  const answer = await oncePerIdempotencyKey(
    ctx,
    buyer,
    idem,
    () =>
      ctx.db.transaction(async (tx) => {
        const r = await purchase(
          ctx,
          tx,
          buyer,
          {
            product,
            order: {
              ...asked,
              type: product,
              product,
              totalPrice: q.total,
              autoRenew: body.autoRenew,
            },
            period: body.period,
            charge: {
              total: q.total,
              gross: q.gross,
              describe: `${body.quantity} × ${product.toUpperCase()} ${body.country}, ${body.period.value} ${body.period.unit}`,
              i18n: (code) => ({
                key: 'buyRetail',
                params: { code, quantity: body.quantity, product, country: body.country, period: body.period },
              }),
            },
            proxy: { type: product, protocol: body.protocol, country: body.country, autoRenew: body.autoRenew },
            note: '',
          },
          idem,
        );
        return { order: toOrder(r.order), proxies: r.rows.map((row) => toProxy(row, r.host(row))) };
      }),
    replay,
  );
  return settled(ctx, answer, replay);
}
