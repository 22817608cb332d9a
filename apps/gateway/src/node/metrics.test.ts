/** The node's metrics over real sockets, and the drain that precedes a shutdown. */
import { describe, expect, it } from 'vitest';
import {
  addProxy,
  creds,
  echo,
  panel,
  roundTrip,
  testGateway,
  tunnel,
  useFixture,
} from '../../test/gateway-fixture.js';
import { GatewayMetrics } from './metrics.js';
import { connect, httpConnect } from '../../test/test-utils.js';
import type { Gateway } from './gateway.js';

useFixture();

function sample(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : Number.NaN;
}

function metered(): { gw: Gateway; metrics: GatewayMetrics } {
  let gw: Gateway | null = null;
  const metrics = new GatewayMetrics(() => gw);
  gw = testGateway({ blockedPorts: [panel.port], hooks: metrics.hooks });
  metrics.countDrained(gw.meter);
  return { gw, metrics };
}

describe('gateway metrics', () => {
  it('count tunnels, auth failures, refusals, bytes and the version lag', async () => {
    const { gw, metrics } = metered();
    try {
      const p = await addProxy(gw);
      const open = await tunnel(p);
      expect(await roundTrip(open.reader, 'hello metrics')).toBe('hello metrics');
      expect((await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: [creds(p)[0], 'wrong'] })).status).toBe(407);
      expect((await httpConnect(p.port, `127.0.0.1:${panel.port}`, { auth: creds(p) })).status).toBe(403);
      metrics.panelAnnounced(gw.state.version + 2);

      let text = await metrics.registry.metrics();
      expect(sample(text, 'gateway_tunnels_opened_total')).toBe(1);
      expect(sample(text, 'gateway_open_tunnels')).toBe(1);
      expect(sample(text, 'gateway_auth_failures_total')).toBe(1);
      expect(text).toMatch(/gateway_ssrf_refusals_total\{reason="[^"]+"\} 1/);
      expect(sample(text, 'gateway_state_version_lag')).toBe(2);

      gw.meter.drain();
      text = await metrics.registry.metrics();
      // The echo's greeting line went out too, so out > in.
      expect(sample(text, 'gateway_bytes_total{direction="in"}')).toBeGreaterThanOrEqual(13);
      expect(sample(text, 'gateway_bytes_total{direction="out"}')).toBeGreaterThan(13);
      open.reader.socket.destroy();
    } finally {
      await gw.close();
    }
  });

  it('stopAccepting refuses new connections while an open tunnel keeps relaying', async () => {
    const { gw } = metered();
    try {
      const p = await addProxy(gw);
      const open = await tunnel(p);
      gw.stopAccepting();
      await expect(connect(p.port)).rejects.toThrow(/ECONNREFUSED/);
      expect(await roundTrip(open.reader, 'still relaying')).toBe('still relaying');
      expect(gw.stats().connections).toBe(1);
      open.reader.socket.end();
      await open.reader.closed;
    } finally {
      await gw.close();
    }
  });
});
