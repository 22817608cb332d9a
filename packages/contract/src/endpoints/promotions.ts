import { ZListQuery, zPage } from '../schemas/common.js';
import {
  ZPromotion,
  ZPromotionCreateRequest,
  ZPromotionStats,
  ZPromotionStatsQuery,
  ZPromotionUpdateRequest,
} from '../schemas/promotions.js';
import { endpoint } from './define.js';
import { ZIdParams } from './proxies.js';

/** /api/promotion/… (docs/wire-contract.md#promotions): the running one, and the admin's calls. */
export const promotionEndpoints = {
  get: endpoint('GET', '/promotion/get', { response: ZPromotion.nullable() }),
  add: endpoint('POST', '/promotion/add', {
    body: ZPromotionCreateRequest,
    response: ZPromotion,
    errors: ['PROMOTION_ACTIVE_EXISTS'],
  }),
  update: endpoint('PUT', '/promotion/update/:id', {
    params: ZIdParams,
    body: ZPromotionUpdateRequest,
    response: ZPromotion,
    errors: ['PROMOTION_NOT_EXISTS', 'PROMOTION_ACTIVE_EXISTS'],
  }),
  list: endpoint('GET', '/promotion/list', { query: ZListQuery, response: zPage(ZPromotion) }),
  stats: endpoint('GET', '/promotion/stats', {
    query: ZPromotionStatsQuery,
    response: ZPromotionStats,
    errors: ['PROMOTION_NOT_EXISTS'],
  }),
};
