import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useAdminMaintenance } from '@/lib/maintenance';
import { MaintenanceForm } from '@/components/maintenance-form';
import { useAdminDownloads, useAdminLanding, useAdminSupport } from '../api/content-admin';
import { FaqEditor, QuotesEditor } from '../components/landing-lists-editor';
import { LandingTextsEditor } from '../components/landing-texts-editor';
import { DownloadsEditor, SupportEditor } from '../components/support-editor';
import { TutorialsEditor } from '../components/tutorials-editor';

const TABS = ['texts', 'faq', 'quotes', 'tutorials', 'downloads', 'support', 'maintenance'] as const;
type LandingTab = (typeof TABS)[number];

/** /admin/landing: the content CMS of the admin's site (docs/screens.md#landing-cms). */
export function AdminLandingRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: LandingTab = TABS.find((x) => x === params.get('tab')) ?? 'texts';
  const landing = useAdminLanding();
  const support = useAdminSupport();
  const downloads = useAdminDownloads();
  const maintenance = useAdminMaintenance();
  const loading = landing.isLoading || support.isLoading || downloads.isLoading || maintenance.isLoading;
  return (
    <>
      <PageHeader title={t('content.admin.pageTitle')} />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, v: LandingTab) => setParams({ tab: v }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((x) => (
            <Tab key={x} value={x} label={t(`content.admin.tabs.${x}`)} data-testid={`landing-tab-${x}`} />
          ))}
        </Tabs>
        {loading && <LinearProgress />}
        <Box sx={{ p: { xs: 1.5, md: 3 } }}>
          {tab === 'texts' && landing.data && <LandingTextsEditor key={landing.data.id} landing={landing.data} />}
          {tab === 'faq' && landing.data && <FaqEditor landing={landing.data} />}
          {tab === 'quotes' && landing.data && <QuotesEditor landing={landing.data} />}
          {tab === 'tutorials' && <TutorialsEditor />}
          {tab === 'downloads' && downloads.data && <DownloadsEditor downloads={downloads.data} />}
          {tab === 'support' && support.data && <SupportEditor support={support.data} />}
          {tab === 'maintenance' && maintenance.data && <MaintenanceForm maintenance={maintenance.data} />}
        </Box>
      </Paper>
    </>
  );
}
