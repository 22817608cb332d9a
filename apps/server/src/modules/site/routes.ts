import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSiteInfo } from '@proxy/contract';
import { siteInfo } from './service.js';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/get-site-info', { schema: { tags: ['site'], response: { 200: ZSiteInfo } } }, async (req) =>
    siteInfo(req.site, app.ctx),
  );
};
