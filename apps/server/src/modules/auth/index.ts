/**
 * Accounts and sessions: register, mailed codes, verify, login (2FA, captcha, rate limits), Google
 * sign-in, token rotation with reuse detection, logout, password reset, one file per call
 * (`register.ts`, `login.ts`, `google.ts`, `renew-token.ts`: the successor of a spent refresh token
 * is derived from it, so a reuse within `REFRESH_REUSE_GRACE_MS` gets the same pair; `logout.ts`,
 * `forgot-password.ts`), with what they share: `sign-in.ts` (a session and its first pair),
 * `two-factor.ts`, `codes.ts` (mailed codes), `captcha.ts`, `guards.ts` (request meta, limits) and
 * `queries.ts`; `tokens.ts` signs JWTs (HS256, key derived from `APP_SECRET`). Exported here:
 * sessions and their users (plugins/auth.ts authenticates with `session-user.ts` and
 * `session-cache.ts`), the checks and the statements on users of the account calls (modules/user:
 * `own-view.ts`, `site-users.ts`), the transfer code (payments), the dashboard's balance, and the
 * maintenance purge.
 */
export { assertEmail, requestMeta, type RequestMeta } from './guards.js';
export { startSession } from './sign-in.js';
export { checkTotp, dropRecoveryCodes, replaceRecoveryCodes } from './two-factor.js';
export { findUserById, revokeUserSessions, updateUser, type User, type UserPatch } from './queries.js';
export { findAuthUser, findAuthUserWith, type AuthUser, type SessionStatementPart } from './session-user.js';
export { balanceOnSite, findBalance, findOwnView } from './own-view.js';
export { insertAdminUser, listSiteUsers } from './site-users.js';
export { findCodeBill, setCodeBillIfUnset } from './transfer-code.js';
export { sessionCacheOf, sessionsSettled } from './session-cache.js';
export { purgeExpiredCredentials } from './purge-expired.js';
export { meOf, meView } from './mapper.js';
export { verifiedAccessToken, verifyAccessToken } from './tokens.js';
