import { z } from 'zod';
import { ZId, ZOk } from '../schemas/common.js';
import { PROXY_STATUSES, ZIdList } from '../schemas/orders.js';
import { endpoint } from './define.js';
import { ZIdParams } from './proxies.js';

/** The per-proxy URLs of a proxy or a rotating key (docs/tool-links.md). */
export const ZProxyLink = z.object({ proxyId: z.string(), changeIpUrl: z.string(), currentUrl: z.string() });
export const ZProxyLinksRequest = z.object({ listProxyId: ZIdList });

/** What `GET changeIpUrl` answers. */
export const ZChangeIpAnswer = z.object({ egressIp: z.string(), nextChangeIn: z.number().int() });

export const LIST_LINK_FORMATS = ['txt', 'csv', 'json'] as const;
export const ZListLinkFilter = z
  .object({
    type: z.enum(['v6', 'v4', 'bought']).optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((v) => v.toUpperCase())
      .optional(),
    tagId: ZId.optional(),
    status: z.enum(PROXY_STATUSES).optional(),
  })
  .strict();
export const ZCreateListLinkRequest = z.object({
  name: z.string().trim().min(1).max(80),
  filter: ZListLinkFilter.optional().default({}),
  format: z.enum(LIST_LINK_FORMATS).optional().default('txt'),
  template: z.string().max(300).optional(),
});
export const ZListLink = z.object({
  id: z.string(),
  name: z.string(),
  filter: z.object({
    type: z.string().optional(),
    country: z.string().optional(),
    tagId: z.string().optional(),
    status: z.string().optional(),
  }),
  format: z.enum(LIST_LINK_FORMATS),
  createdAt: z.string(),
  lastFetchedAt: z.string().nullable(),
  lastFetchIp: z.string().nullable(),
  lastUserAgent: z.string().nullable(),
  fetches: z.number().int(),
});
export type TListLink = z.infer<typeof ZListLink>;
export type TProxyLink = z.infer<typeof ZProxyLink>;
/** What a client sends to create a list URL (filter and format may be left out). */
export type TCreateListLinkInput = z.input<typeof ZCreateListLinkRequest>;

/** /api/proxy: links for tools (docs/wire-contract.md "Links for tools"). */
export const toolLinkEndpoints = {
  issueLinks: endpoint('POST', '/proxy/links', {
    body: ZProxyLinksRequest,
    response: z.array(ZProxyLink),
    errors: ['PROXY_NOT_EXISTS'],
  }),
  revokeLinks: endpoint('POST', '/proxy/links/revoke', {
    body: ZProxyLinksRequest,
    response: ZOk,
    errors: ['PROXY_NOT_EXISTS'],
  }),
  createListLink: endpoint('POST', '/proxy/list-links', {
    body: ZCreateListLinkRequest,
    response: z.object({ id: z.string(), url: z.string() }),
    errors: ['TAG_NOT_EXISTS'],
  }),
  listListLinks: endpoint('GET', '/proxy/list-links', { response: z.array(ZListLink) }),
  deleteListLink: endpoint('DELETE', '/proxy/list-links/:id', {
    params: ZIdParams,
    response: ZOk,
    errors: ['NOT_FOUND'],
  }),
};

/** The secret URLs themselves: the token authenticates, nothing else (docs/tool-links.md). */
export const ZLinkTokenParams = z.object({ token: z.string().max(200) });
/** `line` (host:port:user:pass) or `url` (scheme://user:pass@host:port, percent-escaped). */
export const ZCurrentLineQuery = z.object({ format: z.enum(['line', 'url']).optional().default('line') });
export const toolLinkPublicEndpoints = {
  changeIp: endpoint('GET', '/proxy/l/:token/change-ip', {
    params: ZLinkTokenParams,
    response: ZChangeIpAnswer,
    errors: ['NOT_FOUND', 'RESET_TOO_FAST', 'GET_IP_TOO_FAST', 'TOO_MANY_REQUEST'],
  }),
  current: endpoint('GET', '/proxy/l/:token/current', {
    params: ZLinkTokenParams,
    query: ZCurrentLineQuery,
    answer: 'file',
    errors: ['NOT_FOUND', 'TOO_MANY_REQUEST'],
  }),
  list: endpoint('GET', '/proxy/list/:token', {
    params: ZLinkTokenParams,
    answer: 'file',
    errors: ['NOT_FOUND', 'TOO_MANY_REQUEST'],
  }),
};
