import { ZStatsBreakdown, ZStatsDaily, ZStatsRangeQuery, ZStock, ZTotalStats } from '../schemas/stats.js';
import { endpoint } from './define.js';

/** /api/stats/admin/… (docs/wire-contract.md#stats): figures of the admin's own site. */
export const statsEndpoints = {
  totalStats: endpoint('GET', '/stats/admin/get-total-stats', { response: ZTotalStats }),
  statsDaily: endpoint('GET', '/stats/admin/get-stats-daily', { query: ZStatsRangeQuery, response: ZStatsDaily }),
  statsBreakdown: endpoint('GET', '/stats/admin/get-stats-breakdown', {
    query: ZStatsRangeQuery,
    response: ZStatsBreakdown,
  }),
  stock: endpoint('GET', '/stats/admin/stock', { response: ZStock }),
};
