/**
 * The sync client of a standalone gateway node (docs/gateway-protocol.md). It pulls the full state,
 * follows changes over Server-Sent Events and reports traffic. Whatever happens to the panel, the
 * gateway keeps serving the last state it knew: a lost stream means back off, resync in full and
 * follow again; a lost traffic report is sent again with the same id until the panel takes it.
 */
import { ZGatewayProxy, ZNodeChange, type TGatewayProxy, type TTrafficReport } from '@proxy/contract';
import { createParser } from 'eventsource-parser';
import { z } from 'zod';
import type { Gateway, GatewayLogger } from '../node/gateway.js';

export interface NodeClientOptions {
  /** The panel's base URL, e.g. https://panel.example.com */
  panelUrl: string;
  nodeId: string;
  secret: string;
  gateway: Gateway;
  /**
   * How often traffic is reported (docs/gateway-protocol.md#traffic): every second, so the panel's
   * live view moves; an interval with nothing counted sends nothing.
   */
  reportIntervalMs?: number;
  /** A full resync now and then, in case a change was lost in a way the stream did not show. */
  resyncIntervalMs?: number;
  backoffMinMs?: number;
  backoffMaxMs?: number;
  /** The change stream is reconnected when it carries no bytes (not even a keep-alive) this long. */
  streamIdleMs?: number;
  /** Timeout of the state and traffic requests. */
  requestTimeoutMs?: number;
  fetch?: typeof fetch;
  logger?: GatewayLogger;
  /** Every state version the panel announces (a sync or a change), before it is applied: metrics' lag. */
  onPanelVersion?: (version: number) => void;
}

const NOOP_LOGGER: GatewayLogger = { info() {}, warn() {}, error() {} };

/** `node/state` around its proxies, which are read one by one (readState). */
const ZStateEnvelope = z.object({ version: z.number().int().nonnegative(), proxies: z.array(z.unknown()) });
/** A change whose upsert does not read as a proxy, but names one. */
const ZUnreadableUpsert = z.object({
  version: z.number().int().nonnegative(),
  upsert: z.object({ id: z.string().min(1) }),
});

/** The id a proxy the contract does not allow still carries, for the log. */
function idOf(raw: unknown): string {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id.slice(0, 64) : '?';
}

/**
 * The full state, each proxy read on its own: one the contract does not allow (a supplier's data
 * the panel should have refused) is left out and named in the log, and the node serves the rest
 * rather than none of them. Null when the body is no state at all.
 */
export function readState(body: unknown, log: GatewayLogger): { version: number; proxies: TGatewayProxy[] } | null {
  const envelope = ZStateEnvelope.safeParse(body);
  if (!envelope.success) {
    return null;
  }
  const proxies: TGatewayProxy[] = [];
  const left: string[] = [];
  for (const raw of envelope.data.proxies) {
    const p = ZGatewayProxy.safeParse(raw);
    if (p.success) {
      proxies.push(p.data);
    } else {
      left.push(idOf(raw));
    }
  }
  if (left.length > 0) {
    log.warn({ count: left.length, ids: left.slice(0, 20) }, 'node/state: unreadable proxies left out');
  }
  return { version: envelope.data.version, proxies };
}

export class NodeClient {
  private readonly base: string;
  private readonly auth: string;
  private readonly gateway: Gateway;
  private readonly fetchFn: typeof fetch;
  private readonly log: GatewayLogger;
  private readonly reportIntervalMs: number;
  private readonly resyncIntervalMs: number;
  private readonly backoffMinMs: number;
  private readonly backoffMaxMs: number;
  private readonly streamIdleMs: number;
  private readonly requestTimeoutMs: number;
  private readonly stopSignal = new AbortController();
  private loop: Promise<void> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private flushing: Promise<boolean> | null = null;
  private nextFlush: Promise<boolean> | null = null;
  private resyncing = false;
  private readonly onPanelVersion: ((version: number) => void) | undefined;
  /** True while the change stream is open. */
  following = false;

  constructor(opts: NodeClientOptions) {
    this.base = opts.panelUrl.replace(/\/+$/, '');
    this.auth = `Node ${opts.nodeId}:${opts.secret}`;
    this.gateway = opts.gateway;
    this.fetchFn = opts.fetch ?? fetch;
    this.log = opts.logger ?? NOOP_LOGGER;
    this.onPanelVersion = opts.onPanelVersion;
    this.reportIntervalMs = opts.reportIntervalMs ?? 1_000;
    this.resyncIntervalMs = opts.resyncIntervalMs ?? 300_000;
    this.backoffMinMs = opts.backoffMinMs ?? 1_000;
    this.backoffMaxMs = opts.backoffMaxMs ?? 30_000;
    this.streamIdleMs = opts.streamIdleMs ?? 75_000;
    this.requestTimeoutMs = opts.requestTimeoutMs ?? 15_000;
  }

  start(): void {
    if (this.loop !== null) {
      return;
    }
    this.loop = this.run();
    this.timers.push(
      setInterval(() => void this.flushTraffic(), this.reportIntervalMs),
      setInterval(() => void this.safetyResync(), this.resyncIntervalMs),
    );
  }

  /** Stops syncing and sends what was counted one last time. */
  async stop(): Promise<void> {
    this.stopSignal.abort();
    for (const t of this.timers) {
      clearInterval(t);
    }
    this.timers = [];
    await this.loop;
    await this.flushTraffic();
  }

  /** One full sync: `GET node/state`, applied to the gateway. */
  async sync(): Promise<void> {
    const res = await this.request('/api/sub-server/node/state', { method: 'GET' });
    const state = readState(await res.json(), this.log);
    if (state === null) {
      throw new Error('node/state: unexpected body');
    }
    this.onPanelVersion?.(state.version);
    await this.gateway.applyFull(state.proxies, state.version);
    this.log.info({ version: state.version, proxies: state.proxies.length }, 'state synced');
  }

  /**
   * Sends unacknowledged reports (oldest first, same ids), then drains and sends the counters.
   * Resolves true when the panel has taken everything counted before the call.
   */
  flushTraffic(): Promise<boolean> {
    if (this.flushing === null) {
      this.flushing = this.sendReports().finally(() => {
        this.flushing = null;
      });
      return this.flushing;
    }
    // The flush under way may have drained the counters before the caller's bytes were counted
    // (stop() and the once-a-second timer meet often): one more follows it, shared by every caller
    // that comes while it waits.
    this.nextFlush ??= this.flushing.then(
      () => this.flushAfterWaiting(),
      () => this.flushAfterWaiting(),
    );
    return this.nextFlush;
  }

  private flushAfterWaiting(): Promise<boolean> {
    this.nextFlush = null;
    return this.flushTraffic();
  }

  private async sendReports(): Promise<boolean> {
    const meter = this.gateway.meter;
    // Drain only once nothing is pending: a report the panel may already hold must never be
    // merged into another, and one pending report keeps memory bounded however long the panel is away.
    for (let drained = false; ;) {
      const report = meter.pending()[0] ?? (drained ? null : meter.drain());
      drained = true;
      if (report === null) {
        return true;
      }
      if (!(await this.postReport(report))) {
        return false;
      }
      meter.ack(report.reportId);
    }
  }

  private async postReport(report: TTrafficReport): Promise<boolean> {
    try {
      // Not cut short by stop(): the last report is sent on the way out.
      await this.request(
        '/api/sub-server/node/traffic',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(report) },
        false,
      );
      return true;
    } catch (err) {
      // 409: the panel already holds this report id.
      if (err instanceof HttpError && err.status === 409) {
        return true;
      }
      this.log.warn({ reportId: report.reportId, err: describe(err) }, 'traffic report not accepted; will retry');
      return false;
    }
  }

  private async run(): Promise<void> {
    let delay = this.backoffMinMs;
    while (!this.stopSignal.signal.aborted) {
      try {
        await this.sync();
        delay = this.backoffMinMs;
        await this.follow();
      } catch (err) {
        if (!this.stopSignal.signal.aborted) {
          this.log.warn({ err: describe(err), retryInMs: delay }, 'panel unreachable; serving the last known state');
        }
      }
      if (this.stopSignal.signal.aborted) {
        return;
      }
      await this.sleep(delay * (1 + Math.random() * 0.2));
      delay = Math.min(delay * 2, this.backoffMaxMs);
    }
  }

  /** Follows `GET node/changes` until the stream ends, breaks or stays silent too long. */
  private async follow(): Promise<void> {
    const abort = new AbortController();
    const onStop = () => abort.abort();
    this.stopSignal.signal.addEventListener('abort', onStop);
    const idle = setTimeout(() => abort.abort(new Error('change stream idle')), this.streamIdleMs);
    try {
      const res = await this.fetchFn(`${this.base}/api/sub-server/node/changes?since=${this.gateway.state.version}`, {
        headers: { authorization: this.auth, accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (!res.ok || res.body === null) {
        throw new HttpError(res.status, 'node/changes');
      }
      this.following = true;
      const parser = new SseParser();
      const decoder = new TextDecoder();
      const reader = res.body.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        idle.refresh();
        for (const event of parser.push(decoder.decode(r.value as Uint8Array, { stream: true }))) {
          await this.onEvent(event);
        }
      }
    } finally {
      this.following = false;
      clearTimeout(idle);
      this.stopSignal.signal.removeEventListener('abort', onStop);
      abort.abort();
    }
  }

  private async onEvent(event: SseEvent): Promise<void> {
    if (event.type !== 'message' && event.type !== 'change') {
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      json = undefined;
    }
    const parsed = ZNodeChange.safeParse(json);
    if (!parsed.success) {
      const named = ZUnreadableUpsert.safeParse(json);
      if (named.success) {
        // A proxy whose new state cannot be enforced is not served on its old one either.
        this.log.warn({ id: idOf(named.data.upsert) }, 'node/changes: unreadable proxy stopped');
        this.onPanelVersion?.(named.data.version);
        await this.gateway.applyChange({ version: named.data.version, deleteId: named.data.upsert.id });
        return;
      }
      // A change we cannot read may be one we needed: resync in full rather than drift.
      throw new Error(`node/changes: unreadable event: ${event.data.slice(0, 200)}`);
    }
    this.onPanelVersion?.(parsed.data.version);
    await this.gateway.applyChange(parsed.data);
  }

  /** The periodic safety net; never applies a snapshot older than what the stream already gave. */
  private async safetyResync(): Promise<void> {
    if (this.resyncing || !this.following) {
      return;
    }
    this.resyncing = true;
    try {
      const res = await this.request('/api/sub-server/node/state', { method: 'GET' });
      const state = readState(await res.json(), this.log);
      if (state !== null && state.version >= this.gateway.state.version) {
        await this.gateway.applyFull(state.proxies, state.version);
      }
    } catch (err) {
      this.log.warn({ err: describe(err) }, 'periodic resync failed');
    } finally {
      this.resyncing = false;
    }
  }

  private async request(path: string, init: RequestInit, stoppable = true): Promise<Response> {
    const timeout = AbortSignal.timeout(this.requestTimeoutMs);
    const res = await this.fetchFn(`${this.base}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: this.auth },
      signal: stoppable ? AbortSignal.any([timeout, this.stopSignal.signal]) : timeout,
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new HttpError(res.status, path);
    }
    return res;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const signal = this.stopSignal.signal;
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done);
    });
  }
}

/** fetch() hides the network error in `cause`; the log needs it (ECONNREFUSED, ENOTFOUND…). */
function describe(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message;
  return detail === undefined ? String(err) : `${String(err)} (${detail})`;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    what: string,
  ) {
    super(`${what}: HTTP ${status}`);
  }
}

export interface SseEvent {
  type: string;
  data: string;
}

/**
 * The text/event-stream format (HTML Living Standard §9.2.6), parsed by eventsource-parser; each
 * push returns the events its text completed, in order (`id` and `retry` are not used).
 */
export class SseParser {
  private readonly events: SseEvent[] = [];
  private readonly parser = createParser({
    onEvent: (e) => this.events.push({ type: e.event ?? 'message', data: e.data }),
  });

  push(text: string): SseEvent[] {
    this.parser.feed(text);
    return this.events.splice(0);
  }
}
