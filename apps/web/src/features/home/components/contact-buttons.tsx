import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SupportChannelIcon } from '@/components/support-channel-icon';
import { channelLink, hasUsableChannel, useSupportInfo } from '@/lib/support-info';

/** The site's support channels as buttons that open the right app, with the hours. */
export function ContactButtons() {
  const { t } = useTranslation();
  const { data } = useSupportInfo();
  if (!data || !hasUsableChannel(data.channels)) {
    return <Typography color="text.secondary">{t('content.support.none')}</Typography>;
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, justifyContent: 'center' }}>
        {data.channels.map((c, i) => {
          const link = channelLink(c);
          return (
            link && (
              <Button key={i} variant="outlined" {...link} startIcon={<SupportChannelIcon kind={c.kind} />}>
                {c.label}
              </Button>
            )
          );
        })}
      </Stack>
      {data.hours && (
        <Typography color="text.secondary">
          {t('content.support.hours')}: {data.hours}
        </Typography>
      )}
    </Stack>
  );
}
