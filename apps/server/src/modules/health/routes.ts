import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealth } from '@proxy/contract';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: ZHealth, 503: ZHealth } } },
    async (_req, reply) => {
      const up = await app.ctx.database.ping();
      const body = {
        status: up ? ('ok' as const) : ('degraded' as const),
        db: up ? ('ok' as const) : ('down' as const),
        dbKind: app.ctx.database.kind,
        version: app.ctx.config.version,
      };
      return reply.status(up ? 200 : 503).send(body);
    },
  );
};
