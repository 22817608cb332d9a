/**
 * The optional kernel data plane (issue 16): an established tunnel relayed with splice(2) by the
 * native addon in `../native/splice.c`, instead of the JavaScript relay (relay.ts).
 *
 * Off unless asked for: it is used only when `GATEWAY_SPLICE=1`, the addon has been built
 * (`npm run build:splice`; never at install) and the gateway runs on the raw TCP handles (wire.ts:
 * their file descriptors are handed over; the `net` wire keeps the JavaScript relay). The choice
 * is made once, when this module loads (`spliceKind`, `spliceReason`; the gateway logs it once).
 * `GATEWAY_SPLICE_ADDON` names the built file when it is not in its usual place (a bundle).
 *
 * What changes for a spliced tunnel (relay.ts startRelay decides, per tunnel, once the reply is out):
 * - metering: the addon counts the bytes read from each socket, the figure the JavaScript relay
 *   counts per chunk; they are folded into the proxy's counter (`syncSplice`) before every meter
 *   drain, on every idle sweep and state change, and with the final counts when the relay ends. So the
 *   reports are exact, but a proxy's `used` only moves at those moments: a quota could not cut at
 *   the crossing chunk. Tunnels of proxies with a byte limit therefore keep the JavaScript relay,
 *   and spliced tunnels are closed when their proxy gets a limit (gateway.ts);
 * - idle timeout: the sweep reads the counts; a tunnel whose counts moved since the last sweep is
 *   stamped active, so it closes as a JavaScript-relayed one would (within one sweep period);
 * - closing: when both directions have ended, or on an error, the addon reports the end and the
 *   tunnel closes its handles; when the gateway closes the tunnel first (live change, idle,
 *   shutdown) `stop()` ends the relay thread, and its final counts still arrive and are folded.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProxyRuntime } from './runtime.js';
import { wireKind } from './wire.js';

/** The addon's interface (native/splice.c). */
export interface SpliceAddon {
  init(onEnd: (id: number, bytesIn: number, bytesOut: number, errno: number) => void): void;
  start(clientFd: number, upstreamFd: number): number;
  counts(id: number, out: Float64Array): boolean;
  stop(id: number): void;
}

/** What a spliced tunnel is to this module (tunnel.ts). */
export interface Spliced {
  readonly rt: ProxyRuntime | null;
  readonly gw: { readonly sweeps: number };
  /** The gateway's sweep count at the tunnel's last byte (the idle sweep reads it). */
  seen: number;
  destroy(): void;
}

/** Where `npm run build:splice` puts the addon, from the source tree or a bundle next to it. */
function addonPath(env: NodeJS.ProcessEnv): string | null {
  if (env.GATEWAY_SPLICE_ADDON !== undefined && env.GATEWAY_SPLICE_ADDON !== '') {
    return env.GATEWAY_SPLICE_ADDON;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../native/build/Release/splice.node'),
    path.resolve(process.cwd(), 'apps/gateway/native/build/Release/splice.node'),
  ];
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** The addon when enabled and loadable, else null, and why. */
export function selectSplice(env: NodeJS.ProcessEnv = process.env): { addon: SpliceAddon | null; reason: string } {
  const asked = env.GATEWAY_SPLICE;
  if (asked === undefined || asked === '' || asked === '0') {
    return { addon: null, reason: 'GATEWAY_SPLICE not set' };
  }
  if (asked !== '1') {
    throw new Error(`GATEWAY_SPLICE: unknown value ${asked} (known: 0, 1)`);
  }
  if (process.platform !== 'linux') {
    return { addon: null, reason: 'splice(2) is Linux only' };
  }
  if (wireKind !== 'binding') {
    return { addon: null, reason: 'the net.Socket wire has no descriptors to hand over' };
  }
  const file = addonPath(env);
  if (file === null) {
    return { addon: null, reason: 'the addon is not built (npm run build:splice)' };
  }
  try {
    const addon = createRequire(import.meta.url)(file) as SpliceAddon;
    return { addon, reason: file };
  } catch (err) {
    return { addon: null, reason: `the addon did not load: ${err instanceof Error ? err.message : String(err)}` };
  }
}

const selected = selectSplice();
const addon = selected.addon;

/** `splice` when tunnels are relayed by the addon, `js` otherwise; and why. */
export const spliceKind: 'splice' | 'js' = addon === null ? 'js' : 'splice';
export const spliceReason = selected.reason;

/** Spliced tunnels by relay id, with the counts already folded into their proxies' counters. */
interface Entry {
  t: Spliced;
  bytesIn: number;
  bytesOut: number;
}
const relays = new Map<number, Entry>();
const scratch = new Float64Array(2);

function fold(e: Entry, bytesIn: number, bytesOut: number): void {
  const dIn = bytesIn - e.bytesIn;
  const dOut = bytesOut - e.bytesOut;
  if (dIn > 0 || dOut > 0) {
    e.bytesIn = bytesIn;
    e.bytesOut = bytesOut;
    const rt = e.t.rt as ProxyRuntime;
    rt.counter.bytesIn += dIn;
    rt.counter.bytesOut += dOut;
    rt.used += dIn + dOut;
    e.t.seen = e.t.gw.sweeps;
  }
}

addon?.init((id, bytesIn, bytesOut) => {
  const e = relays.get(id);
  if (e === undefined) {
    return;
  }
  relays.delete(id);
  fold(e, bytesIn, bytesOut);
  // Both directions ended (their FINs passed on), a socket failed, or the tunnel was closed
  // already (stop): the handles close, if they are not closed yet.
  e.t.destroy();
});

/** Tunnels the addon relays now, in this process. */
export function splicedCount(): number {
  return relays.size;
}

/**
 * Hands a tunnel's two sockets to the addon; the relay id, or -1 when the addon refused (the
 * caller relays in JavaScript). The handles must not be reading and have no write pending.
 */
export function startSplice(t: Spliced, clientFd: number, upstreamFd: number): number {
  if (addon === null || !(clientFd >= 0) || !(upstreamFd >= 0)) {
    return -1;
  }
  let id: number;
  try {
    id = addon.start(clientFd, upstreamFd);
  } catch {
    return -1;
  }
  relays.set(id, { t, bytesIn: 0, bytesOut: 0 });
  return id;
}

/** Folds one relay's counts so far into its proxy's counters. */
export function syncSplice(id: number): void {
  const e = relays.get(id);
  if (e !== undefined && (addon as SpliceAddon).counts(id, scratch)) {
    fold(e, scratch[0] as number, scratch[1] as number);
  }
}

/** Folds every relay's counts (before a meter drain). */
export function syncAllSplices(): void {
  for (const id of relays.keys()) {
    syncSplice(id);
  }
}

/** Ends a relay now (-1: none); its final counts are still folded when the addon reports the end. */
export function stopSplice(id: number): void {
  if (id >= 0) {
    addon?.stop(id);
  }
}
