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
