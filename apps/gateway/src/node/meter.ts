/**
 * Traffic metering. The data path adds chunk lengths to a per-proxy counter object it holds
 * directly, so counting costs two additions per chunk and no lookups. Reports are snapshots:
 * drain() moves the counters into a report with a fresh id and keeps it until the server
 * acknowledges that id, so a report that is retried after a lost answer is never counted twice.
 */
import { randomBytes } from 'node:crypto';
import type { TTrafficReport } from '@proxy/contract';

export interface ProxyCounter {
  /** Client → destination bytes since the last drain. */
  bytesIn: number;
  /** Destination → client bytes since the last drain. */
  bytesOut: number;
}

export interface MeterOptions {
  /** Prefix of report ids; defaults to a random id per process, so ids stay unique across restarts. */
  bootId?: string;
}

export class Meter {
  readonly bootId: string;
  private readonly counters = new Map<string, ProxyCounter>();
  private readonly retired = new Set<string>();
  private readonly unackedReports: TTrafficReport[] = [];
  /** Per proxy, the bytes in unacknowledged reports, so unacked() is O(1) during a full resync. */
  private readonly pendingBytes = new Map<string, number>();
  private seq = 0;

  constructor(opts: MeterOptions = {}) {
    this.bootId = opts.bootId ?? randomBytes(6).toString('hex');
  }

  /** The live counter of a proxy; the same object for as long as the proxy exists. */
  counter(proxyId: string): ProxyCounter {
    this.retired.delete(proxyId);
    let c = this.counters.get(proxyId);
    if (c === undefined) {
      c = { bytesIn: 0, bytesOut: 0 };
      this.counters.set(proxyId, c);
    }
    return c;
  }

  /** The proxy is gone: its counter is dropped once its last bytes have been drained. */
  retire(proxyId: string): void {
    if (this.counters.has(proxyId)) {
      this.retired.add(proxyId);
    }
  }

  /**
   * Moves every non-zero counter into a new report and keeps that report as unacknowledged.
   * Returns null when nothing was counted since the previous drain.
   */
  drain(): TTrafficReport | null {
    const counters: TTrafficReport['counters'] = [];
    for (const [proxyId, c] of this.counters) {
      if (c.bytesIn > 0 || c.bytesOut > 0) {
        counters.push({ proxyId, bytesIn: c.bytesIn, bytesOut: c.bytesOut });
        this.pendingBytes.set(proxyId, (this.pendingBytes.get(proxyId) ?? 0) + c.bytesIn + c.bytesOut);
        c.bytesIn = 0;
        c.bytesOut = 0;
      }
      if (this.retired.has(proxyId)) {
        this.counters.delete(proxyId);
        this.retired.delete(proxyId);
      }
    }
    if (counters.length === 0) {
      return null;
    }
    this.seq += 1;
    const report = { reportId: `${this.bootId}-${this.seq}`, counters };
    this.unackedReports.push(report);
    return report;
  }

  /** Reports drained but not yet acknowledged, oldest first; send them again with the same id. */
  pending(): readonly TTrafficReport[] {
    return this.unackedReports;
  }

  /** The server has counted `reportId`; returns false for an unknown (already acknowledged) id. */
  ack(reportId: string): boolean {
    const i = this.unackedReports.findIndex((r) => r.reportId === reportId);
    if (i === -1) {
      return false;
    }
    const [report] = this.unackedReports.splice(i, 1);
    for (const row of (report as TTrafficReport).counters) {
      const left = (this.pendingBytes.get(row.proxyId) ?? 0) - row.bytesIn - row.bytesOut;
      if (left > 0) {
        this.pendingBytes.set(row.proxyId, left);
      } else {
        this.pendingBytes.delete(row.proxyId);
      }
    }
    return true;
  }

  /** Bytes of a proxy that the server has not acknowledged yet: live counter plus pending reports. */
  unacked(proxyId: string): number {
    const c = this.counters.get(proxyId);
    return (c === undefined ? 0 : c.bytesIn + c.bytesOut) + (this.pendingBytes.get(proxyId) ?? 0);
  }
}
