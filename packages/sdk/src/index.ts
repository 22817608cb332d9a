export {
  ProxyApiError,
  ProxyPanelClient,
  type ClientOptions,
  type Page,
  type Product,
  type ProxyType,
  type RateLimit,
} from './client.js';
