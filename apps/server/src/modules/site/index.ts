/** Sites: resolving a host, a site's public info and promotion, and its settings document. */
export { activeMaintenance, getSiteById, siteInfo, SiteResolver } from './service.js';
export type { Site } from './repository.js';
export { findSiteSettings, lockSiteSettings, writeSiteSettings } from './settings-repository.js';
export { recordSettingChanges, type Actor } from './setting-changes.js';
