/**
 * The catalogue (docs/product-rules.md#catalogue): countries with their stock, retail prices, packages,
 * discount tiers and bandwidth prices, and the admin's edits; other modules read it through here,
 * and site copies it into a new site (`copyCatalog`).
 */
export { findBandwidthPrice, findCountry, findPackage, findRetailPrice, listDiscountTiers } from './queries.js';
export { copyCatalog } from './copy-catalog.js';
