import { z } from 'zod';
import { ZIdList } from './orders.js';

/** The proxy checker: the free "Check Proxy" tool and the check of one's own proxies. */

/** The free checker's limit per run (POST /api/tools/check-proxy). */
export const MAX_CHECK_LINES = 500;

/** POST /api/tools/check-proxy: `host:port[:user:pass]` lines; the answer streams as NDJSON. */
export const ZCheckProxyRequest = z.object({
  lines: z.array(z.string().max(300)).min(1).max(MAX_CHECK_LINES),
  protocol: z.enum(['auto', 'http', 'socks5']).optional().default('auto'),
});

/** PUT check-list-proxy under /api/v6-proxy, /api/v4-proxy and /api/bought-proxy. */
export const ZCheckListProxyRequest = z.object({ listProxyId: ZIdList.max(200) });

/** One of the caller's proxies checked through its own listener. */
export const ZProxyCheck = z.object({
  id: z.string(),
  live: z.boolean(),
  latencyMs: z.number().nullable(),
  egressIp: z.string().nullable(),
  /** IPv6 proxies: whether IPv4-only destinations are reached (the IPv4 fallback); false for IPv4 ones. */
  ipv4Fallback: z.boolean(),
});
