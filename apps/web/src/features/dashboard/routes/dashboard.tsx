import Stack from '@mui/material/Stack';
import type { Product } from '@proxy/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { PromotionNotice } from '@/components/promotion-notice';
import { useMe } from '@/lib/auth';
import { clearPendingBuy } from '@/lib/pending-buy';
import { useSiteInfo } from '@/lib/site-info';
import { ProductCards } from '../components/product-cards';
import { PurchaseSection, type PurchaseTab } from '../components/purchase-section';
import { SummaryCard } from '../components/summary-card';
import { WelcomeCard } from '../components/welcome-card';

const BUY_PARAM = 'buy';

export function DashboardRoute() {
  const { data: me } = useMe();
  const site = useSiteInfo();
  const [searchParams, setSearchParams] = useSearchParams();
  const products = (['v6', 'v4', 'key'] as const).filter(
    (product) => ({ v6: site.isOpenV6, v4: site.isOpenV4, key: site.isOpenKey })[product],
  );
  // Packages are private V4/V6 proxies, so they are sold where either is open.
  const tabs: PurchaseTab[] = [...products];
  if (site.isOpenV6 || site.isOpenV4) {
    tabs.push('packages');
  }
  const wanted = searchParams.get(BUY_PARAM);
  // The purchase chosen on the home page has led here: it is not kept any longer.
  useEffect(() => clearPendingBuy(), []);
  const tab = tabs.find((x) => x === wanted) ?? tabs[0];

  const selectTab = (next: PurchaseTab) =>
    setSearchParams(
      (params) => {
        params.set(BUY_PARAM, next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  const buy = (product: Product) => {
    selectTab(product);
    document.getElementById('purchase')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  if (!me) {
    return <PageSpinner />;
  }
  return (
    <Stack spacing={2.5}>
      <WelcomeCard me={me} />
      <SummaryCard />
      <PromotionNotice />
      <ProductCards products={products} onBuy={buy} />
      {tab && <PurchaseSection tabs={tabs} tab={tab} onTab={selectTab} />}
    </Stack>
  );
}
