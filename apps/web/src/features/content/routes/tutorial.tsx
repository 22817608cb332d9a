import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useTutorials } from '../api/content-queries';
import { PageContainer } from '../components/page-container';

/** docs/screens.md#tools-tutorials-support: the site's articles in the reader's language. */
export function TutorialListRoute() {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useTutorials(i18n.language);
  return (
    <PageContainer>
      <PageHeader title={t('content.tutorial.title')} />
      {isLoading && <LinearProgress />}
      {data?.length === 0 && <Typography color="text.secondary">{t('content.tutorial.empty')}</Typography>}
      <Grid container spacing={2} data-testid="tutorial-list">
        {data?.map((a) => (
          <Grid key={a.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={Link} to={paths.app.tutorial.article.getHref(a.slug)} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1, fontSize: 17 }}>
                    {a.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {a.summary}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </PageContainer>
  );
}
