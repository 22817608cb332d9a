import { z } from 'zod';

/**
 * The node protocol of docs/gateway-protocol.md: what a gateway node pulls from the server
 * (`GET node/state`, `GET node/changes` as SSE) and what it reports (`POST node/traffic`).
 */

const ZIp = z.union([z.ipv4(), z.ipv6()]);

/**
 * The upstream proxy a resold proxy is chained through (docs/gateway-protocol.md#chaining): the
 * node dials the destination through it instead of binding a local egress address. The
 * credentials reach the node in its state and go nowhere else.
 */
export const ZGatewayUpstream = z
  .object({
    protocol: z.enum(['http', 'socks5']),
    /** An IP address or a host name; the node checks it is public at each connection. */
    host: z.string().min(1).max(253),
    port: z.number().int().min(1).max(65535),
    username: z.string().min(1).max(255).nullable(),
    password: z.string().min(1).max(255).nullable(),
  })
  .refine((u) => (u.username === null) === (u.password === null), {
    path: ['password'],
    message: 'username and password are set together',
  });
export type TGatewayUpstream = z.infer<typeof ZGatewayUpstream>;

/** One sold proxy as a gateway node enforces it. */
export const ZGatewayProxy = z
  .object({
    id: z.string().min(1),
    port: z.number().int().min(1).max(65535),
    protocol: z.enum(['http', 'socks5']),
    username: z.string().min(1).max(255).nullable(),
    password: z.string().min(1).max(255).nullable(),
    /** Client IPs that may use the proxy without credentials (docs/product-rules.md#auth-ips: at most 3). */
    authIps: z.array(ZIp).max(3),
    /**
     * The source address of outgoing connections; its family decides which destinations are
     * reachable. With `upstream` set it is the upstream's exit address, shown to the customer and
     * never bound by the node.
     */
    egressIp: ZIp,
    /** Set for a supplier's proxy: the node chains through it. Absent or null: direct egress. */
    upstream: ZGatewayUpstream.nullable().optional(),
    /**
     * An IPv6 proxy (IPv6 `egressIp`) with this on reaches IPv4-only destinations from the node's
     * IPv4 egress; off or absent, such a destination is refused (docs/gateway-protocol.md#ipv4-fallback).
     */
    ipv4Fallback: z.boolean().optional(),
    status: z.enum(['using', 'expired', 'locked']),
    bandwidthLimitBytes: z.number().int().nonnegative().nullable(),
    /** Usage as the server knows it (acknowledged traffic reports included). */
    bandwidthUsedBytes: z.number().int().nonnegative(),
  })
  .refine((p) => (p.username === null) === (p.password === null), {
    path: ['password'],
    message: 'username and password are set together',
  });
export type TGatewayProxy = z.infer<typeof ZGatewayProxy>;

/** `GET node/state`: the whole desired state of the node at `version`. */
export const ZNodeState = z.object({
  proxies: z.array(ZGatewayProxy),
  version: z.number().int().nonnegative(),
});
export type TNodeState = z.infer<typeof ZNodeState>;

/** One `data:` event of `GET node/changes?since=<version>`: an upsert or a deletion. */
export const ZNodeChange = z
  .object({
    version: z.number().int().nonnegative(),
    upsert: ZGatewayProxy.optional(),
    deleteId: z.string().min(1).optional(),
  })
  .refine((c) => (c.upsert === undefined) !== (c.deleteId === undefined), {
    message: 'exactly one of upsert and deleteId',
  });
export type TNodeChange = z.infer<typeof ZNodeChange>;

/**
 * `POST node/traffic`. Bytes are counted per proxy since the previous report: `bytesIn` from the
 * client towards the destination (upload), `bytesOut` from the destination to the client
 * (download). The documented body is `{counters}` (docs/gateway-protocol.md#traffic); a node that
 * may retry adds `reportId` (or sends the same value as an `Idempotency-Key` header), unique per
 * node: a retried report keeps its id, so the server counts a given id once. A report without an id
 * is counted each time it arrives.
 */
export const ZTrafficReportRequest = z.object({
  reportId: z.string().min(1).max(100).optional(),
  counters: z.array(
    z.object({
      proxyId: z.string().min(1),
      bytesIn: z.number().int().nonnegative(),
      bytesOut: z.number().int().nonnegative(),
    }),
  ),
});
export type TTrafficReportRequest = z.infer<typeof ZTrafficReportRequest>;

/** A report as our gateway sends it: always with its id, so its retries are safe. */
export const ZTrafficReport = ZTrafficReportRequest.extend({ reportId: z.string().min(1).max(100) });
export type TTrafficReport = z.infer<typeof ZTrafficReport>;
