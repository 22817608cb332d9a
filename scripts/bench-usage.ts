// `npm run bench:usage`: how big the traffic history grows with 100,000 proxies over a month, on
// PostgreSQL, in a fresh database beside DATABASE_URL (dropped at the end unless BENCH_KEEP_DB=1).
//
// A month is simulated day by day on the app's clock (30 days ago until now): each day a share of
// the proxies (BENCH_ACTIVE, default 0.2) moves traffic for BENCH_HOURS hours (default 4), then the
// real usage-rollup job runs (minutes → hours → days, then retention), as it would every 5 minutes.
// The last day and today are written at full minute resolution (every minute slot of a proxy's row
// of the hour filled, what 1-second reports produce); older days with one minute per active hour, which
// is what the hourly rollup reduces them to anyway, so the month stays within minutes of run time.
// Then: the row counts and pg_total_relation_size of each usage table, and the time of the report
// path's minute upsert (recordMinuteUsage, one NOTIFY per batch) for batches of 1,000 proxies.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { runJob } from '../apps/server/src/jobs/runner';
import { usageRollupJob } from '../apps/server/src/jobs/usage';
import { recordMinuteUsage } from '../apps/server/src/modules/usage/index';
import { build } from '../apps/server/test/helper';
import { scratchDatabase } from './bench-db';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PROXIES = Number(process.env.BENCH_PROXIES ?? 100_000);
const ACTIVE = Number(process.env.BENCH_ACTIVE ?? 0.2);
const HOURS = Number(process.env.BENCH_HOURS ?? 4);
const DAYS = 30;
const DAY = 86_400_000;
const HOUR = 3_600_000;

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

async function main(): Promise<void> {
  const { name, url, drop } = await scratchDatabase(PG_URL, 'bench_usage');
  const database = await openPostgres(url, 10);
  const t = await build({ DEMO: '0' }, { database, url });
  const db = new pg.Client({ connectionString: url, application_name: 'bench-usage' });
  await db.connect();
  const started = Date.now();
  try {
    console.log(
      `bench:usage on ${name}: ${PROXIES.toLocaleString('en')} proxies, ${ACTIVE * 100}% active a day for ${HOURS} h each, ${DAYS} days`,
    );
    await db.query(
      `create table bench_proxies as select gen_random_uuid() as id, g as n from generate_series(0, ${PROXIES - 1}) g`,
    );
    // The share of proxies active on day d: a different one each day (n + d) % (1/ACTIVE) = 0.
    const every = Math.max(1, Math.round(1 / ACTIVE));
    const now = Date.now();
    const today = Math.floor(now / DAY) * DAY;
    t.clock.advance(today - DAYS * DAY - now);
    let inserted = 0;
    for (let d = DAYS; d >= 0; d--) {
      const dayStart = today - d * DAY;
      const full = d <= 1;
      // Active hours start at n % (24 - HOURS); full days: every minute of them; older ones: the hour's
      // first minute only. usage_minutes holds one row per proxy and hour with a slot per minute.
      const hourNo = `(${dayStart}::bigint / 3600000 + h)::int`;
      const slot = full
        ? d === 0
          ? `case when ${dayStart}::bigint + (h * 60 + m) * 60000 < ${now}::bigint then 1 else 0 end`
          : '1'
        : 'case when m = 0 then 1 else 0 end';
      const res = await db.query(
        `insert into usage_minutes (proxy_id, hour, bytes_in, bytes_out, updated_at)
         select p.id, ${hourNo},
                array(select ((1000 + p.n % 5000) * ${slot})::bigint from generate_series(0, 59) m order by m),
                array(select ((50000 + p.n % 900000) * ${slot})::bigint from generate_series(0, 59) m order by m),
                to_timestamp((${dayStart}::bigint + (h * 60 + 59) * 60000 + 59000) / 1000.0)
         from bench_proxies p
         cross join lateral generate_series(p.n % ${24 - HOURS}, p.n % ${24 - HOURS} + ${HOURS - 1}) h
         where (p.n + ${d}) % ${every} = 0 ${d === 0 ? `and ${dayStart}::bigint + h * 3600000 < ${now}::bigint` : ''}`,
      );
      inserted += res.rowCount ?? 0;
      // The job runs through the day; here once at its end (or now, for today).
      t.clock.advance(d === 0 ? now - t.clock.nowMs() : dayStart + DAY - t.clock.nowMs());
      const t0 = Date.now();
      await runJob(t.ctx, usageRollupJob, { wait: true });
      // What autovacuum does between days: the purged rows' space is reused, not counted as growth.
      await db.query('vacuum usage_minutes, usage_hours');
      if (d % 5 === 0 || d <= 1) {
        console.log(
          `  day -${d}: ${(res.rowCount ?? 0).toLocaleString('en')} hour rows of minutes (${full ? 'every minute' : 'one minute per active hour'}), rollup ${((Date.now() - t0) / 1000).toFixed(1)} s`,
        );
      }
    }
    await db.query('vacuum analyze usage_minutes, usage_hours, usage_days');
    console.log(
      `  simulated in ${((Date.now() - started) / 1000).toFixed(0)} s (${inserted.toLocaleString('en')} proxy-hour rows of minutes written)`,
    );

    console.log('\n| table         |       rows | total size (pg_total_relation_size) | bytes per row |');
    console.log('|:--------------|-----------:|------------------------------------:|--------------:|');
    let sum = 0;
    for (const table of ['usage_minutes', 'usage_hours', 'usage_days', 'usage_rollups']) {
      const r = await db.query<{ n: string; size: string }>(
        `select (select count(*) from ${table}) as n, pg_total_relation_size('${table}') as size`,
      );
      const n = Number(r.rows[0]?.n);
      const size = Number(r.rows[0]?.size);
      sum += size;
      console.log(
        `| ${table.padEnd(13)} | ${n.toLocaleString('en').padStart(10)} | ${mb(size).padStart(35)} | ${(n ? Math.round(size / n) : 0).toString().padStart(13)} |`,
      );
    }
    console.log(`| total         |            | ${mb(sum).padStart(35)} |               |`);

    // The report path's cost: one batch of 1,000 proxies per report, in its own transaction.
    const ids = (await db.query<{ id: string }>(`select id from bench_proxies order by n limit 1000`)).rows.map(
      (r) => r.id,
    );
    const times: number[] = [];
    const node = randomUUID();
    for (let i = 0; i < 50; i++) {
      const counters = ids.map((proxyId, j) => ({ proxyId, bytesIn: 100 + j, bytesOut: 1000 + i }));
      const t0 = performance.now();
      await t.ctx.db.transaction((tx) => recordMinuteUsage(tx, node, counters, t.clock.now()));
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
    console.log(
      `\nminute upsert of a 1,000-proxy report (50 runs): p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`,
    );
    console.log(
      `retention: minutes ${(26 * HOUR) / HOUR} h, hours 32 days, days kept; active proxy-hours a day: ${Math.round((PROXIES / every) * HOURS).toLocaleString('en')}`,
    );
  } finally {
    await db.end();
    await t.close();
    await drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
