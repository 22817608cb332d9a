import type { ModuleRoutes } from '../../lib/route.js';
import { nodeAdminRoutes } from './admin-routes.js';
import { nodeRoutes } from './node-routes.js';

export const routes: ModuleRoutes = [
  { plugin: nodeRoutes, prefix: '/sub-server' },
  { plugin: nodeAdminRoutes, prefix: '/sub-server/admin' },
];
