import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useSiteInfo } from '@/lib/site-info';
import { useUpdateSiteProducts } from '../api/update-site-products';

const FLAGS = { v6: 'isOpenV6', v4: 'isOpenV4', key: 'isOpenKey' } as const satisfies Record<Product, string>;

/** docs/product-rules.md#sites: the site's flags isOpenV6/V4/Key, which choose the product categories it sells. */
export function SiteProductsForm() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const update = useUpdateSiteProducts();
  return (
    <>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
        {t('admin.config.productsHelp')}
      </Typography>
      <FormGroup row>
        {(Object.keys(FLAGS) as Product[]).map((product) => (
          <FormControlLabel
            key={product}
            label={t(`common.product.${product}`)}
            control={
              <Switch
                checked={site[FLAGS[product]]}
                disabled={update.isPending}
                onChange={(_, checked) =>
                  update.mutate({ [FLAGS[product]]: checked }, { onSuccess: () => notifySuccess(t('common.updated')) })
                }
                data-testid={`site-product-${product}`}
              />
            }
          />
        ))}
      </FormGroup>
    </>
  );
}
