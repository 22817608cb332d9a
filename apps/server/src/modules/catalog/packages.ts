import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import { packageEndpoints, type Product, type TCreatePackageRequest } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { packages } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { findPackage, toPackage, type Package } from './queries.js';

/** Packages (docs/product-rules.md#catalogue): a fixed number of proxies or keys for a number of days. */

async function listPackages(db: DbOrTx, siteId: string, product: Product, onlyActive: boolean) {
  const where = [eq(packages.siteId, siteId), eq(packages.product, product)];
  if (onlyActive) {
    where.push(eq(packages.active, true));
  }
  return db
    .select()
    .from(packages)
    .where(and(...where))
    .orderBy(asc(packages.sort), asc(packages.price));
}

function toAdminPackage(p: Package) {
  return { ...toPackage(p), active: p.active, product: p.product };
}

/** A package of the caller's site and product, or PLAN_NOT_EXISTS. */
async function sitePackage(db: DbOrTx, siteId: string, product: Product, id: string): Promise<Package> {
  const row = await findPackage(db, id);
  if (!row || row.siteId !== siteId || row.product !== product) {
    throw new AppError('PLAN_NOT_EXISTS');
  }
  return row;
}

async function updatePackageRow(db: DbOrTx, id: string, values: Partial<typeof packages.$inferInsert>) {
  const rows = await db.update(packages).set(values).where(eq(packages.id, id)).returning();
  return rows[0]!;
}

async function updatePackage(
  ctx: AppContext,
  siteId: string,
  product: Product,
  id: string,
  body: Partial<
    Pick<Package, 'name' | 'nameEng' | 'price' | 'days' | 'proxies' | 'bandwidthGb' | 'minIntervalSec' | 'active'>
  >,
) {
  await sitePackage(ctx.db, siteId, product, id);
  // An empty English name is none: English readers see the name.
  return toAdminPackage(await updatePackageRow(ctx.db, id, body.nameEng === '' ? { ...body, nameEng: null } : body));
}

async function createPackage(ctx: AppContext, siteId: string, product: Product, body: TCreatePackageRequest) {
  const [last] = await ctx.db
    .select({ sort: max(packages.sort) })
    .from(packages)
    .where(and(eq(packages.siteId, siteId), eq(packages.product, product)));
  const [row] = await ctx.db
    .insert(packages)
    .values({
      id: randomUUID(),
      sort: (last?.sort ?? 0) + 1,
      siteId,
      product,
      name: body.name,
      nameEng: body.nameEng || null,
      price: body.price,
      days: body.days,
      proxies: body.proxies,
      bandwidthGb: body.bandwidthGb ?? null,
      minIntervalSec: product === 'key' ? (body.minIntervalSec ?? null) : null,
      isTrial: false,
      active: true,
    })
    .returning();
  return toAdminPackage(row!);
}

/** Whether any order, live or past, was bought from the package. */
async function packageWasSold(db: DbOrTx, packageId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from orders where package_id = ${packageId} limit 1`,
  );
  return rows.length > 0;
}

/**
 * A package nobody ever bought is deleted; one with buyers is retired: off sale (hidden from
 * get-all-package, buying it is PLAN_NOT_EXISTS), while its buyers' proxies keep working and
 * renewing at its price.
 */
async function deletePackage(ctx: AppContext, siteId: string, product: Product, id: string) {
  return ctx.db.transaction(async (tx) => {
    await sitePackage(tx, siteId, product, id);
    if (!(await packageWasSold(tx, id))) {
      await tx.delete(packages).where(eq(packages.id, id));
      return { deleted: true, package: null };
    }
    return { deleted: false, package: toAdminPackage(await updatePackageRow(tx, id, { active: false })) };
  });
}

/** /api/{v6,v4,key}-package/… */
export function packageRoutes(product: Product): FastifyPluginAsyncZod {
  return async (app) => {
    const e = packageEndpoints(product);
    const opts = { schema: { tags: [`${product}-package`] } };
    const adminOpts = { preHandler: [authenticate, requireAdmin], ...opts };
    route(app, e.getAllPackage, opts, async (req) =>
      (await listPackages(app.ctx.db, req.site.id, product, true)).map(toPackage),
    );
    const adminList = async (req: { site: { id: string } }) =>
      (await listPackages(app.ctx.db, req.site.id, product, false)).map(toAdminPackage);
    route(app, e.adminGetAllPackage, adminOpts, adminList);
    route(app, e.adminGetListOrigin, adminOpts, adminList);
    route(app, e.updatePackage, adminOpts, async (req) =>
      updatePackage(app.ctx, req.site.id, product, req.params.id, req.body),
    );
    route(app, e.createPackage, adminOpts, async (req) => createPackage(app.ctx, req.site.id, product, req.body));
    route(app, e.deletePackage, adminOpts, async (req) => deletePackage(app.ctx, req.site.id, product, req.params.id));
  };
}
