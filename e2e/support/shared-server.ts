// A product server per Vitest worker, shared by the spec files that do not need
// their own (docs/testing.md#shared-e2e-servers). A worker process lives for one file only (the
// fork pool isolates files), so the servers cannot live in it: global-setup.ts runs a small lease
// service in Vitest's main process, which starts a worker's server the first time a file of that worker asks for it
// (VITEST_POOL_ID: the same for the files a worker slot runs one after another, different for two
// files running side by side), keeps it for the rest of the run and stops it at the end. One SMTP
// sink there takes every shared server's mail; a file reads its own users' mail through the service.
//
// What keeps files on one server independent: each file makes its own users (unique addresses), so
// its mail and its lists are its own; and each file is its own client address (X-Forwarded-For, which
// the shared servers trust from the loopback), so the per-address sign-in and registration limits
// count one file's requests as a server of its own did.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BANK_WEBHOOK_KEY } from './app';
import { writeProfile } from './profile';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer, type ServerTemplate } from './server';
import { extractOtp, startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink';
import { WAIT_MS } from './wait';

/**
 * The files that can share their worker's server do (docs/testing.md, "Shared e2e servers");
 * E2E_SHARED=0 gives every file its own, and the lease service does not start.
 */
export const SHARING = process.env.E2E_SHARED !== '0';

/**
 * The shared servers' environment. A file whose own environment is a subset of it may share (the
 * bank-webhook specs); any other environment gets a server of its own (support/setup.ts).
 */
export const SHARED_ENV: Readonly<Record<string, string>> = {
  BANK_WEBHOOK_KEY,
  // The hop in front of the panel is the spec itself: it says which client it is (see above).
  TRUST_PROXY: '127.0.0.1',
};

/** What the lease service says about a worker's server. */
interface SharedServerInfo {
  port: number;
  /** The run's SMTP sink, for a server a shared file starts itself (realtime-resync). */
  smtpUrl: string;
  pid: number;
  dataDir: string | null;
}

/** A process's own CPU time (user + system, ms) from /proc, for the E2E_PROFILE record. */
function cpuMsOf(pid: number): number {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
  res.end(text);
}

export interface LeaseService {
  /** http://127.0.0.1:PORT of the service, provided to the files as `sharedServers`. */
  url: string;
  /** Stops every server started, then the sink and the service. */
  close(): Promise<void>;
}

/** Main process (global-setup.ts): the lease service; servers start from copies of `template`. */
export async function startLeaseService(template: ServerTemplate): Promise<LeaseService> {
  const sink: SmtpSink = await startSmtpSink();
  const servers = new Map<string, Promise<RunningServer>>();
  const profiling = process.env.E2E_PROFILE === '1';

  const lease = (key: string): Promise<RunningServer> => {
    let server = servers.get(key);
    if (!server) {
      server = startServer({ env: { ...SHARED_ENV }, smtpUrl: sink.url, template });
      servers.set(key, server);
      // A failed start is not kept: the next file of that worker tries again, and says why.
      server.catch(() => servers.delete(key));
    }
    return server;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://service');
    const key = url.searchParams.get('worker') ?? '';
    if (url.pathname === '/lease' && key) {
      const server = await lease(key);
      send(res, 200, {
        port: server.port,
        smtpUrl: sink.url,
        pid: server.pid,
        dataDir: server.dataDir,
      } satisfies SharedServerInfo);
    } else if (url.pathname === '/log' && key) {
      const server = await servers.get(key);
      send(res, 200, server?.logTail() ?? '(no shared server)');
    } else if (url.pathname === '/mail') {
      const address = url.searchParams.get('address') ?? '';
      const timeoutMs = Number(url.searchParams.get('timeoutMs') ?? WAIT_MS);
      send(res, 200, await sink.nextMail(address, timeoutMs));
    } else {
      send(res, 404, `no such call: ${req.method} ${url.pathname}`);
    }
  };

  const service: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) {
        send(res, 500, err instanceof Error ? err.message : String(err));
      }
    });
  });
  // A mail wait may outlast Node's default request timeouts.
  service.requestTimeout = 0;
  service.headersTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    service.once('error', reject);
    service.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = service.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      const started = await Promise.allSettled(servers.values());
      await Promise.all(
        started.map(async (result, i) => {
          if (result.status !== 'fulfilled') {
            return;
          }
          if (profiling) {
            // The files' records count only the processes below their worker; this one is not.
            const cpuMs = cpuMsOf(result.value.pid);
            writeProfile({
              file: `shared-server-${i + 1}`,
              wallMs: 0,
              cpuMs,
              workerMs: 0,
              childrenMs: cpuMs,
              serverMs: cpuMs,
            });
          }
          await result.value.stop();
        }),
      );
      service.closeAllConnections();
      await new Promise<void>((resolve) => service.close(() => resolve()));
      await sink.close();
    },
  };
}

/** A file's view of its worker's shared server: a server it must not stop, and its own client address. */
export interface SharedLease {
  server: RunningServer;
  mail: SmtpSink;
  /** The header that makes this file its own client (see above): every request of the file sends it. */
  headers: Record<string, string>;
  /** The server's last lines, for a failed test's report. */
  logTail(): Promise<string>;
}

async function call(serviceUrl: string, pathAndQuery: string): Promise<Response> {
  const res = await fetch(`${serviceUrl}${pathAndQuery}`);
  if (!res.ok) {
    throw new Error(`the shared-server service answered ${res.status} to ${pathAndQuery}: ${await res.text()}`);
  }
  return res;
}

/** Worker side: the shared server of this worker (started if it is the first file to ask). */
export async function leaseSharedServer(serviceUrl: string): Promise<SharedLease> {
  const worker = process.env.VITEST_POOL_ID ?? '1';
  const info = (await (await call(serviceUrl, `/lease?worker=${worker}`)).json()) as SharedServerInfo;
  // 10.0.0.0/8: never the loopback the unshared servers see, nor an address another file is given.
  const clientIp = `10.${[...randomBytes(3)].join('.')}`;
  const headers = { 'x-forwarded-for': clientIp };

  const nextMail = async (address: string, timeoutMs = WAIT_MS): Promise<ReceivedMail> => {
    const query = new URLSearchParams({ address, timeoutMs: String(timeoutMs) });
    return (await (await call(serviceUrl, `/mail?${query}`)).json()) as ReceivedMail;
  };
  const mail: SmtpSink = {
    url: info.smtpUrl,
    get mails(): readonly ReceivedMail[] {
      throw new Error('a shared server’s mails are read by address: use nextMail');
    },
    nextMail,
    nextOtp: async (address, timeoutMs) => extractOtp(await nextMail(address, timeoutMs)),
    close: async () => undefined,
  };
  const server: RunningServer = {
    port: info.port,
    pid: info.pid,
    baseUrl: `http://127.0.0.1:${info.port}`,
    urlFor: (host) => `http://${host}:${info.port}`,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    dataDir: info.dataDir,
    headers,
    logTail: () => '(a shared server: its log follows the failure)',
    // Later files of this worker use it; the lease service stops it at the end of the run.
    stop: async () => undefined,
  };
  return {
    server,
    mail,
    headers,
    logTail: async () => (await call(serviceUrl, `/log?worker=${worker}`)).text(),
  };
}
