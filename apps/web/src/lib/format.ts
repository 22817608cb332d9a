import { formatCoins } from '@proxy/contract';
import type { TFunction } from 'i18next';

/** seed-spec §9: a balance with dot separators and the coin unit, e.g. "1.000.000 Xu". */
export function formatBalance(coins: number, t: TFunction): string {
  return `${formatCoins(coins)} ${t('common.coin')}`;
}
