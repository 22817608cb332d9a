import Alert from '@mui/material/Alert';
import { formatDateTime } from '@proxy/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { siteInfoQueryOptions } from '@/lib/site-info';

/**
 * docs/screens.md#maintenance: the site's maintenance notice, for everyone, above every layout.
 * The site info is read again every minute so a notice turned on or off shows without a reload.
 */
export function MaintenanceBanner() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery({ ...siteInfoQueryOptions, refetchInterval: 60_000 });
  const notice = data?.maintenance;
  if (!notice) {
    return null;
  }
  const message = (i18n.language === 'en' ? notice.messageEng : notice.message) || t('content.maintenance.default');
  const text = (
    <>
      <strong>{t('content.maintenance.title')}</strong> {message}
      {notice.until && ` ${t('content.maintenance.until', { time: formatDateTime(notice.until) })}`}
    </>
  );
  // Fixed to the bottom of the screen, clear of every layout's top bar; a hidden copy at the end
  // of the page keeps the page's last lines from sitting under it.
  return (
    <>
      <Alert
        severity="warning"
        square
        data-testid="maintenance-banner"
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (theme) => theme.zIndex.snackbar - 1,
          justifyContent: 'center',
          boxShadow: 3,
        }}
      >
        {text}
      </Alert>
      <Alert severity="warning" square aria-hidden sx={{ visibility: 'hidden' }}>
        {text}
      </Alert>
    </>
  );
}
