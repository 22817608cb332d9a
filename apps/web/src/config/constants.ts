/** The web app's own constants (docs/product-rules.md#constants); business constants live in @proxy/contract. */
export const TOAST_DURATION_MS = 3000;
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userInfo: 'userInfo',
  clientLanguage: 'clientLanguage',
  lastTopupId: 'lastTopupId',
  /** When (this device's clock, ms) the access token is due for renewal, a little before it expires. */
  accessTokenRenewAt: 'accessTokenRenewAt',
} as const;
