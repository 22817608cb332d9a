// `npm run dev:payments`: every payment provider's local fake on a fixed port, so a developer can
// click through each top-up method against a running panel (npm start) without real money.
//
// With ADMIN_EMAIL and ADMIN_PASSWORD (the panel's owner or a site admin), it also configures the
// site behind PANEL_URL to use the fakes. Otherwise it prints the calls that do so.
//
// The panel must run with OUTBOUND_ALLOW_PRIVATE=1: the fakes listen on 127.0.0.1 over plain http,
// which a panel otherwise refuses as a provider URL.
//
// Environment: PANEL_URL (default http://127.0.0.1:8080), FAKES_PORT (first of 7 ports, default
// 18601), ADMIN_EMAIL, ADMIN_PASSWORD, BANK_WEBHOOK_KEY (for the printed bank webhook example).
import {
  startFakeBytepay,
  startFakeMomo,
  startFakePaypal,
  startFakePerfectMoney,
  startFakeStripe,
  startFakeTazapay,
  startFakeTronGrid,
} from '../apps/server/test/fakes/index';

const PANEL = (process.env.PANEL_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const FIRST_PORT = Number(process.env.FAKES_PORT ?? 18601);
/** A well-formed TRON address for the fake chain (no key exists for it). */
const USDT_ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

async function main(): Promise<void> {
  const paypal = await startFakePaypal({
    port: FIRST_PORT,
    webhookUrl: `${PANEL}/api/webhook/paypal`,
    webhookOnCapture: true,
  });
  const stripe = await startFakeStripe({ port: FIRST_PORT + 1, webhookUrl: `${PANEL}/api/webhook/card` });
  const momo = await startFakeMomo({ port: FIRST_PORT + 2 });
  const pm = await startFakePerfectMoney({ port: FIRST_PORT + 3 });
  const tron = await startFakeTronGrid({ port: FIRST_PORT + 4 });
  const bytepay = await startFakeBytepay({ port: FIRST_PORT + 5 });
  const tazapay = await startFakeTazapay({ port: FIRST_PORT + 6 });
  const fakes = [paypal, stripe, momo, pm, tron, bytepay, tazapay];

  const configs: Record<string, Record<string, unknown>> = {
    paypal: { enabled: true, ...paypal.config },
    card: { enabled: true, ...stripe.config },
    momo: { enabled: true, ...momo.config },
    perfectmoney: { enabled: true, ...pm.config },
    usdt: { enabled: true, address: USDT_ADDRESS, ...tron.config },
    bytepay: { enabled: true, ...bytepay.config },
    tazapay: { enabled: true, ...tazapay.config },
  };

  console.log('Fake payment providers (no real money moves; the panel needs OUTBOUND_ALLOW_PRIVATE=1):');
  const names = ['PayPal', 'Stripe', 'MoMo', 'Perfect Money', 'TronGrid', 'bytepay', 'Tazapay'];
  fakes.forEach((f, i) => console.log(`  ${names[i]!.padEnd(14)} ${f.url}`));
  console.log('');

  const email = process.env.ADMIN_EMAIL;
  const password = process.env.ADMIN_PASSWORD;
  if (email && password) {
    await configure(email, password, configs);
  } else {
    console.log(`To use them, configure the site as an admin (token from POST ${PANEL}/api/auth/login):`);
    console.log(`  curl -X PUT ${PANEL}/api/bill/admin/payment-public-url -H "Authorization: Bearer $TOKEN" \\`);
    console.log(`       -H 'content-type: application/json' -d '${JSON.stringify({ publicUrl: PANEL })}'`);
    for (const [method, body] of Object.entries(configs)) {
      console.log(
        `  curl -X PUT ${PANEL}/api/bill/admin/payment-methods/${method} -H "Authorization: Bearer $TOKEN" \\`,
      );
      console.log(`       -H 'content-type: application/json' -d '${JSON.stringify(body)}'`);
    }
    console.log('(or run again with ADMIN_EMAIL and ADMIN_PASSWORD set, and this script does it)');
  }

  console.log('');
  console.log('Then top up from the panel, or with the API:');
  console.log(`  PayPal, card, MoMo, bytepay, Tazapay: open the redirectUrl the create call returns and press Pay.`);
  console.log(`  Perfect Money: post the returned form (its action is the fake) and press Pay.`);
  console.log(`  USDT: send the exact payAmount, then GET /api/user/check-payment-credit/<id>:`);
  console.log(`    curl -X POST ${tron.url}/dev/transfer -H 'content-type: application/json' \\`);
  console.log(`         -d '{"to":"${USDT_ADDRESS}","amount":"10.001234"}'`);
  console.log(`  Bank transfer (SePay webhook; the key is BANK_WEBHOOK_KEY or the site's bank webhookKey):`);
  console.log(
    `    curl -X POST ${PANEL}/api/webhook/bank -H 'Authorization: Apikey ${process.env.BANK_WEBHOOK_KEY ?? '<key>'}' \\`,
  );
  console.log(
    `         -H 'content-type: application/json' -d '{"id":1001,"gateway":"ACB","transactionDate":"2026-01-05 10:00:00","accountNumber":"0000000001","content":"<codeBill>","transferType":"in","transferAmount":100000,"referenceCode":"FT1001"}'`,
  );
  console.log(`  or, as an admin, POST ${PANEL}/api/bill/admin/bank-simulate {"content":"<codeBill>","amount":100000}`);
  console.log('');
  console.log('Ctrl-C stops the fakes.');

  const stop = async () => {
    await Promise.all(fakes.map((f) => f.close()));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

async function configure(email: string, password: string, configs: Record<string, Record<string, unknown>>) {
  const login = await fetch(`${PANEL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await login.json()) as { tokens?: { accessToken: string }; message?: string };
  if (!body.tokens) {
    throw new Error(`login to ${PANEL} failed: ${login.status} ${body.message ?? ''}`);
  }
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${body.tokens.accessToken}` };
  const put = async (path: string, payload: unknown) => {
    const res = await fetch(`${PANEL}${path}`, { method: 'PUT', headers, body: JSON.stringify(payload) });
    if (!res.ok) {
      throw new Error(`PUT ${path}: ${res.status} ${await res.text()}`);
    }
  };
  await put('/api/bill/admin/payment-public-url', { publicUrl: PANEL });
  for (const [method, payload] of Object.entries(configs)) {
    await put(`/api/bill/admin/payment-methods/${method}`, payload);
  }
  console.log(`Configured the site at ${PANEL} to use the fakes (every method switched on).`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
