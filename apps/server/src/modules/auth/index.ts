/**
 * The auth module's public surface: sessions and their users (plugins/auth.ts authenticates with
 * these), the checks the account calls share (user), and the maintenance purge. Its routes are
 * registered by app.ts from routes.ts.
 */
export { assertEmail, checkTotp, getSessionUser, getUserById, startSession, type RequestMeta } from './service.js';
export { findAuthUser, findUserById, revokeUserSessions, updateUser, type AuthUser, type User } from './repository.js';
export { purgeExpiredCredentials } from './expiry-repository.js';
export { toMe } from './mapper.js';
export { requestMeta } from './request-meta.js';
export { verifyAccessToken } from './tokens.js';
