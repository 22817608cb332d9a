import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCountryCode, ZProduct } from '@proxy/contract';
import { authenticate, requireOwner } from '../../plugins/auth.js';
import * as nodes from './admin-service.js';

const ZIdParams = z.object({ id: z.string().uuid() });
const ZPort = z.number().int().min(1).max(65535);
const ZNode = z.object({
  id: z.string(),
  name: z.string(),
  host: z.string(),
  status: z.enum(['active', 'disabled']),
  portFrom: z.number().int(),
  portTo: z.number().int(),
  ipv6Prefix: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  online: z.boolean(),
  proxies: z.number().int(),
  freePorts: z.number().int(),
  trafficBytes: z.number().int(),
});
const ZEgressGroup = z.object({
  product: z.string(),
  country: z.string(),
  family: z.number().int(),
  kind: z.enum(['pool', 'prefix', 'shared']),
  total: z.number().int(),
  held: z.number().int(),
  sample: z.string(),
});

/** /api/sub-server/admin/*: gateway nodes are the owner's infrastructure, shared by every site. */
// eslint-disable-next-line max-lines-per-function -- route table: one short handler per endpoint of this prefix
export const nodeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sub-server'];
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireOwner);

  app.get('/list', { schema: { tags, response: { 200: z.array(ZNode) } } }, async () => nodes.listNodes(app.ctx));

  app.post(
    '/create',
    {
      schema: {
        tags,
        body: z.object({
          name: z.string().trim().min(1).max(60),
          host: z.string().trim().min(1).max(255),
          portFrom: ZPort,
          portTo: ZPort,
          ipv6Prefix: z.string().max(64).nullish(),
        }),
        response: { 200: z.object({ id: z.string(), secret: z.string() }) },
      },
    },
    async (req) => nodes.createSubServer(app.ctx, req.body),
  );

  app.put(
    '/update/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: z.object({
          name: z.string().trim().min(1).max(60).optional(),
          host: z.string().trim().min(1).max(255).optional(),
          status: z.enum(['active', 'disabled']).optional(),
          portFrom: ZPort.optional(),
          portTo: ZPort.optional(),
          ipv6Prefix: z.string().max(64).nullish(),
        }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req) => {
      await nodes.updateSubServer(app.ctx, req.params.id, req.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/rotate-secret/:id',
    { schema: { tags, params: ZIdParams, response: { 200: z.object({ secret: z.string() }) } } },
    async (req) => ({
      secret: await nodes.rotateNodeSecret(app.ctx, req.params.id),
    }),
  );

  app.get(
    '/egress/:id',
    { schema: { tags, params: ZIdParams, response: { 200: z.array(ZEgressGroup) } } },
    async (req) => nodes.listEgress(app.ctx, req.params.id),
  );

  app.post(
    '/add-egress/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: z.object({
          product: ZProduct,
          country: ZCountryCode,
          ips: z.array(z.string().max(64)).max(4096).optional(),
          cidr: z.string().max(64).optional(),
          prefix: z.string().max(64).optional(),
          shared: z.string().max(64).optional(),
        }),
        response: { 200: z.array(ZEgressGroup) },
      },
    },
    async (req) => nodes.addEgressToNode(app.ctx, req.params.id, req.body),
  );

  app.delete(
    '/delete-egress/:id',
    {
      schema: {
        tags,
        params: ZIdParams,
        body: z.object({ product: ZProduct, country: ZCountryCode }),
        response: { 200: z.array(ZEgressGroup) },
      },
    },
    async (req) => nodes.removeEgress(app.ctx, req.params.id, req.body.product, req.body.country),
  );
};
