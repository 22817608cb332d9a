import { notFound, randomId, startFake } from './http.js';

/**
 * TronGrid's account TRC20 history, locally: GET /v1/accounts/{address}/transactions/trc20 with
 * contract_address, only_to, only_confirmed, min_timestamp, limit and fingerprint paging, newest
 * first, as TronGrid answers.
 */
export const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const FAKE_TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

export interface FakeTronGridOptions {
  apiKey?: string;
  port?: number;
}

interface Transfer {
  transaction_id: string;
  token_info: { symbol: string; address: string; decimals: number; name: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: string;
  value: string;
}

export async function startFakeTronGrid(opts: FakeTronGridOptions = {}) {
  const transfers: Transfer[] = [];
  let requests = 0;

  const server = await startFake(async (req) => {
    if (req.method === 'POST' && req.path === '/dev/transfer') {
      // dev:payments: "pay" a USDT top-up by hand, e.g. {"to": "T…", "amount": "10.001234"}.
      const b = req.body as { to?: string; amount?: string };
      const m6 = /^(\d+)(?:\.(\d{1,6}))?$/.exec(String(b.amount ?? ''));
      if (!b.to || !m6) {
        return { status: 400, json: { error: 'to and amount (USDT, up to 6 decimals) are required' } };
      }
      const value = Number(m6[1]) * 1_000_000 + Number((m6[2] ?? '').padEnd(6, '0'));
      return { json: { transaction_id: transfer({ to: b.to, value, at: Date.now() }) } };
    }
    const m = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(req.path);
    if (req.method !== 'GET' || !m) {
      return notFound();
    }
    requests++;
    if (opts.apiKey && req.headers['tron-pro-api-key'] !== opts.apiKey) {
      return { status: 401, json: { success: false, error: 'ApiKey not exists' } };
    }
    const address = decodeURIComponent(m[1]!);
    const q = req.query;
    const limit = Math.min(Number(q.get('limit') ?? 20), 200);
    const minTs = Number(q.get('min_timestamp') ?? 0);
    const contract = q.get('contract_address');
    const onlyTo = q.get('only_to') === 'true';
    const offset = Number(q.get('fingerprint') ?? 0);
    const all = transfers
      .filter(
        (t) =>
          (t.to === address || (!onlyTo && t.from === address)) &&
          t.block_timestamp >= minTs &&
          (!contract || t.token_info.address === contract),
      )
      .sort((a, b) => b.block_timestamp - a.block_timestamp);
    const data = all.slice(offset, offset + limit);
    const more = offset + limit < all.length;
    const next = new URLSearchParams(q);
    next.set('fingerprint', String(offset + limit));
    return {
      json: {
        data,
        success: true,
        meta: {
          at: Date.now(),
          page_size: data.length,
          ...(more
            ? { fingerprint: String(offset + limit), links: { next: `${server.url}${req.path}?${next.toString()}` } }
            : {}),
        },
      },
    };
  }, opts.port);

  /** A confirmed TRC20 transfer on the (fake) chain; value in micro-units (6 decimals). */
  function transfer(t: { to: string; value: number | string; at: number; contract?: string; txId?: string }): string {
    const contract = t.contract ?? USDT_CONTRACT;
    const id = t.txId ?? randomId('', 32);
    transfers.push({
      transaction_id: id,
      token_info: {
        symbol: contract === USDT_CONTRACT ? 'USDT' : 'FAKE',
        address: contract,
        decimals: 6,
        name: 'Tether USD',
      },
      block_timestamp: t.at,
      from: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
      to: t.to,
      type: 'Transfer',
      value: String(t.value),
    });
    return id;
  }

  return {
    ...server,
    config: { baseUrl: server.url, contractAddress: USDT_CONTRACT, ...(opts.apiKey ? { apiKey: opts.apiKey } : {}) },
    get requests() {
      return requests;
    },
    transfer,
  };
}

export type FakeTronGrid = Awaited<ReturnType<typeof startFakeTronGrid>>;
