// Parse of a client's first packet, alone: `npx tsx apps/gateway/scripts/bench-handshake.ts`.
// Prints handshakes per second for an HTTP CONNECT head and a SOCKS5 greeting, auth and request in
// one write (what a client sends first), each through a fresh handshake as a new connection gets.
import type { Access, Handshake } from '../src/protocol/handshake.js';
import { HttpHandshake } from '../src/protocol/http-handshake.js';
import { SocksHandshake } from '../src/protocol/socks-handshake.js';

const access: Access = {
  httpAdmit: () => null,
  socksIpAdmit: () => 'no',
  socksPasswordAdmit: () => true,
};
const auth = Buffer.from('user:pass').toString('base64');
const http = Buffer.from(
  `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nUser-Agent: bench/1.0\r\nProxy-Authorization: Basic ${auth}\r\n\r\n`,
  'latin1',
);
const socks = Buffer.from([
  ...[0x05, 0x01, 0x02],
  ...[0x01, 0x04, ...Buffer.from('user'), 0x04, ...Buffer.from('pass')],
  ...[0x05, 0x01, 0x00, 0x03, 11, ...Buffer.from('example.com'), 0x01, 0xbb],
]);

function rate(name: string, make: () => Handshake, input: Buffer): void {
  const run = (n: number) => {
    let connects = 0;
    for (let i = 0; i < n; i++) {
      const hs = make();
      hs.push(input);
      for (let step = hs.next(); ; step = hs.next()) {
        if (step.kind !== 'reply') {
          connects += step.kind === 'connect' ? 1 : 0;
          break;
        }
      }
    }
    return connects;
  };
  run(50_000);
  const n = 500_000;
  const t0 = process.hrtime.bigint();
  if (run(n) !== n) {
    throw new Error(`${name}: not every handshake connected`);
  }
  const ns = Number(process.hrtime.bigint() - t0);
  console.log(
    `${name}: ${Math.round(n / (ns / 1e9)).toLocaleString('en')} handshakes/s, ${(ns / n).toFixed(0)} ns each`,
  );
}

rate('HTTP CONNECT', () => new HttpHandshake(access, 16_384), http);
rate('SOCKS5 user/pass + domain', () => new SocksHandshake(access, 16_384), socks);
