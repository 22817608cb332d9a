import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * Seeds bench data straight into a migrated database: three nodes, `users` funded users
 * (bench-0000@bench.test …, the admin's password) with `perUser` IPv6 proxies each, every balance
 * backed by its ledger row (audit:ledger holds), then ANALYZE. bench:orders and bench:api use it.
 */
export async function seedProxies(db: pg.Client, users: number, perUser: number): Promise<void> {
  const site = (await db.query<{ id: string }>('select id from sites where is_default')).rows[0]!.id;
  const hash = (await db.query<{ h: string }>('select password_hash as h from users where role = 0 limit 1')).rows[0]!
    .h;
  for (let n = 0; n < 3; n++) {
    const node = randomUUID();
    await db.query(
      `insert into nodes (id, name, host, secret_hash, port_from, port_to) values ($1, $2, '127.0.0.1', 'x', 1024, 65535)`,
      [node, `bench-${n}`],
    );
    await db.query(`insert into node_ports (node_id, port) select $1::uuid, p from generate_series(1024, 65535) p`, [
      node,
    ]);
    await db.query(
      `insert into egress_ips (id, node_id, product, country, ip, family, shared) values ($1, $2, 'v6', 'VN', '::1', 6, true)`,
      [randomUUID(), node],
    );
  }
  const balance = 1_000_000_000;
  await db.query(
    `insert into users (id, site_id, email, password_hash, email_verified_at, balance, created_at, updated_at)
     select gen_random_uuid(), $1, 'bench-' || lpad(i::text, 4, '0') || '@bench.test', $2, now(), $3, now(), now()
     from generate_series(0, ${users - 1}) i`,
    [site, hash, balance],
  );
  // Every balance is backed by its ledger row, so audit:ledger holds on the bench data too.
  await db.query(
    `insert into transactions (id, user_id, site_id, type, content, balance_before, price, amount, balance_after, created_at)
     select gen_random_uuid(), id, site_id, 'admin_add', 'bench funds', 0, 0, balance, balance, now() from users where email like 'bench-%'`,
  );
  await db.query(
    `insert into orders (id, code, user_id, site_id, type, product, country, quantity, period_unit, period_value, status, total_price, paid_at, expires_at, created_at, updated_at)
     select gen_random_uuid(), 'BENCH' || substr(id::text, 1, 8), id, site_id, 'v6', 'v6', 'VN', ${perUser}, 'month', 1, 'using', 0, now(), now() + interval '31 days', now(), now()
     from users where email like 'bench-%'`,
  );
  await db.query(
    `with u as (
       select u.id, u.site_id, o.id as order_id, row_number() over (order by u.email) - 1 as n
       from users u join orders o on o.user_id = u.id where u.email like 'bench-%'
     ), p as (
       select np.node_id, np.port, row_number() over (order by s.name, np.port) - 1 as n
       from node_ports np join nodes s on s.id = np.node_id where s.name like 'bench-%'
     )
     insert into proxies (id, user_id, site_id, order_id, type, kind, protocol, node_id, port, username, password,
                          country, egress_ip, status, expires_at, created_at, updated_at)
     select gen_random_uuid(), u.id, u.site_id, u.order_id, 'v6', 'static', 'http', p.node_id, p.port,
            'u' || p.n, 'pw' || lpad(p.n::text, 10, '0'), 'VN', '::1', 'using', now() + interval '31 days',
            now() - make_interval(secs => p.n), now()
     from p join u on u.n = p.n / ${perUser} where p.n < ${users * perUser}`,
  );
  await db.query(
    `update node_ports np set proxy_id = pr.id from proxies pr where pr.node_id = np.node_id and pr.port = np.port`,
  );
  await db.query('analyze');
}
