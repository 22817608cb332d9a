import type { ModuleRoutes } from '../../lib/route.js';
import { bandwidthRoutes } from './bandwidth-price.js';
import { countryRoutes } from './countries.js';
import { discountRoutes } from './discounts.js';
import { packageRoutes } from './packages.js';
import { retailRoutes } from './retail-prices.js';

export const routes: ModuleRoutes = [
  { plugin: countryRoutes, prefix: '/country' },
  ...(['v6', 'v4', 'key'] as const).flatMap((product) => [
    { plugin: retailRoutes(product), prefix: `/${product}-retail` },
    { plugin: packageRoutes(product), prefix: `/${product}-package` },
  ]),
  { plugin: discountRoutes, prefix: '/discount' },
  { plugin: bandwidthRoutes, prefix: '/bandwidth' },
];
