/**
 * Which wire the gateway runs on (wire.ts): Node's TCP bindings when they are usable, `net`
 * otherwise or when GATEWAY_WIRE=net asks for it. The whole gateway suite runs on both wires
 * (the `gateway-net` project of vitest.config.ts); this file checks the choice itself, and a
 * gateway in a process where `process.binding` throws.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { selectWire, wireKind, type BindingLoader } from './wire.js';

const realLoader: BindingLoader = (name) => (process as unknown as { binding(n: string): unknown }).binding(name);

describe('wire selection', () => {
  it('should take the bindings on this Node unless GATEWAY_WIRE=net', () => {
    expect(selectWire({}, realLoader).wire.kind).toBe('binding');
    expect(selectWire({ GATEWAY_WIRE: 'binding' }, realLoader).wire.kind).toBe('binding');
    const forced = selectWire({ GATEWAY_WIRE: 'net' }, realLoader);
    expect(forced.wire.kind).toBe('net');
    expect(forced.reason).toBe('GATEWAY_WIRE=net');
    expect(wireKind).toBe(process.env.GATEWAY_WIRE === 'net' ? 'net' : 'binding');
  });

  it('should fall back to net when a binding throws, is missing or lacks a member', () => {
    const throwing = selectWire({}, (name) => {
      throw new Error(`No such module: ${name}`);
    });
    expect(throwing.wire.kind).toBe('net');
    expect(throwing.reason).toContain('No such module: tcp_wrap');

    const empty = selectWire({}, () => undefined);
    expect(empty.wire.kind).toBe('net');
    expect(empty.reason).toContain('missing TCP');

    // A Node whose TCP handle lost useUserBuffer: the relay could not read into its own buffers.
    const lacking = selectWire({}, (name) => {
      const b = realLoader(name) as Record<string, unknown>;
      if (name !== 'tcp_wrap') {
        return b;
      }
      class TCP {}
      // Every method along the real prototype chain (TCP, LibuvStreamWrap, HandleWrap), but one.
      for (let proto = (b.TCP as { prototype: object }).prototype; proto !== Object.prototype;) {
        for (const m of Object.getOwnPropertyNames(proto)) {
          if (m !== 'useUserBuffer' && m !== 'constructor' && !(m in TCP.prototype)) {
            (TCP.prototype as Record<string, unknown>)[m] = () => 0;
          }
        }
        proto = Object.getPrototypeOf(proto) as object;
      }
      return { ...b, TCP };
    });
    expect(lacking.wire.kind).toBe('net');
    expect(lacking.reason).toMatch(/missing TCP\.prototype\.useUserBuffer\)$/);
  });

  it('should refuse an unknown GATEWAY_WIRE', () => {
    expect(() => selectWire({ GATEWAY_WIRE: 'uring' }, realLoader)).toThrow(/GATEWAY_WIRE/);
  });

  it('should serve tunnels on net in a process without the bindings, and say so once', async () => {
    const child = fileURLToPath(new URL('./wire-fallback.child.ts', import.meta.url));
    const env = { ...process.env };
    delete env.GATEWAY_WIRE;
    const out = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', child], { env, timeout: 15_000 }, (err, stdout, stderr) =>
        err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
      );
    });
    const r = JSON.parse(out.trim().split('\n').pop() as string) as {
      wireKind: string;
      status: number;
      seenFrom: string;
      back: string;
      lines: string[];
    };
    expect(r.wireKind).toBe('net');
    expect(r.status).toBe(200);
    expect(r.seenFrom).toBe('127.0.0.2');
    expect(r.back).toBe('ping through the fallback');
    // Two gateways in the process, one line about the wire.
    const about = r.lines.filter((l) => l.startsWith('sockets:'));
    expect(about).toHaveLength(1);
    expect(about[0]).toContain('net.Socket');
    expect(about[0]).toContain('No such module: tcp_wrap');
  }, 20_000);
});
