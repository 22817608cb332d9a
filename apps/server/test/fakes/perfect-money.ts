import { createHash } from 'node:crypto';
import { checkoutPage, deliver, notFound, startFake, type Delivery } from './http.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex').toUpperCase();

/**
 * Perfect Money SCI, locally: the browser posts the payment form to /api/step1.asp, the payer
 * clicks Pay, and the fake posts the status form to STATUS_URL with its V2_HASH, as PM does.
 */
export interface FakePerfectMoneyOptions {
  payeeAccount?: string;
  alternatePassphrase?: string;
  port?: number;
}

export async function startFakePerfectMoney(opts: FakePerfectMoneyOptions = {}) {
  const payeeAccount = opts.payeeAccount ?? 'U1234567';
  const alternatePassphrase = opts.alternatePassphrase ?? 'fake-alternate-passphrase';
  let batch = 700_000_000;
  const forms = new Map<string, Record<string, string>>();

  /** The status post PM sends after a payment; `tamper` edits it after hashing (a forged post). */
  async function sendStatus(
    form: Record<string, string>,
    o: {
      amount?: string;
      passphrase?: string;
      payee?: string;
      batchNum?: string;
      tamper?: (f: Record<string, string>) => void;
    } = {},
  ): Promise<Delivery> {
    const f: Record<string, string> = {
      PAYEE_ACCOUNT: o.payee ?? form.PAYEE_ACCOUNT ?? '',
      PAYMENT_ID: form.PAYMENT_ID ?? '',
      PAYMENT_AMOUNT: o.amount ?? form.PAYMENT_AMOUNT ?? '',
      PAYMENT_UNITS: form.PAYMENT_UNITS ?? 'USD',
      PAYMENT_BATCH_NUM: o.batchNum ?? String(batch++),
      PAYER_ACCOUNT: 'U7654321',
      TIMESTAMPGMT: String(Math.floor(Date.now() / 1000)),
    };
    f.V2_HASH = md5(
      [
        f.PAYMENT_ID,
        f.PAYEE_ACCOUNT,
        f.PAYMENT_AMOUNT,
        f.PAYMENT_UNITS,
        f.PAYMENT_BATCH_NUM,
        f.PAYER_ACCOUNT,
        md5(o.passphrase ?? alternatePassphrase),
        f.TIMESTAMPGMT,
      ].join(':'),
    );
    o.tamper?.(f);
    return deliver(form.STATUS_URL ?? '', new URLSearchParams(f).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
  }

  const server = await startFake(async (req) => {
    if (req.method === 'POST' && req.path === '/api/step1.asp') {
      const form = req.body as Record<string, string>;
      if (form.PAYEE_ACCOUNT !== payeeAccount) {
        return { status: 400, html: 'Invalid Payee Account' };
      }
      forms.set(form.PAYMENT_ID ?? '', form);
      return checkoutPage(
        'Perfect Money (fake)',
        [`${form.PAYMENT_AMOUNT} ${form.PAYMENT_UNITS} to ${form.PAYEE_ACCOUNT} (${form.PAYEE_NAME ?? ''})`],
        `/api/step1.asp/pay?id=${encodeURIComponent(form.PAYMENT_ID ?? '')}`,
        `/api/step1.asp/cancel?id=${encodeURIComponent(form.PAYMENT_ID ?? '')}`,
      );
    }
    const form = forms.get(req.query.get('id') ?? '');
    if (req.method === 'POST' && form && req.path === '/api/step1.asp/pay') {
      await sendStatus(form).catch(() => undefined);
      return { redirect: form.PAYMENT_URL ?? '/' };
    }
    if (req.method === 'POST' && form && req.path === '/api/step1.asp/cancel') {
      return { redirect: form.NOPAYMENT_URL ?? '/' };
    }
    return notFound();
  }, opts.port);

  return {
    ...server,
    config: { sciUrl: `${server.url}/api/step1.asp`, payeeAccount, payeeName: 'Proxy Panel', alternatePassphrase },
    sendStatus,
  };
}

export type FakePerfectMoney = Awaited<ReturnType<typeof startFakePerfectMoney>>;
