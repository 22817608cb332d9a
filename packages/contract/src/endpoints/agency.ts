import { ZListQuery, ZOk } from '../schemas/common.js';
import {
  ZAgency,
  ZAgencyAdminListQuery,
  ZAgencyAdminUpdateRequest,
  ZAgencyCreateRequest,
  ZAgencyMemberPage,
  ZAgencyMembership,
  ZAgencyMyStats,
  ZAgencyPage,
  ZAgencyStats,
  ZAgencyStatsQuery,
  ZAgencyToggleRequest,
  ZAgencyTransferRequest,
  ZAgencyTransferResponse,
  ZAgencyUpdateRequest,
} from '../schemas/agency.js';
import { endpoint } from './define.js';
import { ZIdempotencyHeaders } from './orders.js';
import { ZIdParams } from './proxies.js';

/** NOT_FOUND: every agency call, on a site that does not show the agency API (docs/wire-contract.md#agency). */
const NO_AGENCY = ['NOT_FOUND', 'AGENCY_NOT_EXISTS'] as const;

/** /api/agency/… (docs/wire-contract.md#agency): the agency owner's and a member's calls. */
export const agencyEndpoints = {
  create: endpoint('POST', '/agency/create', {
    body: ZAgencyCreateRequest,
    response: ZAgency,
    errors: ['NOT_FOUND', 'AGENCY_ALREADY_HAVE', 'REF_ALREADY_EXISTS'],
  }),
  detail: endpoint('GET', '/agency/detail', { response: ZAgency, errors: NO_AGENCY }),
  update: endpoint('PUT', '/agency/update', { body: ZAgencyUpdateRequest, response: ZAgency, errors: NO_AGENCY }),
  listMember: endpoint('GET', '/agency/list-member', {
    query: ZListQuery,
    response: ZAgencyMemberPage,
    errors: NO_AGENCY,
  }),
  myStats: endpoint('GET', '/agency/my-stats', { response: ZAgencyMyStats, errors: NO_AGENCY }),
  stats: endpoint('GET', '/agency/stats', { query: ZAgencyStatsQuery, response: ZAgencyStats, errors: NO_AGENCY }),
  membership: endpoint('GET', '/agency/member/detail-agency', { response: ZAgencyMembership, errors: ['NOT_FOUND'] }),
  transfer: endpoint('POST', '/agency/transfer', {
    headers: ZIdempotencyHeaders,
    body: ZAgencyTransferRequest,
    response: ZAgencyTransferResponse,
    errors: [...NO_AGENCY, 'AGENCY_NOT_ACTIVE', 'USER_NOT_EXISTS', 'NOT_ENOUGH_MONEY', 'IDEMPOTENCY_KEY_REUSED'],
  }),
};

/** /api/agency-admin/…: the site admin's calls, on the admin's own site only. */
export const agencyAdminEndpoints = {
  listAgency: endpoint('GET', '/agency-admin/list-agency', {
    query: ZAgencyAdminListQuery,
    response: ZAgencyPage,
    errors: ['NOT_FOUND'],
  }),
  toggleAgencyStatus: endpoint('PUT', '/agency-admin/toggle-agency-status', {
    body: ZAgencyToggleRequest,
    response: ZAgency,
    errors: NO_AGENCY,
  }),
  update: endpoint('PUT', '/agency-admin/update', {
    body: ZAgencyAdminUpdateRequest,
    response: ZAgency,
    errors: NO_AGENCY,
  }),
  delete: endpoint('DELETE', '/agency-admin/delete/:id', { params: ZIdParams, response: ZOk, errors: NO_AGENCY }),
};
