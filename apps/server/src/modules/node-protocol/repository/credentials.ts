import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { subServers } from '../../../db/schema/index.js';

/** What authenticating a node needs to know of it. */
export async function findNodeCredentials(db: DbOrTx, id: string) {
  const [node] = await db
    .select({
      id: subServers.id,
      secretHash: subServers.secretHash,
      status: subServers.status,
      lastSeenAt: subServers.lastSeenAt,
    })
    .from(subServers)
    .where(eq(subServers.id, id))
    .limit(1);
  return node;
}

export async function setNodeLastSeen(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(subServers).set({ lastSeenAt: at }).where(eq(subServers.id, id));
}

/** The node whose secret hashes to this value (the embedded node finds itself this way). */
export async function findNodeIdBySecretHash(db: DbOrTx, secretHash: string): Promise<string | undefined> {
  const [node] = await db
    .select({ id: subServers.id })
    .from(subServers)
    .where(eq(subServers.secretHash, secretHash))
    .limit(1);
  return node?.id;
}
