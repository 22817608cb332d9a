export {
  ProxyApiError,
  ProxyPanelClient,
  type ClientOptions,
  type CreateListLinkInput,
  type Page,
  type Product,
  type ProxyLink,
  type ProxyType,
  type RateLimit,
} from './client.js';
