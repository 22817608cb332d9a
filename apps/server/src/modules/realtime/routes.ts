import type { ModuleRoutes } from '../../lib/route.js';
import { eventRoutes } from './stream.js';

export const routes: ModuleRoutes = [{ plugin: eventRoutes }];
