import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { isUuid, ZOk, ZTrafficReportRequest, type TTrafficReportRequest } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type Tx } from '../../db/client.js';
import type { RouteApp } from '../../lib/route.js';
import { recordMinuteUsage } from '../usage/index.js';
import { authenticateNode, BYTES_PER_GB, recordProxyChanges } from './queries.js';

/** POST /api/sub-server/node/traffic (docs/gateway-protocol.md#traffic). */
export function nodeTrafficRoute(app: RouteApp, tags: string[]): void {
  app.post(
    '/node/traffic',
    { schema: { tags, body: ZTrafficReportRequest, response: { 200: ZOk.extend({ duplicate: z.boolean() }) } } },
    async (req) => {
      const node = await authenticateNode(app.ctx, req.headers.authorization);
      const key = req.headers['idempotency-key'];
      const reportId = req.body.reportId ?? (typeof key === 'string' && key.length > 0 ? key.slice(0, 100) : undefined);
      const r = await recordTraffic(app.ctx, node.id, { ...req.body, reportId });
      return { ok: true as const, duplicate: r.duplicate };
    },
  );
}

/** A traffic report already counted, so a retry of it is not counted twice. */
export interface TrafficReportRow {
  node_id: string;
  report_id: string;
  created_at: Date | string;
}

/** A proxy's usage after a traffic report added `bytes` to it. */
export interface UsageRow {
  id: string;
  bandwidth_limit_gb: number | null;
  bandwidth_used_bytes: string | number;
  bytes: string | number;
}

/**
 * POST node/traffic: adds the counted bytes to each proxy's usage, once per reportId when the
 * report has one (a report retried after a timeout is not counted twice). Proxies that cross their quota are announced
 * on the change stream, so every node cuts them off.
 */
export async function recordTraffic(
  ctx: AppContext,
  nodeId: string,
  report: TTrafficReportRequest,
): Promise<{ duplicate: boolean }> {
  return ctx.db.transaction(async (tx) => {
    if (report.reportId !== undefined) {
      if (!(await insertTrafficReport(tx, nodeId, report.reportId, ctx.clock.now()))) {
        return { duplicate: true };
      }
    }
    // An id that is no uuid names no proxy; it is left out before the cast could fail.
    const counters = report.counters.filter((c) => c.bytesIn + c.bytesOut > 0 && isUuid(c.proxyId));
    if (counters.length === 0) {
      return { duplicate: false };
    }
    const crossed = await addUsage(tx, nodeId, counters);
    // The proxies of this node only, as addUsage counted them (docs/gateway-protocol.md#usage-history).
    const known = new Set(crossed.map((r) => r.id));
    await recordMinuteUsage(
      tx,
      nodeId,
      counters.filter((c) => known.has(c.proxyId.toLowerCase())),
      ctx.clock.now(),
    );
    const over = crossed.filter((row) => {
      if (row.bandwidth_limit_gb === null) {
        return false;
      }
      const limit = row.bandwidth_limit_gb * BYTES_PER_GB;
      const used = Number(row.bandwidth_used_bytes);
      return used >= limit && used - Number(row.bytes) < limit;
    });
    await recordProxyChanges(
      tx,
      over.map((r) => r.id),
    );
    return { duplicate: false };
  });
}

/** Records a report id; false when it was already recorded (a retried report). */
export async function insertTrafficReport(tx: Tx, nodeId: string, reportId: string, at: Date): Promise<boolean> {
  const fresh = await queryRows<Pick<TrafficReportRow, 'report_id'>>(
    tx,
    sql`insert into traffic_reports (node_id, report_id, created_at) values (${nodeId}, ${reportId}, ${at.toISOString()})
            on conflict do nothing returning report_id`,
  );
  return fresh.length > 0;
}

/**
 * Adds counted bytes to the node's proxies (uuid ids, at least one). The incoming ids are cast to
 * uuid, not the column to text, so each row is found through the primary key.
 */
export function addUsageQuery(nodeId: string, counters: TTrafficReportRequest['counters']): SQL {
  const values = sql.join(
    counters.map((c) => sql`(${c.proxyId}::uuid, ${c.bytesIn + c.bytesOut}::bigint)`),
    sql`, `,
  );
  return sql`update proxies p set bandwidth_used_bytes = p.bandwidth_used_bytes + v.bytes
      from (values ${values}) as v(id, bytes)
      where p.id = v.id and p.node_id = ${nodeId}
      returning p.id, p.bandwidth_limit_gb, p.bandwidth_used_bytes, v.bytes`;
}

export async function addUsage(
  tx: Tx,
  nodeId: string,
  counters: TTrafficReportRequest['counters'],
): Promise<UsageRow[]> {
  return queryRows<UsageRow>(tx, addUsageQuery(nodeId, counters));
}
