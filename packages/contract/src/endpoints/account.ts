import { z } from 'zod';
import { ZOk } from '../schemas/common.js';
import { ZTag, ZTagNameRequest, ZTagTypeQuery } from '../schemas/orders.js';
import { ZAdminAuditListQuery, ZAuditListQuery, ZAuditPage } from '../schemas/audit.js';
import { ZDashboardSummary, ZDashboardSummaryQuery } from '../schemas/dashboard.js';
import { ZUsageHistory, ZUsageHistoryQuery } from '../schemas/usage.js';
import { endpoint } from './define.js';
import { ZIdParams } from './proxies.js';

/** /api/tag/… (docs/wire-contract.md#tags). */
export const tagEndpoints = {
  listTags: endpoint('GET', '/tag/list-tags', { query: ZTagTypeQuery, response: z.array(ZTag) }),
  createTag: endpoint('POST', '/tag/create-tag', {
    query: ZTagTypeQuery,
    body: ZTagNameRequest,
    response: ZTag,
    errors: ['TAG_ALREADY_EXISTS'],
  }),
  updateTag: endpoint('POST', '/tag/update-tag/:id', {
    params: ZIdParams,
    body: ZTagNameRequest,
    response: ZOk,
    errors: ['TAG_ALREADY_EXISTS', 'TAG_NOT_EXISTS'],
  }),
  deleteTag: endpoint('DELETE', '/tag/delete-tag/:id', {
    params: ZIdParams,
    response: ZOk,
    errors: ['TAG_NOT_EXISTS'],
  }),
};

/** /api/audit/… (docs/wire-contract.md#audit). */
export const auditEndpoints = {
  /** Filtering by one proxy, key or order of the caller's: another's answers as unknown. */
  list: endpoint('GET', '/audit/list', {
    query: ZAuditListQuery,
    response: ZAuditPage,
    errors: ['PROXY_NOT_EXISTS', 'KEY_NOT_EXISTS', 'ORDER_NOT_EXIST'],
  }),
  adminList: endpoint('GET', '/audit/admin/list', { query: ZAdminAuditListQuery, response: ZAuditPage }),
};

/** /api/dashboard/… */
export const dashboardEndpoints = {
  summary: endpoint('GET', '/dashboard/summary', { query: ZDashboardSummaryQuery, response: ZDashboardSummary }),
};

/** /api/usage (docs/wire-contract.md#usage); the live stream (SSE) is outside the registry. */
export const usageEndpoints = {
  proxy: endpoint('GET', '/usage/proxy/:id', {
    params: z.object({ id: z.string().max(100) }),
    query: ZUsageHistoryQuery,
    response: ZUsageHistory,
    errors: ['PROXY_NOT_EXISTS'],
  }),
  /** The caller's proxies' traffic as it is reported (Server-Sent Events). */
  live: endpoint('GET', '/usage/live', { answer: 'events' }),
};

/** GET /api/events: the caller's realtime events (docs/wire-contract.md#realtime). */
export const eventEndpoints = {
  stream: endpoint('GET', '/events', { answer: 'events' }),
};
