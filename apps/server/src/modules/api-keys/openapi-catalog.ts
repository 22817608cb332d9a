/**
 * The public reference's catalogue (GET /api/openapi.json, docs/wire-contract.md#developer-api):
 * every customer operation an `X-Api-Key` may call, with its summary in English and Vietnamese,
 * and request examples where the schema alone would not give a useful one. The error codes it
 * answers with besides the common ones are its endpoint registry entry's (`Row` says how the
 * operations not in the registry yet list theirs). Anything not listed here (admin, internal,
 * sign-in, provider callbacks) stays out of the public document; openapi.test.ts fails when a new
 * customer route is neither listed nor excluded.
 */

import { ENDPOINTS, type AnyEndpoint, type ErrorCode } from '@proxy/contract';
import { MORE_ROWS } from './openapi-catalog-more.js';
import { proxyFamily, SAMPLE_ID, TEXT_EXPORT, type CatalogEntry, type Row } from './openapi-catalog-proxies.js';

export type { CatalogEntry };

/**
 * Calls that need a signed-in session: an API key is refused (FORBIDDEN) and they are not public.
 * Everything that changes the account's credentials (password, 2FA, the key itself and the
 * addresses it works from), where its notifications go and how they are signed, or moves its money
 * out (agency transfers): a leaked key must not be able to lock out or rob the account holder
 * (docs/security.md#sessions-only).
 */
export const SESSION_ONLY_ROUTES = new Set<string>([
  'PUT /api/user/change-password',
  'POST /api/user/turn-on-2fa',
  'POST /api/user/verify-2fa',
  'POST /api/user/turn-off-2fa',
  'POST /api/user/regenerate-recovery-codes',
  'POST /api/user/generate-key',
  'PUT /api/api/allowed-ips',
  // It answers the webhook signing secret.
  'GET /api/notify/settings',
  'PUT /api/notify/settings',
  'POST /api/notify/webhook-secret',
  'POST /api/notify/telegram-link',
  'POST /api/agency/transfer',
  'GET /api/events',
]);

/** Operations left out of the public document on purpose (besides admin paths). */
export const NOT_PUBLIC = [
  /^\w+ \/api\/health(\/live|\/ready)?$/,
  /^\w+ \/api\/auth\//,
  /^\w+ \/api\/webhook\//,
  /^\w+ \/api\/test\//,
  /^\w+ \/api\/sub-server\//,
  /^POST \/api\/user\/create-admin$/,
  /^POST \/api\/user\/perfect-money-complete-payment$/,
  /^GET \/api\/country\/\w+\/list-country-admin$/,
  /\/admin(\/|-|$)/,
  // Admin calls whose fixed paths (docs/wire-contract.md) have no "admin" in them.
  /^\w+ \/api\/agency-admin\//,
  /^(POST \/api\/promotion\/add|PUT \/api\/promotion\/update\/\{id\}|GET \/api\/promotion\/(list|stats))$/,
  /^PUT \/api\/landing\/update\//,
  // The site's logo is an image for <img>, not an operation.
  /^GET \/api\/site\/logo\//,
];

const PROXY_ID = SAMPLE_ID;

const KEY_IDS = { listKeyId: [PROXY_ID] };

const ROWS: Row[] = [
  [
    'GET /api/site/get-site-info',
    'The site: name, colours, products on sale',
    'Thông tin trang: tên, màu, sản phẩm đang bán',
  ],
  ['GET /api/user/me', 'Your account', 'Tài khoản của bạn'],
  ['GET /api/user/get-money', 'Your balance in coins', 'Số dư của bạn (xu)'],
  [
    'PUT /api/user/auto-renew',
    'Auto-renew all your private proxies',
    'Tự gia hạn mọi proxy riêng của bạn',
    { body: { autoRenew: true } },
  ],
  ['GET /api/user/transaction', 'Your transactions (paged)', 'Giao dịch của bạn (phân trang)'],
  ['GET /api/log/list-transaction', 'Your balance history (paged)', 'Lịch sử số dư (phân trang)'],
  ['GET /api/log/list-topup', 'Your top-ups (paged)', 'Các lần nạp tiền (phân trang)'],
  [
    'GET /api/api/info',
    'Your API key (masked), allowed IPs, requests today and limit',
    'Khóa API (che), IP được phép, số yêu cầu hôm nay và giới hạn',
  ],
  ...(['v6', 'v4', 'key'] as const).flatMap((c): Row[] => [
    [`GET /api/country/${c}/list-country`, `Countries on sale (${c})`, `Quốc gia đang bán (${c})`],
  ]),
  ...(['v6', 'v4', 'key'] as const).flatMap((c): Row[] => [
    [`GET /api/${c}-retail/get-all`, `Retail prices (${c})`, `Bảng giá lẻ (${c})`],
    [`GET /api/${c}-retail/get-all-renew`, `Renewal prices (${c})`, `Bảng giá gia hạn (${c})`],
    [`GET /api/${c}-package/get-all-package`, `Packages (${c})`, `Các gói (${c})`],
  ]),
  ['GET /api/discount/get-all', 'Quantity discounts', 'Giảm giá theo số lượng'],
  ['GET /api/bandwidth/get-price', 'Bandwidth price', 'Giá băng thông'],
  ...proxyFamily('v6-proxy', 'IPv6 proxies', 'proxy IPv6'),
  ...proxyFamily('v4-proxy', 'IPv4 proxies', 'proxy IPv4'),
  ...proxyFamily('bought-proxy', 'private IPv4 proxies', 'proxy IPv4 riêng'),
  [
    'POST /api/key/buy-key-package/{id}',
    'Buy rotating keys of a package',
    'Mua key xoay theo gói',
    { body: { country: 'US', quantity: 1 } },
  ],
  [
    'POST /api/key/get-new-ip',
    'Rotate a key to a new IP (authenticated by the key itself)',
    'Xoay key sang IP mới (xác thực bằng chính key)',
    { query: { keyRotate: 'YOUR_ROTATING_KEY' } },
  ],
  [
    'GET /api/key/get-new-ip',
    'Rotate a key to a new IP (GET form)',
    'Xoay key sang IP mới (dạng GET)',
    { query: { keyRotate: 'YOUR_ROTATING_KEY' } },
  ],
  ['GET /api/key/list-key-me', 'List your rotating keys (paged)', 'Danh sách key xoay (phân trang)'],
  ['GET /api/key/export-all', 'Export your rotating keys', 'Xuất key xoay', undefined, TEXT_EXPORT],
  [
    'PUT /api/key/renew-list-key',
    'Renew rotating keys',
    'Gia hạn key xoay',
    { body: { ...KEY_IDS, period: { unit: 'month', value: 1 } } },
  ],
  [
    'PUT /api/key/update-list-key',
    'Set the comment or auto-renew of keys',
    'Đặt ghi chú hoặc tự gia hạn cho key',
    { body: { ...KEY_IDS, comment: 'bot-1' } },
  ],
  ['PUT /api/key/turn-on-auto-renew-key', 'Turn auto-renew on for keys', 'Bật tự gia hạn cho key', { body: KEY_IDS }],
  ['PUT /api/key/turn-off-auto-renew-key', 'Turn auto-renew off for keys', 'Tắt tự gia hạn cho key', { body: KEY_IDS }],
  ['DELETE /api/key/delete-list-key', 'Delete expired keys', 'Xóa key đã hết hạn', { body: KEY_IDS }],
  ['POST /api/key/tag-key/{id}', 'Tag keys', 'Gắn thẻ cho key', { body: KEY_IDS }],
  ['PUT /api/key/untag-key/{id}', 'Remove a tag from keys', 'Bỏ thẻ khỏi key', { body: KEY_IDS }],
  ['GET /api/tag/list-tags', 'Your tags with counts', 'Các thẻ của bạn kèm số lượng', { query: { tagType: 'v4' } }],
  ['POST /api/tag/create-tag', 'Create a tag', 'Tạo thẻ', { query: { tagType: 'v4' }, body: { tagName: 'Shop A' } }],
  ['POST /api/tag/update-tag/{id}', 'Rename a tag', 'Đổi tên thẻ', { body: { tagName: 'Shop B' } }],
  ['DELETE /api/tag/delete-tag/{id}', 'Delete a tag', 'Xóa thẻ'],
  ['GET /api/order/list-order', 'Your orders (paged)', 'Đơn hàng của bạn (phân trang)'],
  ['GET /api/order/bill-order', 'Your order bills (paged)', 'Hóa đơn đơn hàng (phân trang)'],
  ['GET /api/order/package-status', 'Your package and trial status', 'Trạng thái gói và dùng thử'],
  ['GET /api/order/detail/{id}', 'One order with its history', 'Chi tiết một đơn hàng'],
  [
    'PUT /api/order/renew/{id}',
    'Renew an order',
    'Gia hạn đơn hàng',
    { body: { period: { unit: 'month', value: 1 } } },
  ],
  ['PUT /api/order/renew-list-order', 'Renew several orders', 'Gia hạn nhiều đơn hàng'],
  [
    'PUT /api/order/increase-bandwidth/{id}',
    'Add bandwidth to a package order',
    'Thêm băng thông cho đơn gói',
    { body: { bandwidth: 10 } },
  ],
  ['PUT /api/order/increase-amount/{id}', 'Add proxies to an order', 'Thêm proxy vào đơn hàng'],
  ['PUT /api/order/change-country/{id}', 'Move an order to another country', 'Chuyển đơn hàng sang quốc gia khác'],
  [
    'PUT /api/order/auto-renew/{id}',
    'Turn auto-renew of an order on or off',
    'Bật/tắt tự gia hạn đơn hàng',
    { body: { autoRenew: true } },
  ],
  ['GET /api/dashboard/summary', 'Your dashboard figures', 'Số liệu tổng quan của bạn'],
  [
    'POST /api/tools/check-proxy',
    'Check any proxies (host:port[:user:pass] lines)',
    'Kiểm tra proxy bất kỳ (dòng host:port[:user:pass])',
    { body: { lines: ['203.0.113.7:8080:user:pass'], protocol: 'auto' } },
    {
      type: 'application/x-ndjson',
      example: '{"line":"203.0.113.7:8080:user:pass","live":true,"latencyMs":120}\n{"done":1}',
    },
  ],
  ['GET /api/bill/get-bill', 'Your bank-transfer code and QR payload', 'Mã chuyển khoản và mã QR của bạn'],
  ...(['paypal', 'momo', 'usdt', 'bytepay', 'perfect-money', 'tazapay', 'bank'] as const).map((m): Row => [
    `POST /api/user/${m}-create-order`,
    `Start a ${m} top-up`,
    `Tạo lệnh nạp tiền ${m}`,
    { body: { amount: 100000, ...(m === 'tazapay' ? { country: 'VN' } : {}) } },
  ]),
  ['POST /api/user/payment-credit-card', 'Start a card top-up', 'Tạo lệnh nạp bằng thẻ', { body: { amount: 100000 } }],
  ['POST /api/user/complete-paypal-payment', 'Complete a PayPal top-up', 'Hoàn tất nạp PayPal'],
  ['POST /api/user/bytepay-complete-order', 'Complete a Bytepay top-up', 'Hoàn tất nạp Bytepay'],
  ['GET /api/user/check-payment-credit/{id}', 'The state of a card top-up', 'Trạng thái lệnh nạp thẻ'],
  ['DELETE /api/user/cancle-payment-credit/{id}', 'Cancel a pending card top-up', 'Hủy lệnh nạp thẻ đang chờ'],
];

/** The registry entry of a catalogue operation: 'PUT /api/order/renew/{id}' is 'PUT /order/renew/:id'. */
export function registryEntryOf(op: string): AnyEndpoint | undefined {
  const [method, path = ''] = op.split(' ');
  const key = `${method} ${path.replace(/^\/api(?=\/)/, '').replace(/\{(\w+)\}/g, ':$1')}`;
  return (ENDPOINTS as unknown as Partial<Record<string, AnyEndpoint>>)[key];
}

export const CATALOG: ReadonlyMap<string, CatalogEntry> = new Map(
  [...ROWS, ...MORE_ROWS].map(([op, summary, summaryVi, example, answer]) => [
    op,
    {
      summary,
      summaryVi,
      errors: [...(registryEntryOf(op)?.errors ?? [])],
      example,
      answer,
    },
  ]),
);

/** Errors any keyed call can answer with. */
export const COMMON_ERRORS: ErrorCode[] = ['VALIDATION_ERROR', 'INVALID_KEY', 'IP_NOT_ALLOWED', 'TOO_MANY_REQUEST'];
