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
    '<h3>Vì sao chọn chúng tôi</h3><ul><li>HTTP và SOCKS5 trên mọi proxy</li><li>Đổi IP tự động hoặc thủ công</li><li>Gia hạn tự động, xuất danh sách theo định dạng bạn cần</li></ul>',
  html1Eng:
    '<h3>Why us</h3><ul><li>HTTP and SOCKS5 on every proxy</li><li>Automatic or manual IP change</li><li>Auto-renew, and exports in the format you need</li></ul>',
  // The payment methods are not listed here: which ones a site takes is its admin's switch, and
  // the top-up page shows exactly those.
  html2: '<p>Nạp xu một lần, mua và gia hạn bao nhiêu tùy ý. Xu được cộng ngay khi nhận tiền.</p>',
  html2Eng:
    '<p>Top up coins once, then buy and renew as you need. Coins are credited as soon as the money arrives.</p>',
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
      answer:
        'Có, với mọi proxy IPv6 và IPv4 đang dùng: tự động mỗi 15–1000 phút hoặc bấm đổi thủ công (tối đa mỗi phút một lần). Key xoay lấy IP mới qua đường dẫn đổi IP của key.',
      answerEng:
        'Yes, for every IPv6 and IPv4 proxy in use: automatically every 15–1000 minutes or by hand (at most once a minute). A rotating key gets a new IP from its change-IP link.',
    },
    {
      question: '1 xu bằng bao nhiêu?',
      questionEng: 'What is a coin worth?',
      answer: '1 xu = 1 đồng. 24.000 xu ≈ 1 USD.',
      answerEng: '1 coin = 1 dong. 24,000 coins ≈ 1 USD.',
    },
  ],
  // No invented testimonials: the section appears once an admin adds real ones.
  quotes: [],
};

// No invented contacts: customers see support channels once an admin adds the site's real ones.
const SUPPORT = {
  channels: [],
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
