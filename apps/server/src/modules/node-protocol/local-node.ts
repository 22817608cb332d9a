import type { AppContext } from '../../context.js';
import { sha256Hex } from '../../lib/crypto.js';
import { findNodeIdBySecretHash } from '../nodes/index.js';

/** The local node's id, found by the secret it derives from APP_SECRET; undefined when there is none. */
export async function localNodeId(ctx: AppContext, secret: string): Promise<string | undefined> {
  return findNodeIdBySecretHash(ctx.db, sha256Hex(secret));
}
