import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { nodes } from '../../db/schema/index.js';

/** The node statements other modules run: the checker, the node protocol, proxies. */

type NodeRow = typeof nodes.$inferSelect;

export interface NodePortRangeRow {
  host: string;
  port_from: number;
  port_to: number;
}

/** Every node's host and proxy port range: the destinations the free checker must refuse. */
export async function listNodePortRanges(db: DbOrTx): Promise<NodePortRangeRow[]> {
  return queryRows<NodePortRangeRow>(db, sql`select host, port_from, port_to from nodes`);
}

/** The node's public host. */
export async function findNodeHost(db: DbOrTx, id: string): Promise<string | undefined> {
  const [node] = await db.select({ host: nodes.host }).from(nodes).where(eq(nodes.id, id));
  return node?.host;
}

/** What a node's credential check reads (modules/node-protocol authenticates each call with it). */
export async function findNodeCredential(
  db: DbOrTx,
  id: string,
): Promise<Pick<NodeRow, 'id' | 'secretHash' | 'status' | 'lastSeenAt'> | undefined> {
  const [node] = await db
    .select({ id: nodes.id, secretHash: nodes.secretHash, status: nodes.status, lastSeenAt: nodes.lastSeenAt })
    .from(nodes)
    .where(eq(nodes.id, id))
    .limit(1);
  return node;
}

/** Records that the node called in (or kept its change stream alive) at `at`. */
export async function markNodeSeen(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(nodes).set({ lastSeenAt: at }).where(eq(nodes.id, id));
}

/** The node whose secret hashes to `secretHash`, if any (the embedded node finds itself this way). */
export async function findNodeIdBySecretHash(db: DbOrTx, secretHash: string): Promise<string | undefined> {
  const [node] = await db.select({ id: nodes.id }).from(nodes).where(eq(nodes.secretHash, secretHash)).limit(1);
  return node?.id;
}
