import type { Db, DbOrTx } from '../../db/client.js';
import { findAuthUser, findUserById, type User } from './repository.js';

/** The auth module's public surface: routes and other modules import from here. */
export { assertEmail, LIMITS, type RequestMeta } from './guards.js';
export { receiveCode, register, verifyEmail } from './registration.js';
export { checkTotp, login, logout, renewToken, startSession } from './sessions.js';
export { googleLogin } from './google.js';
export { checkCodeForgot, createNewPassword, forgotPassword } from './password-reset.js';

// ---- for other modules, which never reach into this module's repository ----

/** A user by id (payments: whom an admin credits, and their email). */
export function getUserById(db: DbOrTx, id: string): Promise<User | undefined> {
  return findUserById(db, id);
}

/** The user of a session with whether that session is revoked (realtime: a stream's periodic check). */
export function getSessionUser(db: Db, userId: string, sessionId: string) {
  return findAuthUser(db, userId, sessionId);
}
