import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { landingRoutes } from './landing.js';
import { supportRoutes } from './support.js';
import { toolRoutes } from './tools.js';
import { tutorialRoutes } from './tutorials.js';

/** A plugin per prefix, each tagged for the OpenAPI document. */
const under =
  (register: typeof landingRoutes, tag: string): FastifyPluginAsyncZod =>
  async (app) =>
    register(app, { schema: { tags: [tag] } });

export const routes: ModuleRoutes = [
  { plugin: under(toolRoutes, 'tools'), prefix: '/tools' },
  { plugin: under(landingRoutes, 'landing'), prefix: '/landing' },
  { plugin: under(supportRoutes, 'support'), prefix: '/support' },
  { plugin: under(tutorialRoutes, 'tutorial'), prefix: '/tutorial' },
];
