/** Site content: landing, FAQ and quotes, support channels, tutorials, downloads (docs/wire-contract.md#site-content). */
export { sanitizeContentHtml } from './sanitize.js';
