/** The catalogue as other modules read it: countries, prices, packages and discount tiers. */
export { findBandwidthPrice, findCountry, findPackage, findRetailPrice, listDiscountTiers } from './repository.js';
export { copyCatalog } from './copy-repository.js';
