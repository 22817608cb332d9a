/**
 * Outbound HTTP to URLs that an admin or a user can set (payment provider base URLs; later
 * webhook URLs). Such a URL must lead to a public address: otherwise a site admin could make the
 * server post credentials to its own loopback, the cloud metadata service or a private network
 * and read what answers (SSRF).
 *
 * The address is judged twice: when the URL is saved (checkOutboundUrl, a clear error for the
 * admin) and on every connection, inside the socket's own DNS lookup (outboundRequest), so the
 * address checked is the address connected to and a name that later resolves elsewhere (DNS
 * rebinding) is refused too. Redirects are not followed. OUTBOUND_ALLOW_PRIVATE=1 lifts the
 * address rule (and allows plain http) for tests and the local payment fakes.
 */
import { lookup as systemLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { caresResolver, parseHost, parseIp, specialPurpose } from '@proxy/gateway';
import type { Config } from '../config.js';
import { AppError } from './errors.js';

export interface Outbound {
  /** OUTBOUND_ALLOW_PRIVATE: special-purpose addresses and plain http are allowed. */
  allowPrivate: boolean;
  /** Every address of a name (IPv4 and IPv6); rejects when it has none. */
  resolve(name: string): Promise<string[]>;
}

/** The error of a refused destination; `code` lets callers tell it from network failures. */
export class OutboundRefusedError extends Error {
  readonly code = 'E_OUTBOUND_REFUSED';
  constructor(readonly reason: string) {
    super(`outbound destination refused: ${reason}`);
  }
}

export function isOutboundRefusal(err: unknown): err is { reason?: string } {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'E_OUTBOUND_REFUSED';
}

const DNS_TIMEOUT_MS = 2500;

function serverResolver(servers: string[]): (name: string) => Promise<string[]> {
  const resolve = caresResolver(DNS_TIMEOUT_MS, servers);
  return async (name) => {
    const answers = await Promise.allSettled([resolve(name, 4), resolve(name, 6)]);
    const addresses = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value.addresses : []));
    if (addresses.length === 0) {
      throw Object.assign(new Error(`no address for ${name}`), { code: 'ENOTFOUND' });
    }
    return addresses;
  };
}

async function systemResolve(name: string): Promise<string[]> {
  const answers = await systemLookup(name, { all: true, verbatim: true });
  return answers.map((a) => a.address);
}

const cache = new WeakMap<object, Outbound>();

/** The outbound policy of a configuration (one per config object). */
export function outboundOf(config: Pick<Config, 'OUTBOUND_ALLOW_PRIVATE' | 'OUTBOUND_DNS_SERVERS'>): Outbound {
  let out = cache.get(config);
  if (!out) {
    const servers = config.OUTBOUND_DNS_SERVERS;
    out = {
      allowPrivate: config.OUTBOUND_ALLOW_PRIVATE,
      resolve: servers && servers.length > 0 ? serverResolver(servers) : systemResolve,
    };
    cache.set(config, out);
  }
  return out;
}

/**
 * A URL a provider hands us for the payer's browser (a checkout page, a form action): https only,
 * http only with OUTBOUND_ALLOW_PRIVATE (the local fakes). A `javascript:` or `data:` URL would run
 * in the panel's origin when the web app navigates to it.
 */
export function isBrowserUrlAllowed(raw: unknown, out: Pick<Outbound, 'allowPrivate'>): boolean {
  if (typeof raw !== 'string') {
    return false;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && out.allowPrivate);
}

/** Why one resolved address may not be reached, or null. */
function addressRefusal(address: string, out: Outbound): string | null {
  if (out.allowPrivate) {
    return null;
  }
  const ip = parseIp(address);
  if (ip === null) {
    return 'unparsable address';
  }
  const reason = specialPurpose(ip);
  return reason === null ? null : `${address} is ${reason}`;
}

/**
 * What can be judged without DNS: the scheme (https; http only with OUTBOUND_ALLOW_PRIVATE), no
 * credentials in the URL, a valid host, and a literal address or a localhost name (RFC 6761) that
 * is not special-purpose. Returns the parsed URL and whether its host is a name still to resolve.
 */
function staticCheck(raw: string, out: Outbound): { url: URL; name: string | null } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('not a URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && out.allowPrivate)) {
    throw new OutboundRefusedError(out.allowPrivate ? 'must be an http(s) URL' : 'must be an https URL');
  }
  if (url.username || url.password) {
    throw new OutboundRefusedError('credentials in the URL');
  }
  const host = parseHost(url.hostname);
  if (host.kind === 'invalid') {
    throw new OutboundRefusedError(host.reason);
  }
  if (host.kind === 'ip') {
    const reason = out.allowPrivate ? null : specialPurpose(host.ip);
    if (reason !== null) {
      throw new OutboundRefusedError(`${url.hostname} is ${reason}`);
    }
    return { url, name: null };
  }
  if (!out.allowPrivate && (host.name === 'localhost' || host.name.endsWith('.localhost'))) {
    throw new OutboundRefusedError(`${host.name} is loopback`);
  }
  return { url, name: host.name };
}

/** Resolves a name and refuses it unless every address is public. */
async function checkedAddresses(name: string, out: Outbound): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = await out.resolve(name);
  } catch {
    throw new OutboundRefusedError(`${name} does not resolve`);
  }
  for (const address of addresses) {
    const reason = addressRefusal(address, out);
    if (reason !== null) {
      throw new OutboundRefusedError(`${name} resolves to ${reason}`);
    }
  }
  return addresses;
}

/**
 * Checks a URL an admin or a user is saving; throws 400 OUTBOUND_URL_NOT_ALLOWED naming the field.
 * The connection is checked again (outboundRequest), so this is for a clear answer, not the guard.
 */
export async function checkOutboundUrl(out: Outbound, raw: string, field: string): Promise<void> {
  try {
    const { name } = staticCheck(raw, out);
    if (name !== null && !out.allowPrivate) {
      await checkedAddresses(name, out);
    }
  } catch (err) {
    if (err instanceof OutboundRefusedError) {
      throw new AppError('OUTBOUND_URL_NOT_ALLOWED', {
        field,
        issues: [{ path: `body.${field}`, message: err.reason }],
      });
    }
    throw err;
  }
}

/**
 * The socket's DNS lookup: the addresses connected to are the addresses checked. Node calls it
 * with `all: true` when it races IPv4 and IPv6 (autoSelectFamily), else for a single address.
 */
function guardedLookup(out: Outbound): LookupFunction {
  return (hostname, options, callback) => {
    const asked: unknown = typeof options === 'object' ? options.family : options;
    // Node passes 4, 6 or 0 (either); some callers spell them 'IPv4' / 'IPv6'.
    const family = asked === 4 || asked === 'IPv4' ? 4 : asked === 6 || asked === 'IPv6' ? 6 : 0;
    checkedAddresses(hostname, out).then(
      (addresses) => {
        const wanted = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((a) => family === 0 || a.family === family);
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        } else if (typeof options === 'object' && options.all) {
          (callback as unknown as (err: null, all: { address: string; family: number }[]) => void)(null, wanted);
        } else {
          callback(null, wanted[0]!.address, wanted[0]!.family);
        }
      },
      (err: Error) => callback(err, '', 0),
    );
  };
}

export interface OutboundResponse {
  status: number;
  text: string;
}

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** Answers longer than this are cut off with an error (a provider answer is a few kilobytes). */
  maxBytes?: number;
}

/**
 * One request to an admin- or user-set URL, redirects not followed. Rejects with an
 * OutboundRefusedError (nothing was sent) when the destination is not allowed, else with the
 * network error.
 */
export async function outboundRequest(out: Outbound, raw: string, init: OutboundInit = {}): Promise<OutboundResponse> {
  // A literal address never reaches the lookup, so it is judged here, before connecting.
  const { url } = staticCheck(raw, out);
  const maxBytes = init.maxBytes ?? 1_000_000;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        lookup: guardedLookup(out),
        // A fresh connection per call: every request goes through the lookup above.
        agent: false,
        signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(new Error('answer too large'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * Why a host an admin or a supplier gave as a proxy is refused, as far as it can be judged without
 * DNS (an invalid host, a literal address or a localhost name that is not public, unless
 * OUTBOUND_ALLOW_PRIVATE), or null: a name is judged when it is resolved, at each connection.
 */
export function hostRefusal(out: Pick<Outbound, 'allowPrivate'>, rawHost: string): string | null {
  const hostname = rawHost.startsWith('[') && rawHost.endsWith(']') ? rawHost.slice(1, -1) : rawHost;
  const host = parseHost(hostname);
  if (host.kind === 'invalid') {
    return host.reason;
  }
  if (host.kind === 'ip') {
    const reason = out.allowPrivate ? null : specialPurpose(host.ip);
    return reason === null ? null : `${hostname} is ${reason}`;
  }
  if (!out.allowPrivate && (host.name === 'localhost' || host.name.endsWith('.localhost'))) {
    return `${host.name} is loopback`;
  }
  return null;
}

/**
 * The address to dial for a host an admin or a supplier gave as a proxy (an upstream proxy): a
 * literal address or a name resolved now, refused (OutboundRefusedError) when it is not public,
 * unless OUTBOUND_ALLOW_PRIVATE. The gateway judges it again at each connection.
 */
export async function publicAddressOf(out: Outbound, rawHost: string): Promise<string> {
  const reason = hostRefusal(out, rawHost);
  if (reason !== null) {
    throw new OutboundRefusedError(reason);
  }
  const hostname = rawHost.startsWith('[') && rawHost.endsWith(']') ? rawHost.slice(1, -1) : rawHost;
  const host = parseHost(hostname);
  if (host.kind !== 'name') {
    return hostname;
  }
  const [first] = await checkedAddresses(host.name, out);
  return first!;
}
