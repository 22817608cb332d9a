import { z } from 'zod';
import { PROXY_PRESETS } from '../proxy-presets.js';
import { RESET_INTERVAL_MAX, RESET_INTERVAL_MIN } from '../constants.js';
import { ZListQuery, ZId } from './common.js';
import { ZCountryCode, ZPeriod } from './catalog.js';
import { PROTOCOLS, PROXY_STATUSES, ZIdList } from './orders.js';

/** The requests and answers of the proxy and bought-proxy endpoints (list, export, password, IP). */
export const ZRenewListProxyRequest = z.object({ listProxyId: ZIdList, period: ZPeriod });

export const ZUpdateListProxyRequest = z
  .object({ listProxyId: ZIdList, comment: z.string().max(500).optional(), autoRenew: z.boolean().optional() })
  .refine((v) => v.comment !== undefined || v.autoRenew !== undefined, { message: 'nothing to update' });

export const PROXY_SORTS = ['created_desc', 'created_asc', 'expires_asc', 'expires_desc'] as const;

export const ZProxyListQuery = z.object({
  ...ZListQuery.shape,
  status: z.enum(PROXY_STATUSES).optional(),
  country: ZCountryCode.optional(),
  tagId: ZId.optional(),
  orderId: ZId.optional(),
  sort: z.enum(PROXY_SORTS).optional().default('created_desc'),
});

/** docs/product-rules.md#auth-ips: up to 3 IPv4 addresses; the list must not be empty. */
export const ZAuthIpRequest = z.object({
  listProxyId: ZIdList,
  authIp: z.array(z.string().trim().max(64)).min(1).max(16),
});

/**
 * docs/product-rules.md#proxy-passwords: proxy passwords are 10–20 characters. Letters and digits
 * only, so a `host:port:user:pass` line and a proxy URL never need escaping.
 */
export const ZProxyPassword = z.string().regex(/^[A-Za-z0-9]{10,20}$/);

export const ZChangeProxyPasswordRequest = z.object({ listProxyId: ZIdList, password: ZProxyPassword });

export const ZBoughtChangePasswordRequest = z.object({ listBoughtProxyId: ZIdList, password: ZProxyPassword });

export const ZResetIpRequest = z.object({ listProxyId: ZIdList });

export const ZResetIpResponse = z.array(z.object({ id: z.string(), egressIp: z.string(), ipChangedAt: z.string() }));

export const ZUpdateResetIpTypeRequest = z.object({
  listProxyId: ZIdList,
  mode: z.enum(['auto', 'manual']),
  intervalMin: z.number().int().min(RESET_INTERVAL_MIN).max(RESET_INTERVAL_MAX).optional(),
});

export const ZGetNewIpResponse = z.object({
  proxy: z.string(),
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  password: z.string(),
  protocol: z.enum(PROTOCOLS),
  egressIp: z.string(),
  nextChangeIn: z.number().int(),
});

export const ZProxyExportQuery = z.object({
  format: z.enum(['txt', 'csv', 'json']).optional().default('txt'),
  template: z.string().max(300).optional(),
  /** A tool's own import format (docs/tool-links.md#presets); it takes the place of format and template. */
  preset: z.enum(PROXY_PRESETS).optional(),
  status: z.enum(PROXY_STATUSES).optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase())
    .optional(),
  /** Comma-separated proxy ids: export just the selection. */
  ids: z
    .string()
    .max(40_000)
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : undefined))
    .pipe(z.array(ZId).max(1000).optional()),
});
