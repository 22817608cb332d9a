import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import type { Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';

const ICONS: Record<Product, SvgIconComponent> = {
  v6: LanguageOutlined,
  v4: RouterOutlined,
  key: SyncOutlined,
};

/** docs/screens.md#dashboard: the product categories this site sells (isOpenV6/V4/Key). */
export function ProductCards({ products, onBuy }: { products: Product[]; onBuy: (product: Product) => void }) {
  const { t } = useTranslation();
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
                <CardContent sx={{ flexGrow: 1, pb: { xs: 1, sm: 2 } }}>
                  <Stack
                    direction={{ xs: 'row', sm: 'column' }}
                    spacing={{ xs: 1.5, sm: 1 }}
                    sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
                  >
                    <Icon color="primary" sx={{ fontSize: { xs: 28, sm: 36 } }} />
                    <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
                      {t(`dashboard.products.${product}.title`)}
                    </Typography>
                  </Stack>
                  {/* Phones keep the cards short: the purchase form below says the rest. */}
                  <Typography color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' }, mt: 1 }}>
                    {t(`dashboard.products.${product}.description`)}
                  </Typography>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2 }}>
                  <Button variant="outlined" fullWidth onClick={() => onBuy(product)}>
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
