import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { useTranslation } from 'react-i18next';

/** /admin: the admin overview; its statistics come with the admin issues. */
export function AdminOverviewRoute() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('admin.overview.title')}
      </Typography>
      <Card>
        <CardContent sx={{ textAlign: 'center', py: 6 }}>
          <InsightsOutlined color="primary" sx={{ fontSize: 56, mb: 1 }} />
          <Typography color="text.secondary">{t('admin.overview.description')}</Typography>
        </CardContent>
      </Card>
    </>
  );
}
