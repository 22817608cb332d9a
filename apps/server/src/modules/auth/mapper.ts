import type { TMe } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';
import { findOwnedAgencyId } from '../agency/index.js';
import type { User } from './repository.js';

// The signed-in user's own view. It lives in auth, below the user module, because login and token
// refresh answer with it too: user imports auth, never the other way round.
export function toMe(u: User): TMe {
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    balance: u.balance,
    apiKey: u.apiKey,
    ownerAgency: u.ownerAgency,
    twoFactorEnabled: u.twoFactorEnabled,
    autoRenewPrivate: u.autoRenewPrivate,
    hasPassword: u.passwordHash !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

/**
 * GET /api/user/me: `toMe` with `ownerAgency`, the agency the user owns (null without one), so the
 * agency page knows whether to ask for its details instead of learning it from a 404.
 */
export async function meOf(db: DbOrTx, u: User & { ownedAgencyId?: string | null }): Promise<TMe> {
  const owned = u.ownedAgencyId !== undefined ? u.ownedAgencyId : await findOwnedAgencyId(db, u.siteId, u.id);
  return { ...toMe(u), ownerAgency: u.ownerAgency ?? owned };
}
