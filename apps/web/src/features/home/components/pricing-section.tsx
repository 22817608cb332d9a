import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { usePackages } from '@/lib/catalog/get-packages';
import { useRetailPrices } from '@/lib/catalog/get-retail-prices';
import { useSiteInfo } from '@/lib/site-info';
import { PackageTable } from './package-table';
import { RetailPriceTable } from './retail-price-table';

type PriceTab = 'v6' | 'v4' | 'key' | 'packages';

/** docs/screens.md#home: the live catalogue's prices, one tab per product the site sells. */
export function PricingSection() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const tabs: PriceTab[] = [];
  if (site.isOpenV6) {
    tabs.push('v6');
  }
  if (site.isOpenV4) {
    tabs.push('v4');
  }
  if (site.isOpenKey) {
    tabs.push('key');
  }
  if (site.isOpenV6 || site.isOpenV4) {
    tabs.push('packages');
  }
  const [chosen, setChosen] = useState<PriceTab | null>(null);
  const tab = chosen && tabs.includes(chosen) ? chosen : tabs[0];

  const v6 = useRetailPrices('v6', tab === 'v6');
  const v4 = useRetailPrices('v4', tab === 'v4');
  const keys = usePackages('key', tab === 'key');
  const v6Packages = usePackages('v6', tab === 'packages' && site.isOpenV6);
  const v4Packages = usePackages('v4', tab === 'packages' && site.isOpenV4);
  const loading = [v6, v4, keys, v6Packages, v4Packages].some((q) => q.isLoading);

  if (!tab) {
    return null;
  }
  return (
    <Paper variant="outlined">
      <Tabs value={tab} onChange={(_, v: PriceTab) => setChosen(v)} variant="scrollable" allowScrollButtonsMobile>
        {tabs.map((x) => (
          <Tab key={x} value={x} label={t(`content.home.tabs.${x}`)} data-testid={`price-tab-${x}`} />
        ))}
      </Tabs>
      {loading ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        {tab === 'v6' && v6.data && <RetailPriceTable rows={v6.data} testId="price-table-v6" />}
        {tab === 'v4' && v4.data && <RetailPriceTable rows={v4.data} testId="price-table-v4" />}
        {tab === 'key' && keys.data && (
          <PackageTable packages={keys.data} testId="price-table-key" itemLabel={t('content.home.keys')} />
        )}
        {tab === 'packages' && (v6Packages.data || v4Packages.data) && (
          <PackageTable
            packages={[...(v6Packages.data ?? []), ...(v4Packages.data ?? [])]}
            testId="price-table-packages"
            itemLabel={t('content.home.proxies')}
          />
        )}
      </Box>
    </Paper>
  );
}
