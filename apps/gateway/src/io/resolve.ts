/**
 * Resolving a destination name in the proxy's family, with the IPv4 fallback of IPv6 proxies: a
 * name without AAAA records that has A records is reached over IPv4 when the proxy's fallback is
 * on, and refused as `Ipv6Only` when it is off (docs/gateway-protocol.md#ipv4-fallback).
 */
import type { ProxyRuntime } from '../node/runtime.js';
import { DnsError, type DnsCache } from './dns-cache.js';

/** The name has IPv4 addresses only, and the IPv6 proxy asking has no IPv4 fallback. */
export class Ipv6Only extends Error {
  constructor() {
    super('IPv6 proxy, IPv4-only destination');
  }
}

/** The addresses to connect to (all of one family), or a rejection: DnsError, Ipv6Only, other. */
export async function resolveFor(dns: DnsCache, name: string, rt: ProxyRuntime): Promise<string[]> {
  try {
    return await dns.lookup(name, rt.family);
  } catch (err) {
    // Only a name that exists without AAAA records (ENODATA) may have A records worth asking for:
    // a name that does not exist, a timeout or a failing resolver would cost a second wait for nothing.
    if (rt.family !== 6 || !(err instanceof DnsError) || err.code !== 'ENODATA') {
      throw err;
    }
    let v4: string[];
    try {
      v4 = await dns.lookup(name, 4);
    } catch {
      throw err;
    }
    if (rt.cfg.ipv4Fallback === true) {
      return v4;
    }
    throw new Ipv6Only();
  }
}
