import type { Row } from './openapi-catalog-proxies.js';

/**
 * The public reference's rows for the agency program, alerts and webhooks, and the site's content
 * (openapi-catalog.ts holds the rest). Admin calls among them are kept out by `NOT_PUBLIC`.
 */
export const MORE_ROWS: Row[] = [
  [
    'POST /api/agency/create',
    'Create your agency',
    'Tạo đại lý của bạn',
    {
      body: { name: 'My shop', description: 'Proxies for my customers', code: 'MYSHOP' },
    },
  ],
  ['GET /api/agency/detail', 'Your agency', 'Đại lý của bạn'],
  [
    'PUT /api/agency/update',
    'Edit your agency',
    'Sửa đại lý của bạn',
    {
      body: { description: 'Proxies for my customers' },
    },
  ],
  ['GET /api/agency/list-member', 'Your agency members (paged)', 'Thành viên đại lý (phân trang)'],
  ['GET /api/agency/my-stats', 'Your agency totals', 'Tổng số của đại lý'],
  [
    'GET /api/agency/stats',
    'Your agency per day',
    'Đại lý theo ngày',
    {
      query: { from: '2026-11-01', to: '2026-11-30' },
    },
  ],
  ['GET /api/agency/member/detail-agency', 'The agency you belong to', 'Đại lý bạn là thành viên'],
  [
    'GET /api/notify/deliveries',
    'Your alert and webhook deliveries (paged)',
    'Lần gửi cảnh báo và webhook (phân trang)',
  ],
  ['POST /api/notify/deliveries/{id}/retry', 'Send a failed delivery again', 'Gửi lại một lần gửi lỗi'],
  ['POST /api/notify/test', 'Send a test ping to your webhook', 'Gửi ping thử tới webhook'],
  [
    'GET /api/audit/list',
    'Your activity: changes, logins and API-key use (paged)',
    'Hoạt động của bạn: thay đổi, đăng nhập và dùng API key (phân trang)',
  ],
  [
    'POST /api/proxy/match',
    'Which pasted proxy lines are yours',
    'Những dòng proxy đã dán nào là của bạn',
    { body: { text: '203.0.113.5:20001:user:pass\nsocks5://user:pass@203.0.113.5:20002' } },
  ],
  [
    'POST /api/proxy/links',
    "Your proxies' change-IP and current-proxy URLs",
    'URL đổi IP và URL proxy hiện tại của proxy',
    { body: { listProxyId: ['0b0a3c4e-8f7d-4c1a-9e2b-5d6f7a8b9c0d'] } },
  ],
  [
    'POST /api/proxy/links/revoke',
    'Revoke those URLs',
    'Thu hồi các URL đó',
    { body: { listProxyId: ['0b0a3c4e-8f7d-4c1a-9e2b-5d6f7a8b9c0d'] } },
  ],
  [
    'GET /api/proxy/l/{token}/change-ip',
    'Change the IP (the URL is the credential)',
    'Đổi IP (URL là thông tin xác thực)',
  ],
  [
    'GET /api/proxy/l/{token}/current',
    "The proxy's current line",
    'Dòng proxy hiện tại',
    { query: { format: 'line' } },
    { type: 'text/plain', example: '203.0.113.7:20001:user1:Secret12345' },
  ],
  [
    'POST /api/proxy/list-links',
    'A list subscription URL',
    'URL danh sách đăng ký',
    { body: { name: 'Farm A', filter: { type: 'v4', country: 'US', status: 'using' }, format: 'txt' } },
  ],
  ['GET /api/proxy/list-links', 'Your list subscription URLs', 'Các URL danh sách của bạn'],
  ['DELETE /api/proxy/list-links/{id}', 'Revoke a list URL', 'Thu hồi URL danh sách'],
  [
    'GET /api/proxy/list/{token}',
    'A list URL: your matching proxies now',
    'URL danh sách: proxy khớp bộ lọc hiện tại',
    undefined,
    { type: 'text/plain', example: '203.0.113.7:20001:user1:Secret12345' },
  ],
  [
    'GET /api/usage/proxy/{id}',
    "A proxy's traffic by minute, hour or day, with its quota",
    'Lưu lượng của một proxy theo phút, giờ hoặc ngày, kèm hạn mức',
    { query: { step: 'hour' } },
  ],
  ['GET /api/promotion/get', 'The running deposit promotion', 'Khuyến mãi nạp tiền đang chạy'],
  ['GET /api/tools/downloads', 'Downloads the site offers', 'Tài nguyên tải về của trang'],
  ['GET /api/tools/my-ip', 'The address the server sees you from', 'Địa chỉ máy chủ thấy bạn'],
  ['GET /api/landing/detail', 'The home page texts', 'Nội dung trang chủ'],
  ['GET /api/support/support-info', 'The support channels', 'Các kênh hỗ trợ'],
  ['GET /api/tutorial/list', 'Tutorials', 'Hướng dẫn', { query: { lang: 'en' } }],
  ['GET /api/tutorial/detail/{slug}', 'One tutorial', 'Một bài hướng dẫn', { query: { lang: 'en' } }],
];
