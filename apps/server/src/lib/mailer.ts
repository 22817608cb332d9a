import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The transport under the outbox (modules/outbox): callers queue mails there, not here.
 * Mail through SMTP_URL; without it, mails are written to the server log (docs/product-rules.md#mail). */
export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(mail) {
        opts.log.info({ mail }, `mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      },
    };
  }
  // Bounded waits, well inside the outbox's claim (modules/outbox), so a hung server fails the
  // attempt and the row is retried instead of being claimed again while still sending.
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
