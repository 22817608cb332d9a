import { z } from 'zod';
import { ZAdminUserScopedListQuery, ZListQuery, ZOk, zPage } from '../schemas/common.js';
import { ZTokens } from '../schemas/auth.js';
import {
  ZAdminActiveUserRequest,
  ZAdminUpdateUserRequest,
  ZAdminUser,
  ZAdminUserListQuery,
  ZAutoRenewRequest,
  ZBalanceAdjustRequest,
  ZChangePasswordRequest,
  ZCreateAdminRequest,
  ZGenerateKeyResponse,
  ZMe,
  ZMoney,
  ZPasswordOnly,
  ZTransaction,
  ZTurnOn2faResponse,
  ZRecoveryCodes,
  ZRegenerateRecoveryCodesRequest,
  ZVerify2faRequest,
  ZVerify2faResponse,
} from '../schemas/user.js';
import { endpoint } from './define.js';
import { ZIdParams } from './proxies.js';

export const ZChangePasswordResponse = z.object({ tokens: ZTokens });
/** A ledger row as an admin sees it: whose it is. */
export const ZAdminTransaction = ZTransaction.extend({ email: z.string().optional() });

/** The checks before a 2FA change: the password, at most 10 tries in 10 minutes. */
const PASSWORD_CHECK = ['TOO_MANY_REQUEST', 'MISS_PASSWORD', 'WRONG_PASSWORD'] as const;
/** An admin's call on one account of the site: another site's or an unknown id is USER_NOT_EXISTS. */
const ADMIN_TARGET = ['USER_NOT_EXISTS'] as const;

/** /api/user/… (the account; the top-up calls under /api/user are in payments.ts). */
export const userEndpoints = {
  me: endpoint('GET', '/user/me', { response: ZMe, errors: ['USER_NOT_EXISTS'] }),
  getMoney: endpoint('GET', '/user/get-money', { response: ZMoney }),
  changePassword: endpoint('PUT', '/user/change-password', {
    body: ZChangePasswordRequest,
    response: ZChangePasswordResponse,
    errors: ['TOO_MANY_REQUEST', 'WRONG_PASSWORD'],
  }),
  turnOn2fa: endpoint('POST', '/user/turn-on-2fa', {
    body: ZPasswordOnly,
    response: ZTurnOn2faResponse,
    errors: [...PASSWORD_CHECK, 'TWOFA_IS_ON'],
  }),
  verify2fa: endpoint('POST', '/user/verify-2fa', {
    body: ZVerify2faRequest,
    response: ZVerify2faResponse,
    errors: [...PASSWORD_CHECK, 'TWOFA_IS_ON', 'INVALID_2FA'],
  }),
  regenerateRecoveryCodes: endpoint('POST', '/user/regenerate-recovery-codes', {
    body: ZRegenerateRecoveryCodesRequest,
    response: ZRecoveryCodes,
    errors: ['TOO_MANY_REQUEST', 'TWOFA_IS_OFF', 'INVALID_2FA'],
  }),
  turnOff2fa: endpoint('POST', '/user/turn-off-2fa', {
    body: ZVerify2faRequest,
    response: ZOk,
    errors: [...PASSWORD_CHECK, 'TWOFA_IS_OFF', 'MISSING_2FA', 'INVALID_2FA'],
  }),
  generateKey: endpoint('POST', '/user/generate-key', { response: ZGenerateKeyResponse }),
  autoRenew: endpoint('PUT', '/user/auto-renew', { body: ZAutoRenewRequest, response: ZOk }),
  transaction: endpoint('GET', '/user/transaction', { query: ZListQuery, response: zPage(ZTransaction) }),
};

/** /api/user/admin/… and the two admin calls whose fixed paths lack "admin/": the site's accounts. */
export const userAdminEndpoints = {
  detail: endpoint('GET', '/user/admin/detail/:id', { params: ZIdParams, response: ZAdminUser, errors: ADMIN_TARGET }),
  getAllUser: endpoint('GET', '/user/admin/get-all-user', {
    query: ZAdminUserListQuery,
    response: zPage(ZAdminUser),
  }),
  getAllAdmin: endpoint('GET', '/user/admin/get-all-admin', {
    query: ZAdminUserListQuery,
    response: zPage(ZAdminUser),
  }),
  updateUser: endpoint('PUT', '/user/admin/update-user/:id', {
    params: ZIdParams,
    body: ZAdminUpdateUserRequest,
    response: ZAdminUser,
    errors: ADMIN_TARGET,
  }),
  /** The same call as update-user (the wire contract fixes both paths). */
  update: endpoint('PUT', '/user/admin/update/:id', {
    params: ZIdParams,
    body: ZAdminUpdateUserRequest,
    response: ZAdminUser,
    errors: ADMIN_TARGET,
  }),
  addToBalance: endpoint('PUT', '/user/admin/add-to-balance/:id', {
    params: ZIdParams,
    body: ZBalanceAdjustRequest,
    response: ZMoney,
    errors: ADMIN_TARGET,
  }),
  refund: endpoint('PUT', '/user/admin/refund/:id', {
    params: ZIdParams,
    body: ZBalanceAdjustRequest,
    response: ZMoney,
    errors: ADMIN_TARGET,
  }),
  activeUser: endpoint('PUT', '/user/admin-active-user', {
    body: ZAdminActiveUserRequest,
    response: ZAdminUser,
    errors: ADMIN_TARGET,
  }),
  createAdmin: endpoint('POST', '/user/create-admin', {
    body: ZCreateAdminRequest,
    response: ZAdminUser,
    errors: ['EMAIL_INVALID', 'USER_EXISTS', 'SITE_NOT_EXISTS'],
  }),
};

/** /api/log/… (the ledger; the top-up log is in payments.ts). */
export const logEndpoints = {
  listTransaction: endpoint('GET', '/log/list-transaction', { query: ZListQuery, response: zPage(ZTransaction) }),
  adminListTransaction: endpoint('GET', '/log/admin/list-transaction', {
    query: ZAdminUserScopedListQuery,
    response: zPage(ZAdminTransaction),
  }),
};
