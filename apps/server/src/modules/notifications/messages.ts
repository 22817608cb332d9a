import { formatCoinsIn } from '@proxy/contract';

/**
 * The texts of alerts by mail and Telegram, in the customer's language (vi or en). Webhooks carry
 * the event's data instead. Times are shown as HH:mm DD/MM/YYYY in Vietnam time (GMT+7).
 */
export type Lang = 'vi' | 'en';

export interface AlertItem {
  id: string;
  type: 'proxy' | 'key';
  label: string;
  expiresAt: string;
  autoRenew: boolean;
}

export interface AlertText {
  subject: string;
  text: string;
}

const VN_OFFSET_MS = 7 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');
const MAX_LISTED = 20;

export function formatVnTime(iso: string): string {
  const d = new Date(new Date(iso).getTime() + VN_OFFSET_MS);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} ${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} (GMT+7)`;
}

/** The calendar day (Vietnam time) of an instant, as YYYY-MM-DD. */
export function vnDay(at: Date | string): string {
  return new Date(new Date(at).getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Vietnam calendar day (YYYY-MM-DD) starts. */
export function vnDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - VN_OFFSET_MS);
}

function listItems(items: AlertItem[], lang: Lang): string {
  const lines = items.slice(0, MAX_LISTED).map((u) => `- ${u.label} (${formatVnTime(u.expiresAt)})`);
  const more = items.length - MAX_LISTED;
  if (more > 0) {
    lines.push(lang === 'vi' ? `… và ${more} mục khác` : `… and ${more} more`);
  }
  return lines.join('\n');
}

type Data = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const count = (d: Data) => (items(d).length === 1 ? '1 proxy/key' : `${items(d).length} proxies/keys`);
const days = (v: unknown) => (Number(v) === 1 ? '1 day' : `${str(v)} days`);
/** docs/product-rules.md#formats: coins in the reader's language ("1.000.000 Xu", "1,000,000 coins", "1 coin"). */
const xu = (v: unknown) => formatCoinsIn(Number(v ?? 0), 'vi');
const coins = (v: unknown) => formatCoinsIn(Number(v ?? 0), 'en');
const items = (d: Data) => (d.items as AlertItem[] | undefined) ?? [];

const SUPPLIER_KIND: Record<Lang, Record<string, string>> = {
  vi: {
    purchase_failed: 'không nguồn nào giao được proxy, đơn đã hoàn tiền',
    prolong_refused: 'gia hạn proxy nguồn bị từ chối',
    replacement_failed: 'không thay được proxy nguồn hỏng',
  },
  en: {
    purchase_failed: 'no source could deliver, the order was refunded',
    prolong_refused: 'an upstream prolong was refused',
    replacement_failed: 'a failing upstream proxy could not be replaced',
  },
};

const TEXTS: Record<string, Record<Lang, (d: Data) => AlertText>> = {
  'proxy.expiring': {
    vi: (d) => ({
      subject: `${items(d).length} proxy/key hết hạn sau ${str(d.leadDays)} ngày`,
      text: `Các proxy/key sau sẽ hết hạn sau ${str(d.leadDays)} ngày${d.autoRenew ? ' (đã bật tự động gia hạn)' : ''}:\n${listItems(items(d), 'vi')}`,
    }),
    en: (d) => ({
      subject: `${count(d)} ${items(d).length === 1 ? 'expires' : 'expire'} in ${days(d.leadDays)}`,
      text: `These proxies/keys expire in ${days(d.leadDays)}${d.autoRenew ? ' (auto-renew is on)' : ''}:\n${listItems(items(d), 'en')}`,
    }),
  },
  'proxy.expired': {
    vi: (d) => ({
      subject: `${items(d).length} proxy/key đã hết hạn`,
      text: `Các proxy/key sau đã hết hạn. Gia hạn trước khi bị khoá để giữ IP và cổng:\n${listItems(items(d), 'vi')}`,
    }),
    en: (d) => ({
      subject: `${count(d)} expired`,
      text: `These proxies/keys have expired. Renew them before they are locked to keep their IP and port:\n${listItems(items(d), 'en')}`,
    }),
  },
  'proxy.locking': {
    vi: (d) => ({
      subject: `${items(d).length} proxy/key sắp bị khoá`,
      text: `Các proxy/key đã hết hạn sau sẽ bị khoá lúc ${formatVnTime(String(d.lockAt))}, khi đó IP và cổng được thu hồi:\n${listItems(items(d), 'vi')}`,
    }),
    en: (d) => ({
      subject: `${count(d)} will be locked soon`,
      text: `These expired proxies/keys will be locked at ${formatVnTime(String(d.lockAt))}, when their IP and port are released:\n${listItems(items(d), 'en')}`,
    }),
  },
  'renew.failed': {
    vi: (d) =>
      d.ahead
        ? {
            subject: `Tự động gia hạn sẽ thất bại: thiếu ${xu(d.short)}`,
            text: `Số dư ${xu(d.balance)} không đủ cho lần tự động gia hạn sắp tới (${xu(d.cost)}, đến hạn ${formatVnTime(String(d.expiresAt))}). Bạn còn thiếu ${xu(d.short)}, hãy nạp thêm.`,
          }
        : {
            subject: `Tự động gia hạn thất bại: ${str(d.orderCode)}`,
            text: `Đơn ${str(d.orderCode)} chưa được tự động gia hạn${d.short ? ` (thiếu ${xu(d.short)})` : ''}. Proxy vẫn hoạt động đến ${formatVnTime(String(d.expiresAt))}. Hãy nạp thêm Xu để gia hạn.`,
          },
    en: (d) =>
      d.ahead
        ? {
            subject: `Auto-renew will fail: your balance is short by ${coins(d.short)}`,
            text: `Your balance of ${coins(d.balance)} cannot cover the coming auto-renewals (${coins(d.cost)}, due ${formatVnTime(String(d.expiresAt))}). You are short by ${coins(d.short)}: please top up.`,
          }
        : {
            subject: `Auto-renew failed: ${str(d.orderCode)}`,
            text: `Order ${str(d.orderCode)} could not be auto-renewed${d.short ? ` (short by ${coins(d.short)})` : ''}. Its proxies keep working until ${formatVnTime(String(d.expiresAt))}. Top up to renew.`,
          },
  },
  'balance.low': {
    vi: (d) => ({
      subject: `Số dư thấp: ${xu(d.balance)}`,
      text: `Số dư của bạn còn ${xu(d.balance)}, dưới ngưỡng ${xu(d.threshold)} bạn đã đặt.`,
    }),
    en: (d) => ({
      subject: `Low balance: ${coins(d.balance)}`,
      text: `Your balance is ${coins(d.balance)}, below your threshold of ${coins(d.threshold)}.`,
    }),
  },
  'topup.success': {
    vi: (d) => ({
      subject: `Nạp tiền thành công: ${xu(d.amount)}`,
      text: `Đã cộng ${xu(d.amount)}${Number(d.bonus) > 0 ? ` (thưởng ${xu(d.bonus)})` : ''}. Số dư: ${xu(d.balance)}.`,
    }),
    en: (d) => ({
      subject: `Top-up credited: ${coins(d.amount)}`,
      text: `${coins(d.amount)} credited${Number(d.bonus) > 0 ? ` (bonus ${coins(d.bonus)})` : ''}. Balance: ${coins(d.balance)}.`,
    }),
  },
  'ip.changed': {
    vi: (d) => ({
      subject: 'IP proxy đã đổi',
      text: `Proxy ${String(d.label ?? d.proxyId)} có IP mới: ${String(d.egressIp)}.`,
    }),
    en: (d) => ({
      subject: 'Proxy IP changed',
      text: `Proxy ${String(d.label ?? d.proxyId)} has a new IP: ${String(d.egressIp)}.`,
    }),
  },
  'admin.supplier': {
    vi: (d) => ({
      subject: `Nhà cung cấp ${str(d.supplier)}: ${SUPPLIER_KIND.vi[str(d.kind)] ?? str(d.kind)}`,
      text: `${SUPPLIER_KIND.vi[str(d.kind)] ?? str(d.kind)}. Nhà cung cấp ${str(d.supplier)} trả lời: ${str(d.message)}`,
    }),
    en: (d) => ({
      subject: `Supplier ${str(d.supplier)}: ${SUPPLIER_KIND.en[str(d.kind)] ?? str(d.kind)}`,
      text: `${SUPPLIER_KIND.en[str(d.kind)] ?? str(d.kind)}. Supplier ${str(d.supplier)} answered: ${str(d.message)}`,
    }),
  },
  ping: {
    vi: () => ({ subject: 'Thử thông báo', text: 'Đây là thông báo thử.' }),
    en: () => ({ subject: 'Test alert', text: 'This is a test alert.' }),
  },
  'telegram.linked': {
    vi: () => ({ subject: 'Đã liên kết', text: 'Telegram đã được liên kết: bạn sẽ nhận thông báo tại đây.' }),
    en: () => ({ subject: 'Linked', text: 'Telegram is linked: your alerts will arrive here.' }),
  },
};

export function renderAlert(type: string, data: Data, lang: Lang): AlertText {
  const t = TEXTS[type]?.[lang] ?? TEXTS.ping![lang];
  return t(data);
}
