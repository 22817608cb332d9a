import type { TFunction } from 'i18next';
import { ActivityFeed } from '@/components/activity-list';
import type { DetailField } from '@/components/item-list';

/** The details drawer's "Recent activity": one proxy's or key's trail (docs/guide.md#activity-audit-trail). */
export function activityField(t: TFunction, target: { proxyId: string } | { keyId: string }): DetailField {
  return { label: t('audit.drawerTitle'), value: <ActivityFeed {...target} />, testId: 'details-activity' };
}
