import { ROLE, type TAdminUser } from '@proxy/contract';
import type { User } from '../auth/index.js';

/**
 * A user as an admin sees them. Only the owner sees every balance; a site admin sees the balances
 * of customers, not the owner's nor other admins'.
 */
export function toAdminUser(u: User, viewer: { role: number }): TAdminUser {
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    balance: viewer.role === ROLE.OWNER || u.role === ROLE.CUSTOMER ? u.balance : null,
    siteId: u.siteId,
    active: u.active,
    emailVerified: u.emailVerifiedAt !== null,
    twoFactorEnabled: u.twoFactorEnabled,
    createdAt: u.createdAt.toISOString(),
  };
}
