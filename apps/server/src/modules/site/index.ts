/**
 * Sites (docs/product-rules.md#sites): resolving a host to its site (`SiteResolver` in
 * `resolve-site.ts`, cached per instance and dropped on every instance by a `site_changes` NOTIFY),
 * `get-site-info` (`site-info.ts`), the owner's sites admin (`view-sites.ts`, `save-site.ts`:
 * create with a copy of another site's catalogue through catalog's `copyCatalog`, edit, hosts), the
 * logo (`logo.ts`, table `site_logos`), the history of settings changes (`setting-changes.ts`) and
 * the admin's site settings (`settings.ts`). `queries.ts` reads and locks the settings document for
 * the modules that keep a part of it (payments, notifications). Exported besides: the product
 * switches a purchase checks (orders).
 */
export {
  findProductSwitches,
  findSiteById,
  findSiteSettings,
  findTelegramSites,
  lockSiteSettings,
  type Actor,
  writeSiteSettings,
  type Site,
} from './queries.js';
export { SiteResolver } from './resolve-site.js';
export { recordSettingChanges } from './setting-changes.js';
export { activeMaintenance, paymentMethodOn, siteInfo } from './site-info.js';
