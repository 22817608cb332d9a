import { z } from 'zod';
import { ZOk } from '../schemas/common.js';
import { ZNodeState, ZTrafficReportRequest } from '../schemas/gateway.js';
import { endpoint } from './define.js';

/**
 * The gateway node protocol (docs/gateway-protocol.md): a node authenticates with its secret in
 * the Authorization header. The wire keeps the seed's `/sub-server/node/` paths.
 */
export const nodeProtocolEndpoints = {
  state: endpoint('GET', '/sub-server/node/state', { response: ZNodeState }),
  traffic: endpoint('POST', '/sub-server/node/traffic', {
    body: ZTrafficReportRequest,
    response: ZOk.extend({ duplicate: z.boolean() }),
  }),
  /** The changes after `since`, then each one as it commits (Server-Sent Events). */
  changes: endpoint('GET', '/sub-server/node/changes', {
    query: z.object({ since: z.coerce.number().int().min(0).default(0) }),
    answer: 'events',
  }),
};
