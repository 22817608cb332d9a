import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { proxyMatchEndpoints } from '@proxy/contract';
import { route } from '../../lib/route.js';
import { authenticate } from '../../plugins/auth.js';
import { matchProxyLines } from './match.js';

/** POST /api/proxy/match: "paste to act" on /manage-proxy. */
export const proxyMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    proxyMatchEndpoints.match,
    {
      preHandler: authenticate,
      // 10,000 long lines fit; the text's own limit gives VALIDATION_ERROR before this.
      bodyLimit: 2 * 1024 * 1024,
      schema: { tags: ['proxy'] },
    },
    async (req) => matchProxyLines(app.ctx, req.user.id, req.body.text, req.body.withProxies),
  );
};
