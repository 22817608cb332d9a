import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { DEFAULT_COLOR, DEFAULT_PROMOTION, ROLE } from '@proxy/contract';
import type { Db, DbOrTx } from './client.js';
import { promotions, siteHosts, sites, users } from './schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { seedCatalog, seedLocalNode } from './seed-catalog.js';
import { seedContent } from './seed-content.js';

/** True when the database has no site yet: the first start. */
export async function isEmpty(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ n: count() }).from(sites);
  return (rows[0]?.n ?? 0) === 0;
}

/** The demo's running deposit promotion (10% and 15% at two thresholds, docs/wire-contract.md#promotions). */
async function seedPromotion(db: DbOrTx, siteId: string): Promise<void> {
  const at = new Date('2020-01-01T00:00:00Z');
  await db.insert(promotions).values({
    id: randomUUID(),
    siteId,
    name: 'Deposit bonus',
    tiers: DEFAULT_PROMOTION.tiers.map((t) => ({ ...t })),
    startsAt: at,
    endsAt: null,
    active: true,
    createdAt: at,
    updatedAt: at,
  });
}

/** The default site, which every unknown host falls back to. */
export async function seedDefaultSite(db: DbOrTx): Promise<string> {
  const id = randomUUID();
  await db.insert(sites).values({
    id,
    slug: 'default',
    isDefault: true,
    title: 'ProxyVN',
    color: DEFAULT_COLOR,
    logo: '/logo.svg',
    settings: {},
  });
  await db.insert(siteHosts).values([
    { host: 'localhost', siteId: id },
    { host: '127.0.0.1', siteId: id },
  ]);
  await seedPromotion(db, id);
  return id;
}

/**
 * The demo: a second site on proxy-owner.localhost that shows the Agency/API menus, forces
 * English and shows the company footer, so the white-label switches can be seen.
 */
export async function seedDemo(db: DbOrTx): Promise<string> {
  const id = randomUUID();
  await db.insert(sites).values({
    id,
    slug: 'proxy-owner',
    title: 'Proxy Owner',
    color: '#6A1B9A',
    logo: '/logo-owner.svg',
    showAgencyApi: true,
    forceEnglish: true,
    companyFooter: true,
    companyName: 'Proxy Owner Co., Ltd.',
    settings: {},
  });
  await db.insert(siteHosts).values({ host: 'proxy-owner.localhost', siteId: id });
  await seedPromotion(db, id);
  return id;
}

/** ADMIN_EMAIL/ADMIN_PASSWORD: create or update the owner (role 0, verified) on the default site. */
/** Creates the owner account, or gives the existing one this password back; says which it did. */
export async function ensureOwner(db: Db, email: string, password: string): Promise<'created' | 'updated'> {
  const [site] = await db.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
  if (!site) {
    throw new Error('no default site');
  }
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const normalised = email.trim().toLowerCase();
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.siteId, site.id), eq(users.email, normalised)))
    .limit(1);
  await db
    .insert(users)
    .values({
      id: randomUUID(),
      siteId: site.id,
      email: normalised,
      passwordHash,
      role: ROLE.OWNER,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [users.siteId, users.email],
      set: { passwordHash, role: ROLE.OWNER, active: true, emailVerifiedAt: now, updatedAt: now },
    });
  return existing.length > 0 ? 'updated' : 'created';
}

/** First start: the default site always; the demo unless DEMO=0. */
export interface SeedOptions {
  demo: boolean | undefined;
  ports: [number, number];
  ipv6Prefix?: string;
  /** The embedded node's secret, derived from APP_SECRET so the embedded gateway knows it too. */
  localNodeSecret: string;
}

export async function seed(db: Db, opts: SeedOptions): Promise<{ seeded: boolean }> {
  // Several instances may start on one empty PostgreSQL at once: one seeds, the others wait and skip.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    if (!(await isEmpty(tx))) {
      return { seeded: false };
    }
    const defaultSite = await seedDefaultSite(tx);
    if (opts.demo ?? true) {
      const owner = await seedDemo(tx);
      await seedCatalog(tx, defaultSite);
      await seedCatalog(tx, owner);
      await seedContent(tx, defaultSite);
      await seedContent(tx, owner);
      await seedLocalNode(tx, { ports: opts.ports, ipv6Prefix: opts.ipv6Prefix, secret: opts.localNodeSecret });
    }
    return { seeded: true };
  });
}
