import type { TAdminUser, TMe } from '@proxy/contract';
import type { User } from '../auth/repository.js';

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

export function toAdminUser(u: User): TAdminUser {
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    balance: u.balance,
    siteId: u.siteId,
    active: u.active,
    emailVerified: u.emailVerifiedAt !== null,
    twoFactorEnabled: u.twoFactorEnabled,
    createdAt: u.createdAt.toISOString(),
  };
}
