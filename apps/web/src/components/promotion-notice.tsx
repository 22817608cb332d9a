import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { coinsToUsd, formatDateTime } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '@/lib/site-info';
import { formatBalance } from '@/lib/format';

/**
 * docs/money.md#promotions: the deposit bonus tiers. Vietnamese shows coins with dot separators, English
 * shows dollars (coins / 24000). The site info carries the running promotion (/api/promotion), with its end.
 */
export function PromotionNotice() {
  const { t, i18n } = useTranslation();
  const { promotion } = useSiteInfo();
  // null: the site has switched its promotion off (or the site info could not be read).
  const tiers = promotion?.tiers ?? [];
  if (tiers.length === 0) {
    return null;
  }

  const amount = (coins: number) => (i18n.language === 'vi' ? formatBalance(coins, t) : `$${coinsToUsd(coins)}`);
  const text = tiers
    .map((tier) => t('common.promotion.tier', { amount: amount(tier.minAmount), percent: tier.percent }))
    .join(t('common.promotion.separator'));

  return (
    <Alert severity="success" variant="outlined" data-testid="promotion-notice" sx={{ bgcolor: 'background.paper' }}>
      <AlertTitle sx={{ fontWeight: 700 }}>{t('common.promotion.title')}</AlertTitle>
      {t('common.promotion.sentence', { tiers: text })}
      {promotion?.endsAt && ` ${t('promotions.until', { date: formatDateTime(promotion.endsAt) })}`}
    </Alert>
  );
}
