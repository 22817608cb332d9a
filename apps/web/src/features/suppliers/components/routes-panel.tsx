import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { SupplyProduct, TSupplierRoute } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { notifyError } from '@/lib/notify';
import { useSupplierRoutes, useSuppliers } from '../api/suppliers';
import { RouteEditor } from './route-editor';

/** Starts a new route for a product and country that has none yet. */
function NewRouteForm({
  routes,
  disabled,
  onStart,
}: {
  routes: readonly TSupplierRoute[];
  disabled: boolean;
  onStart: (draft: TSupplierRoute) => void;
}) {
  const { t } = useTranslation();
  const [product, setProduct] = useState<SupplyProduct>('v4');
  const [country, setCountry] = useState('');
  const start = () => {
    const code = country.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) {
      notifyError(t('suppliers.problems.country'));
      return;
    }
    if (routes.some((r) => r.product === product && r.country === code)) {
      notifyError(t('suppliers.routes.exists'));
      return;
    }
    onStart({ product, country: code, sources: [] });
    setCountry('');
  };

  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
    >
      <TextField
        select
        size="small"
        label={t('suppliers.routes.product')}
        value={product}
        onChange={(e) => setProduct(e.target.value as SupplyProduct)}
        sx={{ minWidth: 160, maxWidth: { sm: 240 } }}
        slotProps={{ htmlInput: { 'data-testid': 'route-new-product' } }}
      >
        <MenuItem value="v4">{t('common.product.v4')}</MenuItem>
        <MenuItem value="v6">{t('common.product.v6')}</MenuItem>
      </TextField>
      <TextField
        size="small"
        label={t('suppliers.routes.country')}
        helperText={t('suppliers.routes.countryHelp')}
        value={country}
        onChange={(e) => setCountry(e.target.value.toUpperCase())}
        sx={{ minWidth: 160, maxWidth: { sm: 240 } }}
        slotProps={{ htmlInput: { maxLength: 2, 'data-testid': 'route-new-country' } }}
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<AddOutlined />}
        disabled={disabled}
        data-testid="route-new"
        sx={{ flexShrink: 0 }}
      >
        {t('suppliers.routes.add')}
      </Button>
    </Stack>
  );
}

/** Routes per product and country: each an ordered list of sources, plus a form for a new one. */
export function RoutesPanel() {
  const { t } = useTranslation();
  const routes = useSupplierRoutes();
  const suppliers = useSuppliers();
  const [draft, setDraft] = useState<TSupplierRoute | null>(null);

  if (!routes.data || !suppliers.data) {
    return <PageSpinner />;
  }
  const list = routes.data;

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('suppliers.routes.intro')}
      </Typography>
      <NewRouteForm routes={list} disabled={draft !== null} onStart={setDraft} />
      {draft && (
        <RouteEditor
          key={`new-${draft.product}-${draft.country}`}
          route={draft}
          suppliers={suppliers.data}
          isNew
          onDropped={() => setDraft(null)}
        />
      )}
      {list.length === 0 && !draft && <Alert severity="info">{t('suppliers.routes.empty')}</Alert>}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}
      >
        {list.map((route) => (
          // Keyed by the saved order too: a save or a refetch starts the editor from the server's order.
          <RouteEditor
            key={`${route.product}-${route.country}-${route.sources.join(',')}`}
            route={route}
            suppliers={suppliers.data}
          />
        ))}
      </Box>
    </Stack>
  );
}
