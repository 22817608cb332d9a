import Alert from '@mui/material/Alert';
import { formatDateTime, type TMaintenance } from '@proxy/contract';
import { useTranslation } from 'react-i18next';

/**
 * The maintenance notice itself (components/maintenance-banner.tsx): a chunk of its own, loaded only
 * while a site has one, so the login page's first download does not hold MUI's Alert.
 */
export function MaintenanceNotice({ notice }: { notice: TMaintenance }) {
  const { t, i18n } = useTranslation();
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
