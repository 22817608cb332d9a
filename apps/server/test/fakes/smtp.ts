// A local SMTP server (the real protocol, through smtp-server) for the outbox tests: it keeps what
// it accepts, can refuse the next messages with a temporary error, and can hold its answer to a
// message until the test releases it (a slow or hung mail server).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface FakeSmtp {
  url: string;
  /** Accepted messages: recipients and the raw message. */
  readonly accepted: { to: string[]; raw: string }[];
  /** Answers the next `n` messages with 451 (the sender should retry later). */
  failNext(n: number): void;
  /** Holds the answer to every message from now on; resolves `held` when one is waiting. */
  hold(): void;
  /** A message has arrived and its answer is being held. */
  readonly held: Promise<void>;
  /** Resolves once every sender of a held message has hung up (e.g. was killed). */
  heldDropped(): Promise<void>;
  /** Answers the held messages (accepting them) and stops holding. */
  release(): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const accepted: { to: string[]; raw: string }[] = [];
  let failures = 0;
  let holding = false;
  let waiting: { session: string; answer: () => void }[] = [];
  let signalHeld: () => void = () => undefined;
  let held = new Promise<void>((r) => (signalHeld = r));

  // Sessions whose client went away (a sender killed while its message was held): never accepted.
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    onClose(session) {
      closed.add(session.id);
    },
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const err = Object.assign(new Error('try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const answer = () => {
          if (closed.has(session.id)) {
            return;
          }
          accepted.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
          callback();
        };
        if (holding) {
          waiting.push({ session: session.id, answer });
          signalHeld();
        } else {
          answer();
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const fake: FakeSmtp = {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    failNext(n) {
      failures = n;
    },
    hold() {
      holding = true;
      held = new Promise<void>((r) => (signalHeld = r));
    },
    get held() {
      return held;
    },
    async heldDropped() {
      while (!waiting.every((w) => closed.has(w.session))) {
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    release() {
      holding = false;
      const answers = waiting;
      waiting = [];
      answers.forEach((a) => a.answer());
    },
    close() {
      fake.release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
