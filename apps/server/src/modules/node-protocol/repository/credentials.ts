import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { nodes } from '../../../db/schema/index.js';

/** What authenticating a node needs to know of it. */
export async function findNodeCredentials(db: DbOrTx, id: string) {
  const [node] = await db
    .select({
      id: nodes.id,
      secretHash: nodes.secretHash,
      status: nodes.status,
      lastSeenAt: nodes.lastSeenAt,
    })
    .from(nodes)
    .where(eq(nodes.id, id))
    .limit(1);
  return node;
}

export async function setNodeLastSeen(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(nodes).set({ lastSeenAt: at }).where(eq(nodes.id, id));
}

/** The node whose secret hashes to this value (the embedded node finds itself this way). */
export async function findNodeIdBySecretHash(db: DbOrTx, secretHash: string): Promise<string | undefined> {
  const [node] = await db.select({ id: nodes.id }).from(nodes).where(eq(nodes.secretHash, secretHash)).limit(1);
  return node?.id;
}
