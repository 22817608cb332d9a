import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CmsHtml } from '@/components/cms-html';
import { paths } from '@/config/paths';
import { useTutorial } from '../api/content-queries';
import { PageContainer } from '../components/page-container';

/** One tutorial (sanitised HTML from the server, images included). */
export function TutorialArticleRoute() {
  const { t, i18n } = useTranslation();
  const { slug = '' } = useParams();
  const { data, isLoading, isError } = useTutorial(slug, i18n.language);
  return (
    <PageContainer>
      <Button component={Link} to={paths.app.tutorial.getHref()} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('content.tutorial.back')}
      </Button>
      {isLoading && <LinearProgress />}
      {isError && <Typography color="text.secondary">{t('content.tutorial.notFound')}</Typography>}
      {data && (
        <Paper variant="outlined" component="article" sx={{ p: { xs: 2, md: 4 } }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2, fontSize: { xs: 24, md: 32 } }}>
            {data.title}
          </Typography>
          <CmsHtml html={data.html} data-testid="tutorial-html" />
        </Paper>
      )}
    </PageContainer>
  );
}
