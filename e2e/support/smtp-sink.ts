// An SMTP server that keeps every mail in memory, so a test can read the OTP the product sent.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime';
import { WAIT_MS } from './wait';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

interface Waiter {
  address: string;
  resolve: (mail: ReceivedMail) => void;
}

export interface SmtpSink {
  url: string;
  /** Every mail received so far, oldest first. */
  readonly mails: readonly ReceivedMail[];
  /**
   * The oldest mail to `address` not yet taken by an earlier call, waiting for one if none is queued.
   * Mails are queued as they arrive, so a mail sent before the call is not missed.
   */
  nextMail(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The 6-digit OTP of the next mail to `address`. */
  nextOtp(address: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

const normalise = (address: string) => address.trim().toLowerCase();

export function extractOtp(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text) ?? /\b(\d{6})\b/.exec(mail.subject);
  if (!match?.[1]) {
    throw new Error(`no 6-digit code in the mail "${mail.subject}":\n${mail.text}`);
  }
  return match[1];
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const unread: ReceivedMail[] = [];
  const waiters: Waiter[] = [];

  const deliver = (mail: ReceivedMail) => {
    mails.push(mail);
    const waiterIndex = waiters.findIndex((w) => mail.to.includes(w.address));
    const waiter = waiters[waiterIndex];
    if (waiter) {
      waiters.splice(waiterIndex, 1);
      waiter.resolve(mail);
    } else {
      unread.push(mail);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    // Without a trusted certificate, nodemailer would fail its opportunistic STARTTLS upgrade.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        deliver({
          to: session.envelope.rcptTo.map((r) => normalise(r.address)),
          subject: parsed.subject,
          text: parsed.text,
          raw,
        });
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const nextMail = (address: string, timeoutMs = WAIT_MS): Promise<ReceivedMail> => {
    const wanted = normalise(address);
    const queued = unread.findIndex((m) => m.to.includes(wanted));
    if (queued >= 0) {
      return Promise.resolve(unread.splice(queued, 1)[0] as ReceivedMail);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        address: wanted,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        const seen = mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ') || '(none)';
        reject(new Error(`no mail to ${wanted} within ${timeoutMs} ms; mails received:\n  ${seen}`));
      }, timeoutMs);
      waiters.push(waiter);
    });
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    nextMail,
    async nextOtp(address, timeoutMs) {
      return extractOtp(await nextMail(address, timeoutMs));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
