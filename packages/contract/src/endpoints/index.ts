import type { AnyEndpoint } from './define.js';
import { auditEndpoints, dashboardEndpoints, eventEndpoints, tagEndpoints, usageEndpoints } from './account.js';
import { keyBuyEndpoints, orderAdminEndpoints, orderEndpoints, v4BuyEndpoints, v6BuyEndpoints } from './orders.js';
import {
  boughtProxyEndpoints,
  keyEndpoints,
  proxyMatchEndpoints,
  v4ProxyEndpoints,
  v6ProxyEndpoints,
} from './proxies.js';
import { landingEndpoints, supportEndpoints, toolEndpoints, tutorialEndpoints } from './content.js';
import { promotionEndpoints } from './promotions.js';
import { notifyEndpoints } from './notifications.js';
import { agencyAdminEndpoints, agencyEndpoints } from './agency.js';
import { apiKeyEndpoints, boughtCheckEndpoints, v4CheckEndpoints, v6CheckEndpoints } from './developer.js';
// Accounts, top-ups and gateway nodes (auth, user, log, bill, sub-server/admin).
import { authEndpoints } from './auth.js';
import { logEndpoints, userAdminEndpoints, userEndpoints } from './user.js';
import { billEndpoints, topupEndpoints, topupLogEndpoints, webhookEndpoints } from './payments.js';
import { nodeAdminEndpoints } from './supply.js';
import { nodeProtocolEndpoints } from './node-protocol.js';
import {
  bandwidthEndpoints,
  discountEndpoints,
  keyCountryEndpoints,
  keyPackageEndpoints,
  keyRetailEndpoints,
  v4CountryEndpoints,
  v4PackageEndpoints,
  v4RetailEndpoints,
  v6CountryEndpoints,
  v6PackageEndpoints,
  v6RetailEndpoints,
} from './catalog.js';
import { settingEndpoints, siteAdminEndpoints, siteEndpoints } from './site.js';
import { statsEndpoints } from './stats.js';
import { toolLinkEndpoints, toolLinkPublicEndpoints } from './tool-links.js';
import { marginEndpoints, supplierAdminEndpoints } from './suppliers.js';

export * from './define.js';
export * from './account.js';
export * from './orders.js';
export * from './proxies.js';
export * from './content.js';
export * from './promotions.js';
export * from './notifications.js';
export * from './agency.js';
export * from './developer.js';
export * from './auth.js';
export * from './user.js';
export * from './payments.js';
export * from './supply.js';
export * from './node-protocol.js';
export * from './catalog.js';
export * from './site.js';
export * from './stats.js';
export * from './tool-links.js';
export * from './suppliers.js';

/**
 * Every area of the registry (docs/wire-contract.md#registry). The server registers each entry
 * (apps/server/src/lib/route.ts) and app.test.ts checks that the routes it serves and these
 * entries are the same set.
 */
const AREAS = {
  v6ProxyEndpoints,
  v4ProxyEndpoints,
  boughtProxyEndpoints,
  keyEndpoints,
  proxyMatchEndpoints,
  toolLinkEndpoints,
  toolLinkPublicEndpoints,
  v6BuyEndpoints,
  v4BuyEndpoints,
  keyBuyEndpoints,
  orderEndpoints,
  orderAdminEndpoints,
  tagEndpoints,
  auditEndpoints,
  dashboardEndpoints,
  usageEndpoints,
  eventEndpoints,
  landingEndpoints,
  supportEndpoints,
  tutorialEndpoints,
  toolEndpoints,
  promotionEndpoints,
  notifyEndpoints,
  agencyEndpoints,
  agencyAdminEndpoints,
  apiKeyEndpoints,
  v6CheckEndpoints,
  v4CheckEndpoints,
  boughtCheckEndpoints,
  authEndpoints,
  userEndpoints,
  userAdminEndpoints,
  logEndpoints,
  topupEndpoints,
  topupLogEndpoints,
  billEndpoints,
  webhookEndpoints,
  nodeAdminEndpoints,
  nodeProtocolEndpoints,
  // catalogue, site and stats
  v6CountryEndpoints,
  v4CountryEndpoints,
  keyCountryEndpoints,
  v6RetailEndpoints,
  v4RetailEndpoints,
  keyRetailEndpoints,
  v6PackageEndpoints,
  v4PackageEndpoints,
  keyPackageEndpoints,
  discountEndpoints,
  bandwidthEndpoints,
  siteEndpoints,
  siteAdminEndpoints,
  settingEndpoints,
  statsEndpoints,
  supplierAdminEndpoints,
  marginEndpoints,
};

type Areas = typeof AREAS;
type AreaEntry = { [A in keyof Areas]: Areas[A][keyof Areas[A]] }[keyof Areas];

/** Each endpoint by its key, `METHOD /path` (the path under /api, with `:params`). */
export type Endpoints = { [E in AreaEntry as E extends AnyEndpoint ? E['key'] : never]: E };
export type EndpointKey = keyof Endpoints;

/** Each endpoint by its key, built once from the areas. */
export const ENDPOINTS = Object.fromEntries(
  Object.values(AREAS).flatMap((area) => Object.values(area as Record<string, AnyEndpoint>).map((e) => [e.key, e])),
) as unknown as Endpoints;
