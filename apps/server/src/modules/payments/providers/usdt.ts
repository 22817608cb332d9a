import { randomInt } from 'node:crypto';
import { COINS_PER_CENT } from '@proxy/contract';
import type { Evidence } from '../credit.js';
import { formatMinor } from '../money.js';
import { need } from '../settings.js';
import { call, okJson } from './http.js';
import type { PaymentProvider } from './types.js';

/**
 * USDT on TRON (TRC20): the payer sends an exact amount to the site's address. Each pending
 * top-up gets a unique amount — the requested cents plus 1–9,999 random micro-units (USDT has 6
 * decimals), unique per address by a partial index — and TronGrid's list of incoming transfers
 * (`GET /v1/accounts/{address}/transactions/trc20?contract_address=…&only_to=true`) is polled for
 * a transfer of exactly that amount of the USDT contract within the top-up's lifetime.
 */

/** 1 cent = 10,000 micro-USDT. */
const MICRO_PER_CENT = 10_000;

interface Trc20Transfer {
  transaction_id: string;
  token_info?: { address?: string; decimals?: number; symbol?: string };
  block_timestamp: number;
  from?: string;
  to?: string;
  type?: string;
  value: string;
}

const MAX_PAGES = 5;

/** The next page, only on TronGrid's own origin: the API key is not handed to a URL the answer names. */
function sameOriginNext(base: string, next: string | undefined): string | null {
  if (!next) {
    return null;
  }
  try {
    return new URL(next).origin === new URL(base).origin ? next : null;
  } catch {
    return null;
  }
}

export const usdt: PaymentProvider = {
  method: 'usdt',
  errorCode: 'PAYMENT_ERROR',
  ttlMs: 30 * 60_000,

  quote(env, amountCoins) {
    const cents = amountCoins / COINS_PER_CENT;
    return {
      currency: 'USDT',
      providerAmount: cents * MICRO_PER_CENT + randomInt(1, MICRO_PER_CENT),
      payee: need(env.config, 'address'),
    };
  },

  async create(env, { topup }) {
    return {
      providerOrderId: null,
      instructions: {
        address: topup.payee,
        payAmount: formatMinor(topup.providerAmount, 6),
        network: 'TRC20',
        // TRON wallets read a bare address from a QR.
        qrPayload: topup.payee,
      },
      meta: { contract: need(env.config, 'contractAddress') },
    };
  },

  async check(env, topup) {
    const address = topup.payee ?? need(env.config, 'address');
    const contract = need(env.config, 'contractAddress');
    const apiKey = env.config.secrets.apiKey;
    const from = topup.createdAt.getTime();
    const until = topup.expiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER;
    const params = new URLSearchParams({
      only_to: 'true',
      only_confirmed: 'true',
      limit: '200',
      contract_address: contract,
      min_timestamp: String(from),
    });
    const base = need(env.config, 'baseUrl');
    let url: string | null =
      `${base}/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${params.toString()}`;
    for (let page = 0; url && page < MAX_PAGES; page++) {
      const r = await call(env, url, { headers: apiKey ? { 'TRON-PRO-API-KEY': apiKey } : {} }, 'PAYMENT_ERROR');
      const body = okJson<{ data?: Trc20Transfer[]; meta?: { links?: { next?: string } } }>(
        r,
        'PAYMENT_ERROR',
        'trongrid transfers',
      );
      const hit = (body.data ?? []).find(
        (t) =>
          t.to === address &&
          t.token_info?.address === contract &&
          (t.type ?? 'Transfer') === 'Transfer' &&
          t.value === String(topup.providerAmount) &&
          t.block_timestamp >= from &&
          t.block_timestamp <= until,
      );
      if (hit) {
        const evidence: Evidence = {
          status: 'paid',
          topupId: topup.id,
          providerTxnId: hit.transaction_id,
          amount: Number(hit.value),
          currency: 'USDT',
          payee: hit.to ?? null,
        };
        return evidence;
      }
      url = sameOriginNext(base, body.meta?.links?.next);
    }
    return { status: 'pending', topupId: topup.id };
  },
};
