/**
 * Site content (docs/wire-contract.md#site-content): landing texts, FAQ and quotes, support
 * channels, tutorials and downloads, with the HTML allow-list in `sanitize.ts`. The maintenance
 * notice is a site setting (site); plugins/maintenance.ts adds its check to the paused routes.
 */
export { sanitizeContentHtml } from './sanitize.js';
