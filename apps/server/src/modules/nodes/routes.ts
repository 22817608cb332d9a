import type { ModuleRoutes } from '../../lib/route.js';
import { nodeAdminRoutes } from './admin-routes.js';

export const routes: ModuleRoutes = [{ plugin: nodeAdminRoutes, prefix: '/sub-server/admin' }];
