import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { SupportChannelIcon } from '@/components/support-channel-icon';
import { channelLink, hasUsableChannel, useSupportInfo } from '@/lib/support-info';
import { PageContainer } from '../components/page-container';

/** docs/screens.md#tools-tutorials-support: the site's channels as buttons that open the right app, hours and a note. */
export function SupportRoute() {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useSupportInfo();
  const note = i18n.language === 'en' ? data?.noteEng : data?.note;
  return (
    <PageContainer>
      <PageHeader title={t('content.support.title')} />
      {isLoading && <LinearProgress />}
      {data && (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {hasUsableChannel(data.channels) ? t('content.support.intro') : t('content.support.none')}
          </Typography>
          <Stack spacing={1.5} sx={{ maxWidth: 480 }} data-testid="support-channels">
            {data.channels.map((c, i) => {
              const link = channelLink(c);
              return (
                link && (
                  <Button
                    key={i}
                    variant="outlined"
                    size="large"
                    {...link}
                    startIcon={<SupportChannelIcon kind={c.kind} />}
                    sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
                  >
                    <strong>{c.label}</strong>&nbsp;·&nbsp;
                    <span style={{ overflowWrap: 'anywhere' }}>{c.value}</span>
                  </Button>
                )
              );
            })}
          </Stack>
          {data.hours && (
            <Typography sx={{ mt: 3 }}>
              <strong>{t('content.support.hours')}:</strong> {data.hours}
            </Typography>
          )}
          {note && (
            <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
              {note}
            </Typography>
          )}
        </Paper>
      )}
    </PageContainer>
  );
}
