import type { ErrorCode } from '@proxy/contract';

/** The proxy families' rows of the public reference's catalogue (openapi-catalog.ts). */

/** One operation of the public catalogue, as openapi.ts renders it. */
export interface CatalogEntry {
  summary: string;
  summaryVi: string;
  errors: ErrorCode[];
  example?: { body?: unknown; query?: Record<string, unknown> };
  /** The answer of a call that does not answer JSON (exports, streams). */
  answer?: { type: string; example: string };
}

/**
 * A catalogue row: the operation, its summaries, and its examples. Its error codes are its
 * endpoint registry entry's `errors` (docs/wire-contract.md#registry), written there once.
 */
export type Row = [
  op: string,
  en: string,
  vi: string,
  example?: CatalogEntry['example'],
  answer?: CatalogEntry['answer'],
];

export const SAMPLE_ID = '0b0a3c4e-8f7d-4c1a-9e2b-5d6f7a8b9c0d';
const PROXY_ID = SAMPLE_ID;
const IDS = { listProxyId: [PROXY_ID] };

export const TEXT_EXPORT = {
  type: 'text/plain',
  example: '203.0.113.7:20001:user1:Secret12345\n203.0.113.7:20002:user1:Secret12345',
};

export function proxyFamily(prefix: 'v6-proxy' | 'v4-proxy' | 'bought-proxy', label: string, labelVi: string): Row[] {
  const p = `/api/${prefix}`;
  const rows: Row[] = [
    ...readRows(p, label, labelVi),
    [
      `PUT ${p}/renew-list-proxy`,
      `Renew ${label} for a period`,
      `Gia hạn ${labelVi} theo kỳ`,
      { body: { ...IDS, period: { unit: 'month', value: 1 } } },
    ],
    [
      `PUT ${p}/update-list-proxy`,
      `Set the comment or auto-renew of ${label}`,
      `Đặt ghi chú hoặc tự gia hạn cho ${labelVi}`,
      { body: { ...IDS, comment: 'shop-1', autoRenew: true } },
    ],
    [
      `POST ${p}/auth-ip`,
      `Set the authorised IPs of ${label} (1–3 IPv4)`,
      `Đặt IP xác thực cho ${labelVi} (1–3 IPv4)`,
      { body: { ...IDS, authIp: ['203.0.113.7'] } },
    ],
    [
      `PUT ${p}/change-password`,
      `Change the password of ${label}`,
      `Đổi mật khẩu ${labelVi}`,
      { body: { ...(prefix === 'bought-proxy' ? { listBoughtProxyId: [PROXY_ID] } : IDS), password: 'Secret12345' } },
    ],
    [
      `POST ${p}/reset-ip-manual`,
      `Change the egress IP of ${label} now`,
      `Đổi IP ra của ${labelVi} ngay`,
      { body: IDS },
    ],
    [
      `POST ${p}/update-reset-ip-type`,
      `Choose automatic or manual IP change for ${label}`,
      `Chọn đổi IP tự động hoặc thủ công cho ${labelVi}`,
      { body: { ...IDS, mode: 'auto', intervalMin: 30 } },
    ],
    [`PUT ${p}/check-list-proxy`, `Check that ${label} are alive`, `Kiểm tra ${labelVi} còn sống`, { body: IDS }],
    [`POST ${p}/tag-proxy/{id}`, `Tag ${label}`, `Gắn thẻ cho ${labelVi}`, { body: IDS }],
    [`PUT ${p}/untag-proxy/{id}`, `Remove a tag from ${label}`, `Bỏ thẻ khỏi ${labelVi}`, { body: IDS }],
  ];
  if (prefix !== 'bought-proxy') {
    rows.unshift(...buyRows(p, label, labelVi));
  }
  if (prefix === 'v6-proxy') {
    rows.push([
      `POST ${p}/update-ipv4-fallback`,
      `Let ${label} reach IPv4-only sites from the node's IPv4 address, or stop`,
      `Cho ${labelVi} vào trang chỉ có IPv4 qua IPv4 của máy chủ, hoặc tắt`,
      { body: { ...IDS, enabled: true } },
    ]);
  }
  return rows;
}

function buyRows(p: string, label: string, labelVi: string): Row[] {
  const buy = { country: 'US', quantity: 1, period: { unit: 'day', value: 1 }, protocol: 'http' };
  return [
    [
      `POST ${p}/buy-retail`,
      `Buy ${label} by country, quantity and period`,
      `Mua ${labelVi} theo quốc gia, số lượng và kỳ`,
      { body: buy },
    ],
    [`POST ${p}/buy-package/{id}`, `Buy a ${label} package`, `Mua gói ${labelVi}`, { body: { country: 'US' } }],
  ];
}

function readRows(p: string, label: string, labelVi: string): Row[] {
  return [
    [
      `GET ${p}/list-proxy-me`,
      `List your ${label} (paged, searchable)`,
      `Danh sách ${labelVi} của bạn (phân trang, tìm kiếm)`,
    ],
    [
      `GET ${p}/export-all`,
      `Export your ${label} as text lines`,
      `Xuất ${labelVi} dạng dòng văn bản`,
      undefined,
      TEXT_EXPORT,
    ],
  ];
}
