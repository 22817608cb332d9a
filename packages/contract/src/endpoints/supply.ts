import { z } from 'zod';
import { ZOk } from '../schemas/common.js';
import { ZCountryCode, ZProduct } from '../schemas/catalog.js';
import { endpoint } from './define.js';
import { ZIdParams } from './proxies.js';

const ZPort = z.number().int().min(1).max(65535);
const ZNodeStatus = z.enum(['active', 'disabled']);

/** A gateway node as the owner's list shows it, with its live figures. */
export const ZNode = z.object({
  id: z.string(),
  name: z.string(),
  host: z.string(),
  status: ZNodeStatus,
  portFrom: z.number().int(),
  portTo: z.number().int(),
  ipv6Prefix: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  online: z.boolean(),
  proxies: z.number().int(),
  freePorts: z.number().int(),
  trafficBytes: z.number().int(),
});
export type TNode = z.infer<typeof ZNode>;

/** A node's egress addresses of one product and country: a pool, an IPv6 prefix or a shared address. */
export const ZEgressGroup = z.object({
  product: z.string(),
  country: z.string(),
  family: z.number().int(),
  kind: z.enum(['pool', 'prefix', 'shared']),
  total: z.number().int(),
  held: z.number().int(),
  sample: z.string(),
});
export type TEgressGroup = z.infer<typeof ZEgressGroup>;

export const ZNodeCreateRequest = z.object({
  name: z.string().trim().min(1).max(60),
  host: z.string().trim().min(1).max(255),
  portFrom: ZPort,
  portTo: ZPort,
  ipv6Prefix: z.string().max(64).nullish(),
});
/** The node's id and secret: the secret is shown once. */
export const ZNodeCredentials = z.object({ id: z.string(), secret: z.string() });

export const ZNodeUpdateRequest = z.object({
  name: z.string().trim().min(1).max(60).optional(),
  host: z.string().trim().min(1).max(255).optional(),
  status: ZNodeStatus.optional(),
  portFrom: ZPort.optional(),
  portTo: ZPort.optional(),
  ipv6Prefix: z.string().max(64).nullish(),
});

/** Addresses to add: a list, an IPv4 CIDR (/20 to /32), an IPv6 prefix or one shared address. */
export const ZAddEgressRequest = z.object({
  product: ZProduct,
  country: ZCountryCode,
  ips: z.array(z.string().max(64)).max(4096).optional(),
  cidr: z.string().max(64).optional(),
  prefix: z.string().max(64).optional(),
  shared: z.string().max(64).optional(),
});
export const ZDeleteEgressRequest = z.object({ product: ZProduct, country: ZCountryCode });

/**
 * /api/sub-server/admin/…: gateway nodes, the owner's infrastructure shared by every site (the
 * gateway's own /api/sub-server calls stay outside the registry).
 */
export const nodeAdminEndpoints = {
  list: endpoint('GET', '/sub-server/admin/list', { response: z.array(ZNode) }),
  create: endpoint('POST', '/sub-server/admin/create', { body: ZNodeCreateRequest, response: ZNodeCredentials }),
  update: endpoint('PUT', '/sub-server/admin/update/:id', {
    params: ZIdParams,
    body: ZNodeUpdateRequest,
    response: ZOk,
    errors: ['NOT_FOUND'],
  }),
  rotateSecret: endpoint('POST', '/sub-server/admin/rotate-secret/:id', {
    params: ZIdParams,
    response: z.object({ secret: z.string() }),
    errors: ['NOT_FOUND'],
  }),
  egress: endpoint('GET', '/sub-server/admin/egress/:id', { params: ZIdParams, response: z.array(ZEgressGroup) }),
  addEgress: endpoint('POST', '/sub-server/admin/add-egress/:id', {
    params: ZIdParams,
    body: ZAddEgressRequest,
    response: z.array(ZEgressGroup),
    errors: ['NOT_FOUND', 'INVALID_IP'],
  }),
  deleteEgress: endpoint('DELETE', '/sub-server/admin/delete-egress/:id', {
    params: ZIdParams,
    body: ZDeleteEgressRequest,
    response: z.array(ZEgressGroup),
  }),
};
