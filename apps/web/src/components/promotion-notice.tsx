import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { formatDateTime, type PaymentMethod } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '@/lib/site-info';
import { formatBalance, formatInCurrency } from '@/lib/format';

/**
 * docs/money.md#promotions: the deposit bonus tiers, stated in the currency the customer pays in:
 * with `method` (the top-up page's chosen method) in its currency, VND or dollars (coins / 24000);
 * without one (the dashboard, before a method is chosen) in coins, which is what the tiers count.
 * The site info carries the running promotion (/api/promotion), with its end.
 */
export function PromotionNotice({ method }: { method?: PaymentMethod }) {
  const { t } = useTranslation();
  const { promotion } = useSiteInfo();
  // null: the site has switched its promotion off (or the site info could not be read).
  const tiers = promotion?.tiers ?? [];
  if (tiers.length === 0) {
    return null;
  }

  const amount = (coins: number) => (method ? formatInCurrency(method, coins) : formatBalance(coins, t));
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
