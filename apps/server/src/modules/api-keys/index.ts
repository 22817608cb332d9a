/**
 * The developer API's keys: rotating a key (POST /api/user/generate-key) and authenticating an
 * `X-Api-Key` call (plugins/auth.ts). Its own routes (/api/api/…, /api/openapi.json) are registered
 * by app.ts from routes.ts.
 */
export { authenticateKey, rotateApiKey, type KeyedCall } from './service.js';
export { SESSION_ONLY_ROUTES } from './openapi-catalog.js';
