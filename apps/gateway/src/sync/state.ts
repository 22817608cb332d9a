/**
 * The node's desired state: the proxies it must serve, as last received from the server. Applying
 * a full snapshot or a single change returns a diff, which the gateway turns into listener and
 * tunnel actions.
 */
import type { TGatewayProxy, TGatewayUpstream, TNodeChange } from '@proxy/contract';

export type GatewayProxy = TGatewayProxy;

export interface StateDiff {
  added: GatewayProxy[];
  removed: GatewayProxy[];
  updated: Array<{ before: GatewayProxy; after: GatewayProxy }>;
}

export class GatewayState {
  /** The server's version of the state last applied; changes at or below it are stale. */
  version = 0;
  private readonly byId = new Map<string, GatewayProxy>();
  /**
   * Port → ids claiming it, most recent last. Two proxies on one port is a server bug (or a move
   * that arrives in two changes); the most recent upsert gets the port, the other takes it back
   * when the newer one leaves.
   */
  private readonly portClaims = new Map<number, string[]>();

  get size(): number {
    return this.byId.size;
  }

  get(id: string): GatewayProxy | undefined {
    return this.byId.get(id);
  }

  getByPort(port: number): GatewayProxy | undefined {
    const claims = this.portClaims.get(port);
    return claims === undefined ? undefined : this.byId.get(claims[claims.length - 1] as string);
  }

  all(): IterableIterator<GatewayProxy> {
    return this.byId.values();
  }

  ports(): IterableIterator<number> {
    return this.portClaims.keys();
  }

  /** Replaces everything with a snapshot. */
  applyFull(list: readonly GatewayProxy[], version = this.version): StateDiff {
    const diff: StateDiff = { added: [], removed: [], updated: [] };
    const wanted = new Map(list.map((p) => [p.id, p]));
    for (const [id, before] of this.byId) {
      if (!wanted.has(id)) {
        this.remove(before);
        diff.removed.push(before);
      }
    }
    for (const p of list) {
      this.upsert(p, diff);
    }
    this.version = version;
    return diff;
  }

  /** Applies one change; returns null and changes nothing when it is not newer than the state. */
  applyChange(change: TNodeChange): StateDiff | null {
    if (change.version <= this.version) {
      return null;
    }
    const diff: StateDiff = { added: [], removed: [], updated: [] };
    if (change.upsert !== undefined) {
      this.upsert(change.upsert, diff);
    } else if (change.deleteId !== undefined) {
      const before = this.byId.get(change.deleteId);
      if (before !== undefined) {
        this.remove(before);
        diff.removed.push(before);
      }
    }
    this.version = change.version;
    return diff;
  }

  private upsert(p: GatewayProxy, diff: StateDiff): void {
    const before = this.byId.get(p.id);
    if (before !== undefined && sameProxy(before, p)) {
      return;
    }
    if (before !== undefined) {
      this.releasePort(before);
    }
    this.byId.set(p.id, p);
    const claims = this.portClaims.get(p.port);
    if (claims === undefined) {
      this.portClaims.set(p.port, [p.id]);
    } else {
      claims.push(p.id);
    }
    if (before === undefined) {
      diff.added.push(p);
    } else {
      diff.updated.push({ before, after: p });
    }
  }

  private remove(p: GatewayProxy): void {
    this.byId.delete(p.id);
    this.releasePort(p);
  }

  private releasePort(p: GatewayProxy): void {
    const claims = this.portClaims.get(p.port);
    if (claims === undefined) {
      return;
    }
    const i = claims.indexOf(p.id);
    if (i !== -1) {
      claims.splice(i, 1);
    }
    if (claims.length === 0) {
      this.portClaims.delete(p.port);
    }
  }
}

export function sameProxy(a: GatewayProxy, b: GatewayProxy): boolean {
  return (
    a.port === b.port &&
    a.protocol === b.protocol &&
    a.bandwidthLimitBytes === b.bandwidthLimitBytes &&
    a.bandwidthUsedBytes === b.bandwidthUsedBytes &&
    sameAccess(a, b)
  );
}

/** Fields whose change revokes what was granted: open tunnels of the proxy are closed. */
export function sameAccess(a: GatewayProxy, b: GatewayProxy): boolean {
  return (
    a.username === b.username &&
    a.password === b.password &&
    a.status === b.status &&
    a.egressIp === b.egressIp &&
    (a.ipv4Fallback ?? false) === (b.ipv4Fallback ?? false) &&
    a.port === b.port &&
    a.protocol === b.protocol &&
    a.authIps.length === b.authIps.length &&
    a.authIps.every((ip) => b.authIps.includes(ip)) &&
    sameUpstream(a.upstream ?? null, b.upstream ?? null)
  );
}

/** A replaced upstream (or new credentials for it) is a change of access: open tunnels go through the old one. */
function sameUpstream(a: TGatewayUpstream | null, b: TGatewayUpstream | null): boolean {
  if (a === null || b === null) {
    return a === b;
  }
  return (
    a.protocol === b.protocol &&
    a.host === b.host &&
    a.port === b.port &&
    a.username === b.username &&
    a.password === b.password
  );
}
