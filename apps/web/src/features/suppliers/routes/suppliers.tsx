import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { MarginPanel } from '../components/margin-panel';
import { RoutesPanel } from '../components/routes-panel';
import { SuppliersPanel } from '../components/suppliers-panel';

const TABS = ['suppliers', 'routes', 'margin'] as const;
type SupplyTab = (typeof TABS)[number];

const isTab = (value: string | null): value is SupplyTab => TABS.some((tab) => tab === value);

/**
 * docs/screens.md#suppliers: the upstream sources the site resells, the routes that
 * pick them per product and country, and the margin they earn. The tab is in `?tab=`, so a
 * reload or a shared link opens the same one.
 */
export function AdminSuppliersRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: SupplyTab = isTab(raw) ? raw : 'suppliers';

  return (
    <>
      <PageHeader title={t('suppliers.title')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: SupplyTab) => setParams(value === 'suppliers' ? {} : { tab: value }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`suppliers.tabs.${value}`)}
              data-testid={`suppliers-tab-${value}`}
            />
          ))}
        </Tabs>
      </Box>
      {tab === 'suppliers' && <SuppliersPanel />}
      {tab === 'routes' && <RoutesPanel />}
      {tab === 'margin' && <MarginPanel />}
    </>
  );
}
