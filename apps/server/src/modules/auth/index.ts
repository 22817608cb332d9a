/**
 * Accounts and sessions: register, mailed codes, verify, login (2FA, captcha, rate limits), Google
 * sign-in, token rotation with reuse detection, logout, password reset. `service.ts` is what the
 * routes call; the work is in `guards.ts` (request meta, limits, captcha), `codes.ts`,
 * `registration.ts`, `sessions.ts` (the successor of a spent refresh token is derived from it, so a
 * reuse within `REFRESH_REUSE_GRACE_MS` gets the same pair), `google.ts` and `password-reset.ts`;
 * `tokens.ts` signs JWTs (HS256, key derived from `APP_SECRET`). Exported here: sessions and their
 * users (plugins/auth.ts authenticates with these), the checks and the statements on users of the
 * account calls (modules/user), the transfer code (payments) and the dashboard's balance, in
 * `account-repository.ts`, and the maintenance purge.
 */
export { assertEmail, checkTotp, getSessionUser, getUserById, startSession, type RequestMeta } from './service.js';
export { findAuthUser, findUserById, revokeUserSessions, updateUser, type AuthUser, type User } from './repository.js';
export {
  balanceOnSite,
  findBalance,
  findCodeBill,
  findOwnView,
  insertAdminUser,
  listSiteUsers,
  setCodeBillIfUnset,
  type UserPatch,
} from './account-repository.js';
export { findAuthUserWith, type SessionStatementPart } from './session-repository.js';
export { sessionCacheOf, sessionsSettled } from './session-cache.js';
export { purgeExpiredCredentials } from './expiry-repository.js';
export { meOf, meView } from './mapper.js';
export { dropRecoveryCodes, replaceRecoveryCodes } from './recovery-codes.js';
export { requestMeta } from './request-meta.js';
export { verifiedAccessToken, verifyAccessToken } from './tokens.js';
