import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { DownloadsList } from '../components/downloads-list';
import { MyIpCard } from '../components/my-ip-card';
import { PageContainer } from '../components/page-container';
import { SplitTool } from '../components/split-tool';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" id={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** docs/screens.md#tools-tutorials-support: the free tools, open to visitors. */
export function ToolsRoute() {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeader title={t('content.tools.title')} />
      <Stack spacing={2}>
        <Card id="my-ip" title={t('content.tools.myIp.title')}>
          <MyIpCard />
        </Card>
        <Card id="split" title={t('content.tools.split.title')}>
          <SplitTool />
        </Card>
        <Card id="check-proxy" title={t('content.tools.checker.title')}>
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {t('content.tools.checker.description')}
          </Typography>
          <Button
            component={Link}
            to={paths.app.checkProxy.getHref()}
            variant="outlined"
            startIcon={<FactCheckOutlined />}
          >
            {t('content.tools.checker.open')}
          </Button>
        </Card>
        <Card id="downloads" title={t('content.tools.downloads.title')}>
          <DownloadsList />
        </Card>
      </Stack>
    </PageContainer>
  );
}
