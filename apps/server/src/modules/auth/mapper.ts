import type { TMe } from '@proxy/contract';
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
