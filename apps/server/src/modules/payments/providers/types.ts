import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode, PaymentMethod, TTopupInstructions } from '@proxy/contract';
import type { Clock } from '../../../lib/clock.js';
import type { Outbound } from '../../../lib/outbound.js';
import type { Evidence } from '../credit.js';
import type { TopupCurrency } from '../money.js';
import type { TopupRow } from '../queries.js';

/** One method of one site, secrets decrypted, ready for a provider adapter. */
export interface MethodConfig {
  method: PaymentMethod;
  enabled: boolean;
  /** The built-in bank simulator: the site has not configured a real bank account. */
  simulator: boolean;
  values: Record<string, string | undefined>;
  secrets: Record<string, string | undefined>;
}

/** What an adapter gets for one call: the site's config of its method, decrypted. */
export interface ProviderEnv {
  config: MethodConfig;
  clock: Clock;
  /** The site's public base URL, for return URLs and webhook URLs given to the provider. */
  baseUrl: string;
  log: FastifyBaseLogger;
  /** Where provider calls may go (lib/outbound): public addresses unless OUTBOUND_ALLOW_PRIVATE. */
  outbound: Outbound;
}

/** The amount the provider must report, fixed when the top-up is created. */
export interface Quote {
  currency: TopupCurrency;
  /** Minor units of currency. */
  providerAmount: number;
  payee: string | null;
}

export interface CreateInput {
  topup: TopupRow;
  user: { id: string; email: string };
  /** Tazapay: the payer's country. */
  country?: string;
}

export interface Created {
  providerOrderId: string | null;
  /** The payee the provider reports for this order, when only the provider knows it (PayPal, bytepay). */
  payee?: string | null;
  instructions: Partial<TTopupInstructions>;
  meta?: Record<string, unknown>;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: signatures are computed over it. */
  rawBody: string;
  body: unknown;
}

/**
 * One payment method (docs/money.md#payment-methods): create → instructions, verifyWebhook → a verified
 * event, check, cancel. None of them touches the database; everything credits through creditTopup.
 */
export interface PaymentProvider {
  method: PaymentMethod;
  /** The error code of a provider failure (CREDIT_ERROR for cards, MOMO_ERROR for MoMo…). */
  errorCode: ErrorCode;
  /** How long a top-up may stay pending before the reconciler expires it. */
  ttlMs: number;
  quote?(env: ProviderEnv, amountCoins: number): Quote;
  create(env: ProviderEnv, input: CreateInput): Promise<Created>;
  /** Throws PAYMENT_ERROR on a bad signature; null for events that do not concern a payment. */
  verifyWebhook?(env: ProviderEnv, req: WebhookRequest): Promise<Evidence | null>;
  /** Asks the provider; PayPal also captures an approved order here. */
  check?(env: ProviderEnv, topup: TopupRow): Promise<Evidence>;
  /** Best effort: stop the provider from taking a payment for this top-up. */
  cancel?(env: ProviderEnv, topup: TopupRow): Promise<void>;
}
