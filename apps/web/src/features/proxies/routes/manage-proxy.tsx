import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useSiteInfo } from '@/lib/site-info';
import { KeysTab } from '../components/keys-tab';
import { ListLinksTab } from '../components/list-links-tab';
import { ProxiesTab } from '../components/proxies-tab';

type ProxyTab = 'v6' | 'v4' | 'key' | 'links';
const TAB_PARAM = 'tab';

/** /manage-proxy: docs/screens.md#proxy-management, one tab per product the site sells. */
export function ManageProxyRoute() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const [searchParams, setSearchParams] = useSearchParams();
  const products = (['v6', 'v4', 'key'] as const).filter(
    (x) => ({ v6: site.isOpenV6, v4: site.isOpenV4, key: site.isOpenKey })[x],
  );
  const proxyTypes = (['v6', 'v4'] as const).filter((x) => products.includes(x));
  // List URLs carry proxies only (docs/tool-links.md#list-subscription-urls).
  const tabs: ProxyTab[] = proxyTypes.length ? [...products, 'links'] : products;
  const wanted = searchParams.get(TAB_PARAM);
  const tab: ProxyTab | undefined = tabs.find((x) => x === wanted) ?? tabs[0];

  return (
    <>
      <PageHeader title={t('proxies.title')} />
      {!tab ? (
        <Alert severity="info">{t('proxies.noProducts')}</Alert>
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(_, value: ProxyTab) => setSearchParams({ [TAB_PARAM]: value }, { replace: true })}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((x) => (
              <Tab key={x} value={x} label={t(`proxies.tabs.${x}`)} data-testid={`proxy-tab-${x}`} />
            ))}
          </Tabs>
          <Box>
            {tab === 'v6' && <ProxiesTab key="v6" type="v6" />}
            {tab === 'v4' && <ProxiesTab key="v4" type="v4" />}
            {tab === 'key' && <KeysTab />}
            {tab === 'links' && <ListLinksTab types={proxyTypes} />}
          </Box>
        </>
      )}
    </>
  );
}
