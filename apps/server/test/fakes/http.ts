import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake provider sees of a request. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  rawBody: string;
  /** The body parsed as JSON or as a form, whichever its content type says ({} otherwise). */
  body: Record<string, unknown>;
}

export interface FakeResponse {
  status?: number;
  json?: unknown;
  html?: string;
  redirect?: string;
}

export type FakeHandler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export interface FakeServer {
  url: string;
  close(): Promise<void>;
}

/** A local HTTP server for a fake provider; port 0 picks a free one. */
export async function startFake(handler: FakeHandler, port = 0): Promise<FakeServer> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const type = req.headers['content-type'] ?? '';
      let body: Record<string, unknown> = {};
      try {
        if (type.includes('json') && rawBody) {
          body = JSON.parse(rawBody) as Record<string, unknown>;
        } else if (type.includes('x-www-form-urlencoded')) {
          body = Object.fromEntries(new URLSearchParams(rawBody));
        }
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad body"}');
        return;
      }
      Promise.resolve(
        handler({
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          rawBody,
          body,
        }),
      )
        .then((out) => {
          if (out.redirect) {
            res.writeHead(out.status ?? 303, { location: out.redirect }).end();
          } else if (out.html !== undefined) {
            res.writeHead(out.status ?? 200, { 'content-type': 'text/html; charset=utf-8' }).end(out.html);
          } else {
            res
              .writeHead(out.status ?? 200, { 'content-type': 'application/json' })
              .end(out.json === undefined ? '' : JSON.stringify(out.json));
          }
        })
        .catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(err) }));
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function randomId(prefix = '', bytes = 8): string {
  return `${prefix}${randomBytes(bytes).toString('hex')}`;
}

/** What a webhook delivery got back from our server. */
export interface Delivery {
  status: number;
  body: string;
}

export async function deliver(url: string, body: string, headers: Record<string, string>): Promise<Delivery> {
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, body: await res.text() };
}

export function notFound(): FakeResponse {
  return { status: 404, json: { error: 'not found' } };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The fake's checkout page for a developer clicking through (npm run dev:payments). */
export function checkoutPage(title: string, lines: string[], payAction: string, cancelAction?: string): FakeResponse {
  return {
    html: `<!doctype html><meta charset="utf-8"><title>${esc(title)}</title>
<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">
<h1>${esc(title)}</h1><p style="color:#b00">A local fake of the provider: no real money moves.</p>
${lines.map((l) => `<p>${esc(l)}</p>`).join('')}
<form method="post" action="${esc(payAction)}" style="display:inline"><button>Pay</button></form>
${cancelAction ? `<form method="post" action="${esc(cancelAction)}" style="display:inline"><button>Cancel</button></form>` : ''}
</body>`,
  };
}
