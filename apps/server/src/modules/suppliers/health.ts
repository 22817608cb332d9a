import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { checkOutboundUrl, outboundOf } from '../../lib/outbound.js';
import { SupplierError } from './clients/http.js';
import { PROXY6_NOT_FOUND } from './clients/proxy6.js';
import { findSupplierById, proxy6Of, type SupplierRow } from './queries.js';
import { replaceUpstream, runDueReplacements } from './replace-upstream.js';

/**
 * The health check of serving upstream proxies, run by the supplier-purchases job (under its DB
 * lease): each is checked at most every CHECK_EVERY_MS, a Proxy6 proxy with Proxy6's own `check`
 * call, a pool proxy by opening a connection to it (its address checked by the outbound rule first,
 * as at every connection). FAILURES_TO_REPLACE failures in a row start its replacement; a success
 * resets the count. An unanswered Proxy6 `check` counts as no verdict, not as a failure.
 */

export const FAILURES_TO_REPLACE = 3;
const CHECK_EVERY_MS = 5 * 60_000;
const BATCH = 50;
const CONNECT_TIMEOUT_MS = 5_000;

type Row = {
  id: string;
  supplier_id: string;
  upstream_id: string | null;
  host: string;
  port: number;
};

export async function checkUpstreams(ctx: AppContext, signal?: AbortSignal): Promise<void> {
  await runDueReplacements(ctx);
  const since = new Date(ctx.clock.nowMs() - CHECK_EVERY_MS).toISOString();
  const rows = await queryRows<Row>(
    ctx.db,
    sql`select u.id, u.supplier_id, u.upstream_id, u.host, u.port from upstream_proxies u
        join proxies p on p.id = u.proxy_id and p.status = 'using'
        where u.status = 'serving' and (u.checked_at is null or u.checked_at <= ${since})
        order by u.checked_at nulls first, u.id limit ${BATCH}`,
  );
  const suppliers = new Map<string, SupplierRow | undefined>();
  for (const r of rows) {
    if (signal?.aborted) {
      return;
    }
    if (!suppliers.has(r.supplier_id)) {
      suppliers.set(r.supplier_id, await findSupplierById(ctx.db, r.supplier_id));
    }
    const s = suppliers.get(r.supplier_id);
    if (!s) {
      continue;
    }
    const verdict = await isAlive(ctx, s, r);
    const now = ctx.clock.now().toISOString();
    if (verdict === undefined) {
      await ctx.db.execute(sql`update upstream_proxies set checked_at = ${now} where id = ${r.id}::uuid`);
      continue;
    }
    const [after] = await queryRows<{ failures: number }>(
      ctx.db,
      sql`update upstream_proxies set checked_at = ${now},
            failures = ${verdict ? sql`0` : sql`failures + 1`}
          where id = ${r.id}::uuid and status = 'serving' returning failures`,
    );
    if (after && after.failures >= FAILURES_TO_REPLACE) {
      await replaceUpstream(ctx, r.id);
    }
  }
}

/** True when alive, false when failing, undefined when the supplier gave no verdict. */
async function isAlive(ctx: AppContext, s: SupplierRow, r: Row): Promise<boolean | undefined> {
  if (s.kind === 'proxy6' && r.upstream_id) {
    try {
      return await proxy6Of(ctx, s).check(r.upstream_id);
    } catch (err) {
      if (!(err instanceof SupplierError)) {
        throw err;
      }
      // Only "not found" speaks of this proxy; a refusal of the account (a wrong key, no money)
      // says nothing of it, and must not replace every proxy of the account.
      return err.kind === 'refused' && err.errorId === PROXY6_NOT_FOUND ? false : undefined;
    }
  }
  try {
    await checkOutboundUrl(
      outboundOf(ctx.config),
      `http://${r.host.includes(':') ? `[${r.host}]` : r.host}:${r.port}/`,
      'host',
    );
  } catch {
    return false;
  }
  return new Promise<boolean>((resolve) => {
    const sock = connect({ host: r.host, port: r.port });
    const done = (ok: boolean) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(CONNECT_TIMEOUT_MS, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}
