import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.js';
import { nodes } from '../../../db/schema/index.js';

export type NodeRow = typeof nodes.$inferSelect;

/** One node with its counters, as the owner's node list shows it. */
export interface NodeListRow {
  id: string;
  name: string;
  host: string;
  status: 'active' | 'disabled';
  port_from: number;
  port_to: number;
  ipv6_prefix: string | null;
  last_seen_at: Date | string | null;
  proxies: string | number;
  traffic: string | number;
}

export async function listNodesWithCounters(db: DbOrTx): Promise<NodeListRow[]> {
  return queryRows<NodeListRow>(
    db,
    sql`select s.id, s.name, s.host, s.status, s.port_from, s.port_to, s.ipv6_prefix, s.last_seen_at,
          (select count(*) from proxies p where p.node_id = s.id and p.status <> 'locked') as proxies,
          (select coalesce(sum(p.bandwidth_used_bytes), 0) from proxies p where p.node_id = s.id) as traffic
        from nodes s order by s.created_at`,
  );
}

export async function lockNodeForUpdate(db: DbOrTx, id: string): Promise<NodeRow | undefined> {
  const [node] = await db.select().from(nodes).where(eq(nodes.id, id)).for('update');
  return node;
}

export async function nodeExists(db: DbOrTx, id: string): Promise<boolean> {
  const [node] = await db.select({ id: nodes.id }).from(nodes).where(eq(nodes.id, id));
  return node !== undefined;
}

export async function updateNode(
  db: DbOrTx,
  id: string,
  values: Pick<Partial<NodeRow>, 'name' | 'host' | 'status' | 'ipv6Prefix' | 'portFrom' | 'portTo'>,
): Promise<void> {
  await db.update(nodes).set(values).where(eq(nodes.id, id));
}

/** Sets the node's secret hash; false when there is no such node. */
export async function setNodeSecretHash(db: DbOrTx, id: string, secretHash: string): Promise<boolean> {
  const rows = await db.update(nodes).set({ secretHash }).where(eq(nodes.id, id)).returning({ id: nodes.id });
  return rows.length > 0;
}

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
