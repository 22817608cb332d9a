// Realistic data for the layout specs: a customer with a long address, proxies of both kinds with a
// tag, a comment and auto-renew, a rotating key, a credited bank top-up and a pending one, and the ids
// the routes with parameters need. No Vitest import: scripts may seed a server with it too.
import {
  api,
  BANK_WEBHOOK_KEY,
  createCustomer,
  ownerToken,
  postBankWebhook,
  setSupportChannels,
  tokenOf,
  type Credentials,
} from './app';
import type { RunningServer } from './server';
import type { SmtpSink } from './smtp-sink';

export { BANK_WEBHOOK_KEY };

export interface RouteData {
  customer: Credentials;
  customerId: string;
  /** An order of the customer's, for /order/success/:id and /admin/orders/:id. */
  orderId: string;
  /** A published tutorial, for /tutorial/:slug. */
  tutorialSlug: string;
}

function ok<T>(what: string, res: { status: number; body: T }): T {
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

async function creditByBank(server: RunningServer, token: string, amount: number): Promise<void> {
  const bill = ok(
    'get-bill',
    await api<{ codeBill: string; bank: { accountNumber: string } }>(server, 'GET', '/api/bill/get-bill', { token }),
  );
  ok('bank-create-order', await api(server, 'POST', '/api/user/bank-create-order', { token, body: { amount } }));
  await postBankWebhook(server, {
    content: `${bill.codeBill} nap tien`,
    amount,
    accountNumber: bill.bank.accountNumber,
  });
}

async function tagAndComment(server: RunningServer, token: string, kind: 'v6' | 'v4', ids: string[]): Promise<void> {
  const tag = ok(
    'create-tag',
    await api<{ id: string }>(server, 'POST', `/api/tag/create-tag?tagType=${kind}`, {
      token,
      body: { tagName: `Shop ${kind} accounts` },
    }),
  );
  ok(
    'tag-proxy',
    await api(server, 'POST', `/api/${kind}-proxy/tag-proxy/${tag.id}`, { token, body: { listProxyId: ids } }),
  );
  ok(
    'update-list-proxy',
    await api(server, 'PUT', `/api/${kind}-proxy/update-list-proxy`, {
      token,
      body: { listProxyId: ids.slice(0, 2), comment: 'Facebook ads, team B (do not rotate)', autoRenew: true },
    }),
  );
}

/** Seeds the data; the server must run with BANK_WEBHOOK_KEY (useE2E({ env: { BANK_WEBHOOK_KEY } })). */
export async function seedRouteData(server: RunningServer, mail: SmtpSink): Promise<RouteData> {
  // The floating support button is on every page: the routes are checked with it showing.
  await setSupportChannels(server);
  const customer = await createCustomer(server, mail, 'nguyen-van-a.long-address-for-phones');
  const token = await tokenOf(server, customer);
  await creditByBank(server, token, 2_000_000);
  // A transfer announced and not (yet) received: the history shows a pending row too.
  ok(
    'bank-create-order',
    await api(server, 'POST', '/api/user/bank-create-order', { token, body: { amount: 150_000 } }),
  );

  const period = { unit: 'day', value: 1 };
  const v6 = ok(
    'buy v6',
    await api<{ order: { id: string } }>(server, 'POST', '/api/v6-proxy/buy-retail', {
      token,
      body: { country: 'VN', quantity: 50, period },
    }),
  );
  ok(
    'buy v4',
    await api(server, 'POST', '/api/v4-proxy/buy-retail', { token, body: { country: 'VN', quantity: 3, period } }),
  );
  // The first rows the list shows (its default order), so a phone's first cards carry them.
  for (const kind of ['v6', 'v4'] as const) {
    const first = ok(
      'list-proxy-me',
      await api<{ items: { id: string }[] }>(server, 'GET', `/api/${kind}-proxy/list-proxy-me?page=1&limit=3`, {
        token,
      }),
    );
    await tagAndComment(
      server,
      token,
      kind,
      first.items.map((p) => p.id),
    );
  }
  const packages = ok(
    'key packages',
    await api<{ id: string; name: string }[]>(server, 'GET', '/api/key-package/get-all-package'),
  );
  if (packages[0]) {
    ok(
      'buy key',
      await api(server, 'POST', `/api/key/buy-key-package/${packages[0].id}`, { token, body: { country: 'VN' } }),
    );
  }

  const owner = await ownerToken(server);
  const users = ok(
    'get-all-user',
    await api<{ items: { id: string; email: string }[] }>(
      server,
      'GET',
      `/api/user/admin/get-all-user?search=${encodeURIComponent(customer.email)}`,
      { token: owner },
    ),
  );
  const customerId = users.items.find((u) => u.email === customer.email)?.id;
  if (!customerId) {
    throw new Error(`${customer.email} is not in the admin list`);
  }
  const tutorials = ok('tutorials', await api<{ slug: string }[]>(server, 'GET', '/api/tutorial/list?lang=vi'));
  if (!tutorials[0]) {
    throw new Error('the demo has no tutorial');
  }
  return { customer, customerId, orderId: v6.order.id, tutorialSlug: tutorials[0].slug };
}
