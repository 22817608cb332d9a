import { z } from 'zod';
import { zPage, ZId } from '../schemas/common.js';
import {
  ZAdminMarkPaidRequest,
  ZAdminTopup,
  ZAdminTopupListQuery,
  ZBankSimulateRequest,
  ZBill,
  ZBillQuery,
  ZCompleteOrderRequest,
  ZPaymentConfig,
  ZPaymentMethodUpdate,
  ZPaymentPublicUrlUpdate,
  ZSepayWebhook,
  ZTazapayCreateRequest,
  ZTopup,
  ZTopupCreateRequest,
  ZTopupDetail,
  ZTopupListQuery,
  type PaymentMethod,
} from '../schemas/payments.js';
import type { ErrorCode } from '../errors.js';
import { endpoint } from './define.js';

/** A top-up's `:id` (a uuid, but any id up to 100 characters is looked up and answers PAYMENT_NOT_EXISTS). */
export const ZTopupIdParams = z.object({ id: z.string().max(100) });
/** What a bank transfer (or the simulator) did: credited, held, unmatched… */
export const ZPaymentOutcome = z.object({ ok: z.literal(true), outcome: z.string() });
/** An admin marks a top-up paid, crediting `userId` when the transfer matched nobody. */
export const ZAdminMarkTopupPaidRequest = ZAdminMarkPaidRequest.extend({ userId: ZId.optional() });

/**
 * Creating a top-up: the method is on, the amount reaches its minimum, at most a few creations a
 * minute, and the provider's own refusal (PAYMENT_ERROR; MoMo and card name theirs).
 */
const CREATE = ['PAYMENT_METHOD_DISABLED', 'BANKING_AMOUNT_NOT_ENOUGH', 'TOO_MANY_REQUEST', 'PAYMENT_ERROR'] as const;
/** One of the caller's top-ups: unknown, or another site's. */
const OWN_TOPUP = ['PAYMENT_NOT_EXISTS', 'PAYMENT_NOT_BELONG_WEBSITE'] as const;
/** Asking the provider about a top-up may fail there. */
const CHECK = [...OWN_TOPUP, 'PAYMENT_ERROR', 'MOMO_ERROR', 'CREDIT_ERROR'] as const;

function create<P extends string>(path: P, errors: readonly ErrorCode[] = CREATE) {
  return endpoint('POST', path, { body: ZTopupCreateRequest, response: ZTopupDetail, errors });
}

/** /api/user/… top-up calls: create, complete, check and cancel (docs/wire-contract.md#top-ups). */
export const topupEndpoints = {
  paypalCreate: create('/user/paypal-create-order'),
  cardCreate: create('/user/payment-credit-card', [...CREATE, 'CREDIT_ERROR']),
  momoCreate: create('/user/momo-create-order', [...CREATE, 'MOMO_ERROR']),
  usdtCreate: create('/user/usdt-create-order'),
  bytepayCreate: create('/user/bytepay-create-order'),
  perfectMoneyCreate: create('/user/perfect-money-create-order'),
  tazapayCreate: endpoint('POST', '/user/tazapay-create-order', {
    body: ZTazapayCreateRequest,
    response: ZTopupDetail,
    errors: CREATE,
  }),
  bankCreate: create('/user/bank-create-order'),
  completePaypal: endpoint('POST', '/user/complete-paypal-payment', {
    body: ZCompleteOrderRequest,
    response: ZTopupDetail,
    errors: [...OWN_TOPUP, 'PAYMENT_ERROR', 'PAYMENT_ALREADY_DONE'],
  }),
  completeBytepay: endpoint('POST', '/user/bytepay-complete-order', {
    body: ZCompleteOrderRequest,
    response: ZTopupDetail,
    errors: [...OWN_TOPUP, 'PAYMENT_ERROR', 'PAYMENT_ALREADY_DONE'],
  }),
  check: endpoint('GET', '/user/check-payment-credit/:id', {
    params: ZTopupIdParams,
    response: ZTopupDetail,
    errors: CHECK,
  }),
  /** "cancle" as the wire contract spells it (docs/wire-contract.md#top-ups). */
  cancel: endpoint('DELETE', '/user/cancle-payment-credit/:id', {
    params: ZTopupIdParams,
    response: ZTopupDetail,
    errors: [...CHECK, 'PAYMENT_ALREADY_DONE', 'PAYMENT_PENDING'],
  }),
};

/** GET /api/log/list-topup */
export const topupLogEndpoints = {
  listTopup: endpoint('GET', '/log/list-topup', { query: ZTopupListQuery, response: zPage(ZTopup) }),
};

function paymentMethodUpdate<M extends PaymentMethod>(method: M) {
  return endpoint('PUT', `/bill/admin/payment-methods/${method}`, {
    body: ZPaymentMethodUpdate[method],
    response: ZPaymentConfig,
    errors: ['SITE_NOT_EXISTS'],
  });
}

/** /api/bill/… : the customer's transfer code, and the admin's top-ups and payment settings. */
export const billEndpoints = {
  getBill: endpoint('GET', '/bill/get-bill', { query: ZBillQuery, response: ZBill, errors: ['USER_NOT_EXISTS'] }),
  adminListTopup: endpoint('GET', '/bill/admin/list-topup', {
    query: ZAdminTopupListQuery,
    response: zPage(ZAdminTopup),
  }),
  adminMarkPaid: endpoint('PUT', '/bill/admin/topup/:id', {
    params: ZTopupIdParams,
    body: ZAdminMarkTopupPaidRequest,
    response: ZAdminTopup,
    errors: ['PAYMENT_NOT_EXISTS', 'PAYMENT_ALREADY_DONE', 'PAYMENT_CANCELED', 'USER_NOT_EXISTS'],
  }),
  adminReject: endpoint('PUT', '/bill/admin/topup/:id/reject', {
    params: ZTopupIdParams,
    response: ZAdminTopup,
    errors: ['PAYMENT_NOT_EXISTS', 'PAYMENT_ALREADY_DONE', 'PAYMENT_PENDING'],
  }),
  adminBankSimulate: endpoint('POST', '/bill/admin/bank-simulate', {
    body: ZBankSimulateRequest,
    response: ZPaymentOutcome,
    errors: ['PAYMENT_METHOD_DISABLED'],
  }),
  adminPaymentMethods: endpoint('GET', '/bill/admin/payment-methods', { response: ZPaymentConfig }),
  updateBank: paymentMethodUpdate('bank'),
  updatePaypal: paymentMethodUpdate('paypal'),
  updateCard: paymentMethodUpdate('card'),
  updateMomo: paymentMethodUpdate('momo'),
  updatePerfectMoney: paymentMethodUpdate('perfectmoney'),
  updateUsdt: paymentMethodUpdate('usdt'),
  updateBytepay: paymentMethodUpdate('bytepay'),
  updateTazapay: paymentMethodUpdate('tazapay'),
  adminPublicUrl: endpoint('PUT', '/bill/admin/payment-public-url', {
    body: ZPaymentPublicUrlUpdate,
    response: ZPaymentConfig,
    errors: ['SITE_NOT_EXISTS'],
  }),
};

/**
 * Calls from a payment provider's server (docs/money.md): signed by the provider, not by a session
 * or a key, and kept out of the public document. MoMo's answers 204 with no body.
 */
export const webhookEndpoints = {
  bank: endpoint('POST', '/webhook/bank', {
    body: ZSepayWebhook,
    response: z.object({ success: z.literal(true) }),
  }),
  paypal: endpoint('POST', '/webhook/paypal', { response: ZPaymentOutcome }),
  card: endpoint('POST', '/webhook/card', { response: ZPaymentOutcome }),
  bytepay: endpoint('POST', '/webhook/bytepay', { response: ZPaymentOutcome }),
  tazapay: endpoint('POST', '/webhook/tazapay', { response: ZPaymentOutcome }),
  perfectMoney: endpoint('POST', '/webhook/perfectmoney', { response: ZPaymentOutcome }),
  momo: endpoint('POST', '/webhook/momo', {}),
  /** Perfect Money's SCI status post: a form, at the path its merchant settings name. */
  perfectMoneyStatus: endpoint('POST', '/user/perfect-money-complete-payment', {
    body: z.record(z.string(), z.string()),
    response: ZPaymentOutcome,
  }),
};
