import { z } from 'zod';
import { ZId } from './common.js';
import { ZCountryCode } from './catalog.js';
import { ZStatsRangeQuery } from './stats.js';

/**
 * Suppliers (docs/suppliers.md): upstream sources of proxies a
 * site resells on its own gateway. The API key is write-only: it is in requests, never in answers.
 */

export const SUPPLIER_KINDS = ['proxy6', 'webshare', 'list'] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];
export const ZSupplierKind = z.enum(SUPPLIER_KINDS);

export const SUPPLIER_STATUSES = ['ok', 'error', 'disabled'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];

/** The products a supplier can serve (keys are never resold). */
export const ZSupplyProduct = z.enum(['v4', 'v6']);
export type SupplyProduct = z.infer<typeof ZSupplyProduct>;

/** The protocol an upstream proxy is dialled with. */
export const ZUpstreamProtocol = z.enum(['http', 'socks5']);

/** Renew the upstream this many hours past the customer's expiry at most (a week). */
export const SUPPLIER_SAFETY_MARGIN_MAX_HOURS = 168;
export const ZSafetyMarginHours = z.number().int().min(0).max(SUPPLIER_SAFETY_MARGIN_MAX_HOURS);

/** What a source holds of one product and country: proxy6's stock, or a pool's unused proxies. */
export const ZSupplierStock = z.object({ product: ZSupplyProduct, country: z.string(), count: z.number().int() });
export type TSupplierStock = z.infer<typeof ZSupplierStock>;

export const SUPPLIER_EVENT_KINDS = ['error', 'bought', 'prolonged', 'prolong_refused', 'replaced', 'synced'] as const;
export type SupplierEventKind = (typeof SUPPLIER_EVENT_KINDS)[number];

/** One line of a supplier's history as the admin's supplier page shows it (newest first). */
export const ZSupplierEvent = z.object({
  at: z.string(),
  kind: z.enum(SUPPLIER_EVENT_KINDS),
  /** The supplier's own words for an error (e.g. "Error no money"); never a credential. */
  message: z.string(),
});
export type TSupplierEvent = z.infer<typeof ZSupplierEvent>;

export const ZSupplier = z.object({
  id: z.string(),
  kind: ZSupplierKind,
  name: z.string(),
  baseUrl: z.string().nullable(),
  status: z.enum(SUPPLIER_STATUSES),
  balance: z.number().nullable(),
  currency: z.string().nullable(),
  stock: z.array(ZSupplierStock),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** Whether an API key is stored (the key itself is never answered). */
  hasApiKey: z.boolean(),
  /** Upstream proxies of this supplier that serve a customer now. */
  proxies: z.number().int(),
  /** Upstream proxies held and not serving anyone (pools: unused; proxy6: none). */
  unused: z.number().int(),
  /** Coins spent upstream (purchases and prolongations recorded), all time. */
  spend: z.number().int(),
  /** The upstream is kept at least this many hours past the customer's expiry. */
  safetyMarginHours: z.number().int(),
  /** The latest events (at most 20). */
  events: z.array(ZSupplierEvent),
});
export type TSupplier = z.infer<typeof ZSupplier>;

const ZSupplierName = z.string().trim().min(1).max(60);
const ZBaseUrl = z.string().trim().min(1).max(300);
const ZApiKey = z.string().trim().min(1).max(300);
/** Pasted lines: one proxy a line, in any form POST /api/proxy/match reads. */
const ZLines = z.string().max(1_000_000);
/** A line's upstream cost in coins (per proxy, for the whole period until `expiresAt`). */
const ZCost = z.number().int().min(0).max(1_000_000_000);

/** POST /api/supplier/admin/add-lines/:id (kind `list`). */
export const ZSupplierAddLinesRequest = z.object({
  lines: ZLines,
  country: ZCountryCode,
  protocol: ZUpstreamProtocol,
  expiresAt: z.string().datetime({ offset: true }),
  /** v4 when left out. */
  product: ZSupplyProduct.optional(),
  cost: ZCost.optional(),
});
export type TSupplierAddLinesRequest = z.infer<typeof ZSupplierAddLinesRequest>;

export const LINE_REFUSALS = ['format', 'port', 'private', 'credentials', 'duplicate'] as const;

export const ZSupplierAddLinesResponse = z.object({
  added: z.number().int(),
  duplicates: z.number().int(),
  /** Every line that was not added and is no duplicate, as pasted. */
  invalid: z.array(z.string()),
  /** Why each invalid line was refused, in the same order. */
  reasons: z.array(z.object({ line: z.string(), reason: z.enum(LINE_REFUSALS) })),
});
export type TSupplierAddLinesResponse = z.infer<typeof ZSupplierAddLinesResponse>;

/** POST /api/supplier/admin/create. `apiKey` for proxy6 and webshare; `lines` and their fields for list. */
export const ZSupplierCreateRequest = z.object({
  kind: ZSupplierKind,
  name: ZSupplierName,
  baseUrl: ZBaseUrl.optional(),
  apiKey: ZApiKey.optional(),
  lines: ZLines.optional(),
  country: ZCountryCode.optional(),
  protocol: ZUpstreamProtocol.optional(),
  expiresAt: z.string().datetime({ offset: true }).optional(),
  product: ZSupplyProduct.optional(),
  cost: ZCost.optional(),
  safetyMarginHours: ZSafetyMarginHours.optional(),
});
export type TSupplierCreateRequest = z.infer<typeof ZSupplierCreateRequest>;

/** PUT /api/supplier/admin/update/:id: a field left out is kept; `status` switches it on or off. */
export const ZSupplierUpdateRequest = z.object({
  name: ZSupplierName.optional(),
  baseUrl: ZBaseUrl.optional(),
  apiKey: ZApiKey.optional(),
  status: z.enum(['ok', 'disabled']).optional(),
  safetyMarginHours: ZSafetyMarginHours.optional(),
});
export type TSupplierUpdateRequest = z.infer<typeof ZSupplierUpdateRequest>;

/** `"own"` is the site's own nodes; any other source is a supplier id. */
export const ROUTE_OWN = 'own';
export const ROUTE_MAX_SOURCES = 10;

/** PUT /api/supplier/admin/route: an empty `sources` removes the route (the own nodes serve). */
export const ZSupplierRoute = z.object({
  product: ZSupplyProduct,
  country: ZCountryCode,
  sources: z.array(z.union([z.literal(ROUTE_OWN), ZId])).max(ROUTE_MAX_SOURCES),
});
export type TSupplierRoute = z.infer<typeof ZSupplierRoute>;

/** GET /api/stats/admin/margin?from&to: coins, purchases and renewals paid in the period. */
export const ZMarginQuery = ZStatsRangeQuery;

const ZMarginFigures = z.object({ revenue: z.number().int(), cost: z.number().int(), margin: z.number().int() });

export const ZMargin = ZMarginFigures.extend({
  bySupplier: z.array(ZMarginFigures.extend({ supplierId: z.string(), name: z.string(), proxies: z.number().int() })),
  /** Per day of the period (site days, YYYY-MM-DD), every day present: supplier proxies only. */
  daily: z.array(ZMarginFigures.extend({ day: z.string() })),
  /** Per product and country of the supplier proxies. */
  byCountry: z.array(ZMarginFigures.extend({ product: ZSupplyProduct, country: z.string() })),
});
export type TMargin = z.infer<typeof ZMargin>;
