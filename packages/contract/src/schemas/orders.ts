import { z } from 'zod';
import { MAX_BATCH_IDS, MAX_ORDER_QUANTITY } from '../constants.js';
import { ZListQuery, ZId } from './common.js';
import { ZCountryCode, ZPeriod } from './catalog.js';
import { PERIOD_UNITS } from '../period.js';
import { ZStoredPeriod } from './ledger.js';

export const ORDER_STATUSES = ['waiting', 'using', 'renewing', 'increasing_bandwidth', 'expired', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_TYPES = ['v6', 'v4', 'key', 'package'] as const;
export const PROXY_STATUSES = ['using', 'expired', 'locked'] as const;
export type ProxyStatus = (typeof PROXY_STATUSES)[number];
export const ORDER_ACTIONS = [
  'buy',
  'renew',
  'increase_bandwidth',
  'increase_amount',
  'change_country',
  'admin_extend',
  'admin_cancel',
] as const;
export const PROTOCOLS = ['http', 'socks5'] as const;

export const ZOrder = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(ORDER_TYPES),
  product: z.enum(['v6', 'v4', 'key']),
  country: z.string(),
  quantity: z.number().int(),
  period: z.object({ unit: z.enum(PERIOD_UNITS), value: z.number().int() }),
  status: z.enum(ORDER_STATUSES),
  bandwidthGb: z.number().int().nullable(),
  totalPrice: z.number().int(),
  paymentType: z.string(),
  paidAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  packageId: z.string().nullable(),
  /** The package's name as bought, and its English name then (null without one): docs/product-rules.md#catalogue. */
  packageName: z.string().nullable(),
  packageNameEng: z.string().nullable(),
  autoRenew: z.boolean(),
  createdAt: z.string(),
  /**
   * The earliest and latest expiry of the order's live proxies or keys (they differ once some were
   * renewed on their own); given by the customer's order list and detail, null when none is live.
   */
  earliestExpiresAt: z.string().nullable().optional(),
  latestExpiresAt: z.string().nullable().optional(),
  /** Some of the order's live proxies or keys renew themselves and others do not (customer list and detail). */
  autoRenewMixed: z.boolean().optional(),
});
export type TOrder = z.infer<typeof ZOrder>;

/**
 * GET /api/order/package-status: what the package buttons need. `plan` is the order that holds the
 * user's one package slot (a paid package can still be bought over a trial: it ends the trial).
 */
export const ZPackageStatus = z.object({
  usedTrial: z.boolean(),
  plan: z
    .object({
      orderId: z.string(),
      code: z.string(),
      packageName: z.string().nullable(),
      packageNameEng: z.string().nullable(),
      isTrial: z.boolean(),
    })
    .nullable(),
});
export type TPackageStatus = z.infer<typeof ZPackageStatus>;

export const ZProxy = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  type: z.enum(['v6', 'v4']),
  kind: z.enum(['static', 'rotating']),
  protocol: z.enum(PROTOCOLS),
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  password: z.string(),
  country: z.string(),
  egressIp: z.string(),
  packageName: z.string().nullable(),
  tagId: z.string().nullable(),
  comment: z.string(),
  status: z.enum(PROXY_STATUSES),
  expiresAt: z.string(),
  autoRenew: z.boolean(),
  ipChangeMode: z.enum(['auto', 'manual']),
  changeIntervalMin: z.number().int().nullable(),
  ipChangeStatus: z.enum(['processing', 'changed', 'not_changed']),
  ipChangedAt: z.string().nullable(),
  authIps: z.array(z.string()),
  bandwidthLimitGb: z.number().int().nullable(),
  bandwidthUsedBytes: z.number().int(),
  /** IPv6 proxies: IPv4-only destinations are reached from the node's IPv4 egress (off by default). */
  ipv4Fallback: z.boolean(),
  createdAt: z.string(),
});
export type TProxy = z.infer<typeof ZProxy>;

export const ZKey = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  key: z.string(),
  country: z.string(),
  status: z.enum(PROXY_STATUSES),
  expiresAt: z.string(),
  autoRenew: z.boolean(),
  tagId: z.string().nullable(),
  comment: z.string(),
  minIntervalSec: z.number().int(),
  current: z.string().nullable(),
  createdAt: z.string(),
});
export type TKey = z.infer<typeof ZKey>;

export const ZBuyRetailRequest = z.object({
  country: ZCountryCode,
  quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY),
  period: ZPeriod,
  protocol: z.enum(PROTOCOLS).optional().default('http'),
  autoRenew: z.boolean().optional().default(false),
});
export type TBuyRetailRequest = z.infer<typeof ZBuyRetailRequest>;

export const ZBuyPackageRequest = z.object({
  country: ZCountryCode,
  protocol: z.enum(PROTOCOLS).optional().default('http'),
});
export const ZBuyKeyPackageRequest = z.object({
  country: ZCountryCode,
  quantity: z.number().int().min(1).max(1000).optional().default(1),
  /**
   * Added to the documented body (docs/wire-contract.md#conventions): the protocol the key's line
   * is served in (HTTP by default).
   */
  protocol: z.enum(PROTOCOLS).optional().default('http'),
});

export const ZBuyResponse = z.object({ order: ZOrder, proxies: z.array(ZProxy) });
/** `proxies` are the ones just added. */
export const ZIncreaseAmountResponse = z.object({ order: ZOrder, proxies: z.array(ZProxy), cost: z.number().int() });
export const ZChangeCountryResponse = z.object({ order: ZOrder, cost: z.number().int() });
export const ZBuyKeyResponse = z.object({ order: ZOrder, keys: z.array(ZKey) });

export const ZIdList = z.array(ZId).min(1).max(MAX_BATCH_IDS);

export const ZRenewOrderRequest = z.object({ period: ZPeriod.optional() });
export const ZRenewListOrderRequest = z.object({ listOrderId: ZIdList, period: ZPeriod.optional() });
export const ZIncreaseBandwidthRequest = z.object({ bandwidth: z.number().int().min(1).max(100_000) });
/** Proxies added to a using retail order, for the rest of its term (a multiple of the country's step). */
export const ZIncreaseAmountRequest = z.object({ amount: z.number().int().min(1).max(MAX_ORDER_QUANTITY) });
export const ZChangeCountryRequest = z.object({ country: ZCountryCode });
export const ZRenewListKeyRequest = z.object({ listKeyId: ZIdList, period: ZPeriod });
export const ZUpdateListKeyRequest = z
  .object({ listKeyId: ZIdList, comment: z.string().max(500).optional(), autoRenew: z.boolean().optional() })
  .refine((v) => v.comment !== undefined || v.autoRenew !== undefined, { message: 'nothing to update' });
export const ZListKeyIdRequest = z.object({ listKeyId: ZIdList });
export const ZUpdateOrderAutoRenewRequest = z.object({ autoRenew: z.boolean() });

export const ZOrderListQuery = z.object({
  ...ZListQuery.shape,
  status: z.enum(ORDER_STATUSES).optional(),
  type: z.enum(ORDER_TYPES).optional(),
  product: z.enum(['v6', 'v4', 'key']).optional(),
});

/**
 * An order-log note as a translation key and parameters (the web renders `notes.orderLog.<key>` in
 * the reader's language); `note` keeps the same in English for API clients. `error` is the error
 * code of a failed attempt. Older rows, and notes that are free text (a package's name), have none.
 */
export const ZOrderLogI18n = z.discriminatedUnion('key', [
  /** A package or key purchase: the package's names as bought. */
  z.object({ key: z.literal('package'), params: z.object({ name: z.string(), nameEng: z.string().nullable() }) }),
  z.object({ key: z.literal('renew'), params: z.object({ auto: z.boolean(), period: ZStoredPeriod }) }),
  z.object({ key: z.literal('renewProxies'), params: z.object({ count: z.number().int(), period: ZStoredPeriod }) }),
  z.object({ key: z.literal('renewKeys'), params: z.object({ count: z.number().int(), period: ZStoredPeriod }) }),
  z.object({ key: z.literal('bandwidth'), params: z.object({ gb: z.number().int() }) }),
  z.object({
    key: z.literal('increaseAmount'),
    params: z.object({ quantity: z.number().int(), hours: z.number().int(), error: z.string().optional() }),
  }),
  z.object({
    key: z.literal('changeCountry'),
    params: z.object({ from: z.string(), to: z.string(), error: z.string().optional() }),
  }),
  z.object({ key: z.literal('autoRenewFailed'), params: z.object({ error: z.string() }) }),
  z.object({ key: z.literal('adminExtend'), params: z.object({ count: z.number().int(), period: ZStoredPeriod }) }),
  z.object({ key: z.literal('adminCancel'), params: z.object({ count: z.number().int(), refund: z.number().int() }) }),
]);
export type TOrderLogI18n = z.infer<typeof ZOrderLogI18n>;

export const ZOrderLog = z.object({
  action: z.enum(ORDER_ACTIONS),
  result: z.enum(['success', 'fail']),
  note: z.string(),
  noteI18n: ZOrderLogI18n.nullable().optional(),
  amount: z.number().int(),
  createdAt: z.string(),
});
export type TOrderLog = z.infer<typeof ZOrderLog>;

/** The admin's order list also shows whose order it is. */
export const ZAdminOrder = ZOrder.extend({ userId: z.string(), email: z.string() });

export const ZKeyListQuery = z.object({
  ...ZListQuery.shape,
  status: z.enum(PROXY_STATUSES).optional(),
  orderId: ZId.optional(),
  tagId: ZId.optional(),
});
/** The admin key list, optionally one customer's (the customer page). */
export const ZAdminKeyListQuery = ZKeyListQuery.extend({ userId: ZId.optional() });

export const TAG_TYPES = ['v6', 'v4', 'key'] as const;
export const ZTag = z.object({
  id: z.string(),
  tagName: z.string(),
  tagType: z.enum(TAG_TYPES),
  count: z.number().int(),
});
export type TTag = z.infer<typeof ZTag>;
export const ZTagTypeQuery = z.object({ tagType: z.enum(TAG_TYPES) });
/** docs/product-rules.md#tags: a tag name is required. */
export const ZTagNameRequest = z.object({ tagName: z.string().trim().min(1).max(50) });
export const ZTagProxiesRequest = z.object({ listProxyId: ZIdList });
export const ZTagKeysRequest = z.object({ listKeyId: ZIdList });

/** GET /api/order/admin/list-order: the site's orders, optionally one customer's (`userId`). */
export const ZAdminOrderListQuery = ZOrderListQuery.extend({ userId: ZId.optional() });

/** GET /api/order/admin/list-unit?orderId&page&limit: an order's proxies or keys, paged. */
export const ZAdminOrderItemsQuery = z.object({
  orderId: ZId,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(25),
});

/** PUT /api/order/admin/extend/:id: the order's live proxies or keys get one more period, free of charge. */
export const ZAdminExtendOrderRequest = z.object({ period: ZPeriod });

/**
 * PUT /api/order/admin/cancel/:id: ends the order and refunds `amount` coins (0 to the order's total)
 * in one ledger row. Cancelling a cancelled order changes nothing and refunds nothing.
 */
export const ZAdminCancelOrderRequest = z.object({
  amount: z.number().int().min(0).max(1_000_000_000_000),
});
export const ZAdminCancelOrderResponse = z.object({
  status: z.literal('cancelled'),
  /** Coins this call refunded: 0 when the order was already cancelled. */
  refunded: z.number().int(),
  released: z.number().int(),
});

/** GET /api/order/admin/list-proxy?userId&page&limit: one customer's proxies (the customer page). */
export const ZAdminUserProxiesQuery = z.object({
  userId: ZId,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(25),
});
