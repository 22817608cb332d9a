import { z } from 'zod';
import { ZOk } from '../schemas/common.js';
import {
  ZContentLangQuery,
  ZDownloads,
  ZDownloadsUpdate,
  ZLanding,
  ZLandingUpdate,
  ZMyIp,
  ZSupportInfo,
  ZTutorialAdmin,
  ZTutorialDetail,
  ZTutorialInput,
  ZTutorialListItem,
  ZTutorialSlugParams,
} from '../schemas/content.js';
import { ZCheckProxyRequest } from '../schemas/checker.js';
import { endpoint } from './define.js';
import { ZIdParams } from './proxies.js';

/** /api/landing: the landing texts, FAQ and quotes (docs/wire-contract.md#site-content). */
export const landingEndpoints = {
  detail: endpoint('GET', '/landing/detail', { response: ZLanding }),
  update: endpoint('PUT', '/landing/update/:id', {
    params: ZIdParams,
    body: ZLandingUpdate,
    response: ZLanding,
    errors: ['NOT_FOUND'],
  }),
};

/** /api/support: the site's support channels. */
export const supportEndpoints = {
  supportInfo: endpoint('GET', '/support/support-info', { response: ZSupportInfo }),
  addSupport: endpoint('POST', '/support/admin/add-support', { body: ZSupportInfo, response: ZSupportInfo }),
};

/** /api/tutorial: articles in one language for readers, both languages for the admin. */
export const tutorialEndpoints = {
  list: endpoint('GET', '/tutorial/list', { query: ZContentLangQuery, response: z.array(ZTutorialListItem) }),
  detail: endpoint('GET', '/tutorial/detail/:slug', {
    params: ZTutorialSlugParams,
    query: ZContentLangQuery,
    response: ZTutorialDetail,
    errors: ['NOT_FOUND'],
  }),
  adminList: endpoint('GET', '/tutorial/admin/list', { response: z.array(ZTutorialAdmin) }),
  adminCreate: endpoint('POST', '/tutorial/admin/create', {
    body: ZTutorialInput,
    response: ZTutorialAdmin,
    errors: ['SLUG_EXISTS'],
  }),
  adminUpdate: endpoint('PUT', '/tutorial/admin/update/:id', {
    params: ZIdParams,
    body: ZTutorialInput,
    response: ZTutorialAdmin,
    errors: ['SLUG_EXISTS', 'NOT_FOUND'],
  }),
  adminDelete: endpoint('DELETE', '/tutorial/admin/delete/:id', {
    params: ZIdParams,
    response: ZOk,
    errors: ['NOT_FOUND'],
  }),
};

/** /api/tools: downloads, "my IP" and the free proxy checker. */
export const toolEndpoints = {
  downloads: endpoint('GET', '/tools/downloads', { response: ZDownloads }),
  adminDownloads: endpoint('PUT', '/tools/admin/downloads', { body: ZDownloadsUpdate, response: ZDownloads }),
  myIp: endpoint('GET', '/tools/my-ip', { response: ZMyIp }),
  /** NDJSON: one result per proxy as soon as it is done, then {"done":N}. */
  checkProxy: endpoint('POST', '/tools/check-proxy', {
    body: ZCheckProxyRequest,
    answer: 'stream',
    errors: ['ADMIN_ERROR'],
  }),
};
