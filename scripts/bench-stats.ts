// `npm run bench:stats`: the admin statistics on PostgreSQL with 1,000,000 ledger rows, 100,000
// proxies, 100,000 top-ups, 50,000 orders and 10,000 users spread over the last year, seeded into a
// fresh database beside DATABASE_URL (dropped at the end unless BENCH_KEEP_DB=1). Prints the
// latency of each admin stats call through the real app (app.inject): p50, p95 and max over
// BENCH_RUNS runs (default 30), after a warm-up. The target: a 90-day get-stats-daily under 300 ms.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { build, createUser, login } from '../apps/server/test/helper';
import { scratchDatabase } from './bench-db';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const LEDGER_ROWS = 1_000_000;
const PROXIES = 100_000;

async function seedData(url: string, siteId: string): Promise<void> {
  const db = new pg.Client({ connectionString: url, application_name: 'bench-stats' });
  db.on('error', () => undefined);
  await db.connect();
  const started = Date.now();
  const step = async (label: string, q: string) => {
    const t0 = Date.now();
    await db.query(q);
    console.log(`  seeded ${label} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  await step(
    '10,000 users',
    `insert into users (id, site_id, email, role, balance, created_at, updated_at)
     select gen_random_uuid(), '${siteId}', 'bench' || g || '@example.com', 1, (g % 1000) * 1000,
            now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second', now()
     from generate_series(1, 10000) g`,
  );
  await db.query(`create temp table bu as select id, row_number() over () as n from users where email like 'bench%'`);
  const spend = `(array['buy_proxy_v6','buy_proxy_v4','buy_key','renew','auto_renew','renew_key','increase_bandwidth','refund'])`;
  await step(
    `${LEDGER_ROWS.toLocaleString('en')} ledger rows`,
    `insert into transactions (id, user_id, site_id, type, content, balance_before, price, amount, balance_after, created_at)
     select gen_random_uuid(), bu.id, '${siteId}',
            case when g % 5 = 0 then 'topup' when g % 5 = 1 then 'promotion' else ${spend}[1 + g % 8] end,
            'bench', 0, 1000, case when g % 5 < 2 then 50000 else -((g % 97) + 1) * 1000 end, 0,
            now() - (g % 365) * interval '1 day' - (g * 7 % 86400) * interval '1 second'
     from generate_series(1, ${LEDGER_ROWS}) g join bu on bu.n = 1 + g % 10000`,
  );
  await step(
    '100,000 top-ups',
    `insert into topups (id, site_id, user_id, method, status, amount, currency, provider_amount, content, credited_at, created_at, updated_at)
     select gen_random_uuid(), '${siteId}', bu.id,
            (array['bank','paypal','card','momo','perfectmoney','usdt','bytepay','tazapay'])[1 + g % 8],
            case when g % 20 = 0 then 'pending' else 'success' end, 50000, 'VND', 50000, 'bench',
            case when g % 20 = 0 then null else now() - (g % 365) * interval '1 day' end,
            now() - (g % 365) * interval '1 day', now()
     from generate_series(1, 100000) g join bu on bu.n = 1 + g % 10000`,
  );
  await step(
    '50,000 orders',
    `insert into orders (id, code, user_id, site_id, type, product, country, quantity, period_unit, period_value, status, total_price, created_at, updated_at)
     select gen_random_uuid(), 'B' || g, bu.id, '${siteId}', p, p, (array['VN','US','DE','JP'])[1 + g % 4], 2, 'month', 1,
            'using', 100000, now() - (g % 365) * interval '1 day', now()
     from generate_series(1, 50000) g join bu on bu.n = 1 + g % 10000
     cross join lateral (select (array['v6','v4'])[1 + g % 2] as p) x`,
  );
  await db.query(
    `create temp table bo as select id, product, country, row_number() over () as n from orders where code like 'B%'`,
  );
  for (const node of ['bench-0', 'bench-1']) {
    await db.query(
      `insert into nodes (id, name, host, secret_hash, port_from, port_to) values ('${randomUUID()}', '${node}', '127.0.0.1', 'x', 1024, 65535)`,
    );
  }
  await step(
    `${PROXIES.toLocaleString('en')} proxies`,
    `insert into proxies (id, user_id, site_id, order_id, type, protocol, node_id, port, username, password, country, egress_ip, status, expires_at, created_at, updated_at)
     select gen_random_uuid(), o.user_id, '${siteId}', o.id, o.product, 'http', (select id from nodes where name = 'bench-' || (g % 2)),
            1024 + g / 2, 'u', 'p', o.country, '127.0.0.1',
            case when g % 3 = 0 then 'expired' else 'using' end,
            now() + ((g % 60) - 20) * interval '1 day', o.created_at, now()
     from generate_series(1, ${PROXIES}) g join bo on bo.n = 1 + g % 50000 join orders o on o.id = bo.id`,
  );
  await step(
    '20,000 renewal logs',
    `insert into order_logs (id, order_id, action, result, amount, created_at)
     select gen_random_uuid(), bo.id, 'renew', 'success', -1000, now() - (g % 365) * interval '1 day'
     from generate_series(1, 20000) g join bo on bo.n = 1 + g % 50000`,
  );
  await db.query('analyze');
  console.log(`  seeding took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await db.end();
}

function figures(ms: number[]): string {
  const s = [...ms].sort((x, y) => x - y);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${(s[s.length - 1] ?? 0).toFixed(1)} ms`;
}

async function main(): Promise<void> {
  const { name, url, drop } = await scratchDatabase(PG_URL, 'bench_stats');
  const database = await openPostgres(url, 10);
  const t = await build({ DEMO: '0' }, { database, url });
  try {
    const site = await t.app.sites.resolve('localhost');
    console.log(`bench:stats on ${name}`);
    await seedData(url, site.id);
    const staff = await createUser(t, { role: 2 });
    const token = (await login(t, staff)).accessToken;
    const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const calls: [string, string][] = [
      ['get-stats-daily, 90 days', `/api/stats/admin/get-stats-daily?from=${day(89)}&to=${day(0)}`],
      ['get-stats-daily, 366 days', `/api/stats/admin/get-stats-daily?from=${day(365)}&to=${day(0)}`],
      ['get-stats-breakdown, 90 days', `/api/stats/admin/get-stats-breakdown?from=${day(89)}&to=${day(0)}`],
      ['get-total-stats', '/api/stats/admin/get-total-stats'],
      ['stock', '/api/stats/admin/stock'],
    ];
    for (const [label, path] of calls) {
      const times: number[] = [];
      let first = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        const t0 = performance.now();
        const res = await t.inject({ method: 'GET', url: path, token });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) {
          throw new Error(`${path}: ${res.statusCode} ${res.body}`);
        }
        if (i === 0) {
          first = ms;
        } else if (i >= 3) {
          times.push(ms);
        }
      }
      console.log(`${label.padEnd(30)} first call ${first.toFixed(1)} ms; then ${figures(times)}`);
    }
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await t.app.close();
    await database.close();
    await drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
