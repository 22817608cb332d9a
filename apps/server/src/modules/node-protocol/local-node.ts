import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { nodes } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/crypto.js';

/** The local node's id, found by the secret it derives from APP_SECRET; undefined when there is none. */
export async function localNodeId(ctx: AppContext, secret: string): Promise<string | undefined> {
  const [node] = await ctx.db
    .select({ id: nodes.id })
    .from(nodes)
    .where(eq(nodes.secretHash, sha256Hex(secret)))
    .limit(1);
  return node?.id;
}
