import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { paths } from '@/config/paths';
import { nav } from '@/locales/vi/nav';

type NavLabel = `nav.${keyof typeof nav}`;

function isNavLabel(value: unknown): value is NavLabel {
  return typeof value === 'string' && value.startsWith('nav.') && value.slice(4) in nav;
}

/** The route's `handle.title` names the page. */
export interface ComingSoonHandle {
  title: NavLabel;
}

function usePageTitle(): NavLabel | null {
  const handle = useMatches().at(-1)?.handle;
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) {
    return null;
  }
  return isNavLabel(handle.title) ? handle.title : null;
}

/** A page that a later issue fills: a tidy "coming soon" card under the page's title. */
export function ComingSoonRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  return (
    <>
      {title && (
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
          {t(title)}
        </Typography>
      )}
      <Card sx={{ textAlign: 'center' }}>
        <CardContent sx={{ py: 6, px: 3 }}>
          <ConstructionOutlined color="primary" sx={{ fontSize: 56, mb: 1 }} />
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {t('common.comingSoon.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('common.comingSoon.description')}
          </Typography>
          <Button component={Link} to={paths.app.dashboard.getHref()} variant="outlined">
            {t('common.comingSoon.back')}
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
