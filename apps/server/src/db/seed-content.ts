import { randomUUID } from 'node:crypto';
import type { DbOrTx } from './client.js';
import { siteContent, tutorials, type StoredLanding } from './schema/index.js';
import { SEED_TUTORIALS } from './seed-tutorials.js';

/** The demo's landing texts, FAQ and quotes (docs/wire-contract.md#site-content). */
const LANDING: StoredLanding = {
  landingTitle: 'Proxy IPv4, IPv6 và xoay riêng, tốc độ cao',
  landingDesc:
    'Mua theo quốc gia, thời hạn và số lượng. Nạp xu, mua trong vài giây, đổi IP và gia hạn ngay trên bảng điều khiển.',
  landingTitleEng: 'Fast private IPv4, IPv6 and rotating proxies',
  landingDescEng:
    'Buy by country, period and quantity. Top up coins, buy in seconds, change IPs and renew from your dashboard.',
  html1:
    '<h3>Vì sao chọn chúng tôi</h3><ul><li>HTTP và SOCKS5 trên mọi proxy</li><li>Đổi IP tự động hoặc thủ công</li><li>Hỗ trợ 24/7 qua Telegram và Zalo</li></ul>',
  html1Eng:
    '<h3>Why us</h3><ul><li>HTTP and SOCKS5 on every proxy</li><li>Automatic or manual IP change</li><li>24/7 support on Telegram and Zalo</li></ul>',
  html2: '<p>Thanh toán bằng chuyển khoản, thẻ, PayPal, MoMo hoặc USDT. Xu được cộng ngay khi nhận tiền.</p>',
  html2Eng: '<p>Pay by bank transfer, card, PayPal, MoMo or USDT. Coins are credited as soon as the money arrives.</p>',
  faq: [
    {
      question: 'Proxy được giao sau bao lâu?',
      questionEng: 'How soon do I get my proxies?',
      answer: 'Ngay sau khi mua: proxy hiện trong mục Quản lý proxy.',
      answerEng: 'Right after buying: they appear under Proxy management.',
    },
    {
      question: 'Tôi có thể đổi IP không?',
      questionEng: 'Can I change the IP?',
      answer: 'Có, với proxy IPv6 và key xoay: tự động theo chu kỳ hoặc bấm đổi thủ công.',
      answerEng: 'Yes, for IPv6 proxies and rotating keys: automatically on a schedule or by hand.',
    },
    {
      question: '1 xu bằng bao nhiêu?',
      questionEng: 'What is a coin worth?',
      answer: '1 xu = 1 đồng. 24.000 xu ≈ 1 USD.',
      answerEng: '1 coin = 1 dong. 24,000 coins ≈ 1 USD.',
    },
  ],
  quotes: [
    {
      name: 'Minh T.',
      role: 'Seller',
      text: 'Proxy ổn định, đổi IP nhanh, hỗ trợ trả lời trong vài phút.',
      textEng: 'Stable proxies, quick IP changes, support answers within minutes.',
    },
    {
      name: 'Anna K.',
      role: 'Marketing',
      text: 'Giá rõ ràng theo từng quốc gia, gia hạn tự động rất tiện.',
      textEng: 'Clear prices per country, and auto-renew just works.',
    },
  ],
};

const SUPPORT = {
  channels: [
    { kind: 'telegram' as const, label: 'Telegram', value: '@proxy_support' },
    { kind: 'zalo' as const, label: 'Zalo', value: '0900000000' },
    { kind: 'email' as const, label: 'Email', value: 'support@example.com' },
  ],
  hours: '8:00–22:00 (GMT+7)',
  note: 'Gửi kèm email tài khoản và mã đơn để được hỗ trợ nhanh hơn.',
  noteEng: 'Include your account email and order code for a faster answer.',
  showIcons: true,
};

const DOWNLOADS = [
  {
    title: 'Proxy SwitchyOmega (Chrome)',
    titleEng: 'Proxy SwitchyOmega (Chrome)',
    description: 'Tiện ích chuyển proxy cho Chrome.',
    descriptionEng: 'A proxy switcher extension for Chrome.',
    url: 'https://chromewebstore.google.com/search/SwitchyOmega',
  },
];

/** The demo content of a site: landing, support, downloads and the first tutorials. */
export async function seedContent(db: DbOrTx, siteId: string): Promise<void> {
  await db
    .insert(siteContent)
    .values({ id: randomUUID(), siteId, landing: LANDING, support: SUPPORT, downloads: DOWNLOADS });
  await db.insert(tutorials).values(SEED_TUTORIALS.map((t) => ({ id: randomUUID(), siteId, ...t })));
}
