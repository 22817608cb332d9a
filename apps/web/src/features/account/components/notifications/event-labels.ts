import type { TFunction } from 'i18next';

/** An event type's label ("proxy.expiring" → notifications.event.proxy_expiring). */
export function eventLabel(t: TFunction, type: string): string {
  const labels: Record<string, string> = {
    'proxy.expiring': t('notifications.event.proxy_expiring'),
    'proxy.expired': t('notifications.event.proxy_expired'),
    'proxy.locking': t('notifications.event.proxy_locking'),
    'renew.failed': t('notifications.event.renew_failed'),
    'balance.low': t('notifications.event.balance_low'),
    'topup.success': t('notifications.event.topup_success'),
    'ip.changed': t('notifications.event.ip_changed'),
    ping: t('notifications.event.ping'),
    'telegram.linked': t('notifications.event.telegram_linked'),
    mail: t('notifications.event.mail'),
  };
  return labels[type] ?? type;
}
