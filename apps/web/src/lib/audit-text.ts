import { type TAuditEvent, type Period } from '@proxy/contract';
import type { TFunction } from 'i18next';
import { countryName, formatNumber, formatPeriod } from './format';

const MONEY = new Set(['cost', 'refunded', 'amount', 'balance']);
const SHOWN = [
  'code',
  'product',
  'country',
  'quantity',
  'count',
  'period',
  'cost',
  'refunded',
  'amount',
  'balance',
  'autoRenew',
  'comment',
  'tag',
  'authIps',
  'from',
  'to',
  'mode',
  'intervalMin',
  'reason',
  'method',
  'apiKey',
  'gb',
] as const;

/** A row's detail object in words, e.g. "Period: 3 days · Cost: 9.000" (never a secret: none is stored). */
export function auditDetailText(e: TAuditEvent, t: TFunction, language: string): string {
  const d = e.detail;
  const parts: string[] = [];
  if (e.action === 'proxy.password' || e.action === 'account.password') {
    parts.push(t('audit.detail.passwordChanged'));
  }
  if (e.action === 'api-key.use' && typeof d.count === 'number') {
    parts.push(`${t('audit.detail.requests')}: ${formatNumber(d.count)}`);
  }
  for (const key of SHOWN) {
    const v = d[key];
    if (v === undefined || v === null || v === '' || (key === 'count' && e.action === 'api-key.use')) {
      continue;
    }
    let text: string;
    if (key === 'period' && typeof v === 'object') {
      text = formatPeriod(v as Period, t);
    } else if (MONEY.has(key) && typeof v === 'number') {
      text = formatNumber(v);
    } else if (typeof v === 'boolean') {
      text = t(v ? 'audit.on' : 'audit.off');
    } else if (Array.isArray(v)) {
      text = v.join(', ');
    } else if (key === 'reason' && typeof v === 'string') {
      text = t(`errors.${v}`, { defaultValue: v });
    } else if (key === 'product' && typeof v === 'string') {
      text = t(`common.product.${v}`, { defaultValue: v });
    } else if (
      typeof v === 'string' &&
      (key === 'country' || (e.action === 'order.change-country' && (key === 'from' || key === 'to')))
    ) {
      text = countryName(v, language);
    } else if ((key === 'method' || key === 'mode') && typeof v === 'string') {
      // Sign-in method (password, google), IP change mode (auto, manual).
      text = t(`audit.values.${key}.${v}`, { defaultValue: v });
    } else {
      text = typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);
    }
    parts.push(`${t(`audit.detail.${key}`)}: ${text}`);
  }
  return parts.join(' · ');
}

/** The action's name in the reader's language (an action this build does not know shows as sent). */
export function auditActionText(action: string, t: TFunction): string {
  return t(`audit.actions.${action}`, { defaultValue: action });
}
