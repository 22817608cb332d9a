/**
 * The developer API's keys (docs/wire-contract.md#developer-api). `api_keys` keeps one row per user:
 * the SHA-256 of the key (never the key), its hint and 1–3 allowed IPv4 addresses; rotating is one
 * upsert, so of concurrent rotations the last committed is the only key that works.
 * `authenticateKey` (called by plugins/auth.ts for `X-Api-Key`) looks the hash up, checks `req.ip`
 * against the allowed list and counts the call in `rate_limits` (a fixed one-minute window, the
 * site's `apiRateLimitPerMin`; a second counter per UTC day). A keyed request has no session, so
 * `SESSION_ONLY_ROUTES` refuse it. One file per call, each with its statements:
 * `authenticate-key.ts`, `rotate-key.ts`, `api-info.ts`, `allowed-ips.ts`. `openapi.ts` with
 * `openapi-catalog*.ts` builds the public `GET /api/openapi.json` from the customer operations
 * only; openapi.test.ts fails when a new route is neither catalogued nor excluded.
 */
export { authenticateKey, type KeyedCall } from './authenticate-key.js';
export { rotateApiKey } from './rotate-key.js';
export { SESSION_ONLY_ROUTES } from './openapi-catalog.js';
