/** The IPv4 fallback of IPv6 proxies over real sockets: refused with a reason when off, from the IPv4 egress when on. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsCache, DnsError } from '../io/dns-cache.js';
import type { Gateway } from './gateway.js';
import { addProxy, creds, echo, testGateway, update, useFixture } from '../../test/gateway-fixture.js';
import { httpConnect, socksConnect } from '../../test/test-utils.js';

useFixture();

let g: Gateway;
beforeAll(() => {
  // `v4only.test` has A records only; any other name does not exist.
  const dns = new DnsCache({
    resolve: (name, family) => {
      if (name === 'v4only.test') {
        return family === 4
          ? Promise.resolve({ addresses: ['127.0.0.1'], ttlSec: 60 })
          : Promise.reject(new DnsError('ENODATA', name));
      }
      return Promise.reject(new DnsError('ENOTFOUND', name));
    },
  });
  g = testGateway({ dns, ipv4Egress: '127.0.0.5' });
});
afterAll(() => g.close());

describe('IPv4 fallback of an IPv6 proxy', () => {
  it('should refuse an IPv4-only destination with a reason while the fallback is off', async () => {
    const p = await addProxy(g, { egressIp: '::1' });
    for (const target of [`127.0.0.1:${echo.port}`, `v4only.test:${echo.port}`]) {
      const res = await httpConnect(p.port, target, { auth: creds(p) });
      expect(res.status).toBe(502);
      expect((await res.reader.readAll()).toString()).toMatch(/This IPv6 proxy reaches IPv6 destinations only/);
    }
    const socks = await socksConnect(p.port, { domain: 'v4only.test' }, echo.port, { auth: creds(p) });
    expect(socks).toMatchObject({ step: 'request', code: 0x04 });
    const literal = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { auth: creds(p) });
    expect(literal).toMatchObject({ step: 'request', code: 0x04 });
    // A name that does not exist at all is still a DNS failure, not this.
    expect((await httpConnect(p.port, `nowhere.test:${echo.port}`, { auth: creds(p) })).head).toMatch(/^HTTP\/1.1 502/);
  });

  it('should reach it from the node’s IPv4 egress once the fallback is on, and not after it is off again', async () => {
    const p = await addProxy(g, { egressIp: '::1', ipv4Fallback: true });
    const byName = await httpConnect(p.port, `v4only.test:${echo.port}`, { auth: creds(p) });
    expect(byName.status).toBe(200);
    expect(await byName.reader.readLine()).toBe('127.0.0.5');
    const socks = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { auth: creds(p) });
    expect(socks.code).toBe(0x00);
    expect(await socks.reader.readLine()).toBe('127.0.0.5');
    // Turning it off is a change of access: open tunnels through it close.
    await update(g, p, { ipv4Fallback: false });
    await Promise.all([byName.reader.closed, socks.reader.closed]);
    expect((await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) })).status).toBe(502);
  });

  it('should leave IPv4 proxies as they are: an IPv6 destination is another family', async () => {
    const p = await addProxy(g, { ipv4Fallback: true });
    const socks = await socksConnect(p.port, { ipv6: '::1' }, echo.port, { auth: creds(p) });
    expect(socks).toMatchObject({ step: 'request', code: 0x08 });
  });
});
