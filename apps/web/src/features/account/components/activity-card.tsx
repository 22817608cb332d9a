import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ActivityGrid } from '@/components/activity-list';

/** docs/screens.md#account: "Activity", the customer's audit trail (docs/guide.md#activity-audit-trail). */
export function ActivityCard() {
  const { t } = useTranslation();
  return (
    <Card data-testid="activity-card">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('audit.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('audit.description')}
        </Typography>
        <ActivityGrid />
      </CardContent>
    </Card>
  );
}
