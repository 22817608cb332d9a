import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BuyKeyPanel } from './buy-key-panel';
import { BuyRetailPanel } from './buy-retail-panel';
import { PackagesPanel } from './packages-panel';

export type PurchaseTab = 'v6' | 'v4' | 'key' | 'packages';

interface PurchaseSectionProps {
  tabs: PurchaseTab[];
  tab: PurchaseTab;
  onTab: (tab: PurchaseTab) => void;
}

/** Buy V6, buy V4, rotating keys and packages, as the site sells them. */
export function PurchaseSection({ tabs, tab, onTab }: PurchaseSectionProps) {
  const { t } = useTranslation();
  const packageProducts = tabs.filter((x): x is 'v6' | 'v4' => x === 'v6' || x === 'v4');
  return (
    <Card component="section" id="purchase" sx={{ scrollMarginTop: 80 }}>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('dashboard.purchase.title')}
        </Typography>
      </CardContent>
      <Tabs
        value={tab}
        onChange={(_, value: PurchaseTab) => onTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((x) => (
          <Tab
            key={x}
            value={x}
            label={t(`dashboard.purchase.tabs.${x}`)}
            data-testid={`buy-tab-${x}`}
            sx={{ minWidth: { xs: 64, sm: 90 }, px: { xs: 1.5, sm: 2 } }}
          />
        ))}
      </Tabs>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        {tab === 'v6' && <BuyRetailPanel key="v6" product="v6" />}
        {tab === 'v4' && <BuyRetailPanel key="v4" product="v4" />}
        {tab === 'key' && <BuyKeyPanel />}
        {tab === 'packages' && <PackagesPanel products={packageProducts} />}
      </Box>
    </Card>
  );
}
