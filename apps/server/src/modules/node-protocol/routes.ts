import type { ModuleRoutes } from '../../lib/route.js';
import { nodeRoutes } from './node-routes.js';

export const routes: ModuleRoutes = [{ plugin: nodeRoutes, prefix: '/sub-server' }];
