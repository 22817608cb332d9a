import type { TMe } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';
import { findOwnedAgencyId } from '../agency/index.js';
import type { User } from './queries.js';

// The signed-in user's own view. It lives in auth, below the user module, because login and token
// refresh answer with it too: user imports auth, never the other way round.

type MeFields = Pick<
  User,
  | 'id'
  | 'siteId'
  | 'email'
  | 'role'
  | 'balance'
  | 'apiKey'
  | 'twoFactorEnabled'
  | 'autoRenewPrivate'
  | 'passwordHash'
  | 'createdAt'
>;

/**
 * The user's own view (GET /api/user/me, and the sign-in answers), `ownerAgency` being the agency
 * the user owns (null without one), so the agency page knows whether to ask for its details. A
 * request's user brings it from the session's one query (session-user.ts); a sign-in looks it up.
 */
export async function meOf(db: DbOrTx, u: MeFields & { ownedAgencyId?: string | null }): Promise<TMe> {
  return meView(u, u.ownedAgencyId !== undefined ? u.ownedAgencyId : await findOwnedAgencyId(db, u.siteId, u.id));
}

/** `meOf` once the owned agency is known (null without one): no query, no promise. */
export function meView(u: MeFields, ownedAgencyId: string | null): TMe {
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    balance: u.balance,
    apiKey: u.apiKey,
    ownerAgency: ownedAgencyId,
    twoFactorEnabled: u.twoFactorEnabled,
    autoRenewPrivate: u.autoRenewPrivate,
    hasPassword: u.passwordHash !== null,
    createdAt: u.createdAt.toISOString(),
  };
}
