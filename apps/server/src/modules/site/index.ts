/**
 * Sites (docs/product-rules.md#sites): resolving a host to its site (`SiteResolver`, cached per
 * instance and dropped on every instance by a `site_changes` NOTIFY), `get-site-info`, the owner's
 * sites admin (`admin-*.ts`: list, create with a copy of another site's catalogue through catalog's
 * `copyCatalog`, edit, hosts), the logo (`logo.ts`, table `site_logos`), the history of settings
 * changes (`setting-changes.ts`) and the admin's site settings. `settings-repository.ts` reads and
 * locks the settings document for the modules that keep a part of it (payments). Exported besides:
 * the product switches a purchase checks (orders).
 */
export { activeMaintenance, getSiteById, paymentMethodOn, siteInfo, SiteResolver } from './service.js';
export { findProductSwitches, type Site } from './repository.js';
export { findSiteSettings, findTelegramSites, lockSiteSettings, writeSiteSettings } from './settings-repository.js';
export { recordSettingChanges, type Actor } from './setting-changes.js';
