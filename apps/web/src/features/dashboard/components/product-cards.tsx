import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSiteInfo } from '@/lib/site-info';

type Product = 'v6' | 'v4' | 'key';

const ICONS: Record<Product, SvgIconComponent> = {
  v6: LanguageOutlined,
  v4: RouterOutlined,
  key: SyncOutlined,
};

/** seed-spec §2 "Dashboard": the product categories this site sells (isOpenV6/V4/Key). */
export function ProductCards() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const products = (['v6', 'v4', 'key'] as const).filter(
    (product) => ({ v6: site.isOpenV6, v4: site.isOpenV4, key: site.isOpenKey })[product],
  );
  if (products.length === 0) {
    return null;
  }

  return (
    <section>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('dashboard.products.title')}
      </Typography>
      <Grid container spacing={2}>
        {products.map((product) => {
          const Icon = ICONS[product];
          return (
            <Grid key={product} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card
                data-testid={`product-${product}`}
                sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
              >
                <CardContent sx={{ flexGrow: 1 }}>
                  <Icon color="primary" sx={{ fontSize: 36, mb: 1 }} />
                  <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
                    {t(`dashboard.products.${product}.title`)}
                  </Typography>
                  <Typography color="text.secondary">{t(`dashboard.products.${product}.description`)}</Typography>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2 }}>
                  <Button component={Link} to={paths.app.order.getHref()} variant="outlined" fullWidth>
                    {t('dashboard.products.buy')}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </section>
  );
}
