import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TOrder, TPackage, TPackageStatus } from '@proxy/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { usePackages } from '@/lib/catalog/get-packages';
import { orderPackageName } from '@/lib/catalog/package-name';
import { usePackageStatus } from '../api/get-summary';
import { PackageBuyDialog } from './package-buy-dialog';
import { PackageCard } from './package-card';
import { PackageSuccessDialog } from './package-success-dialog';

interface Chosen {
  product: 'v6' | 'v4';
  pkg: TPackage;
}

/**
 * docs/money.md#packages: what the user may buy. A trial once and not over a paid package; a paid
 * package not over another one, but over the trial, which it ends.
 */
function eligibility(pkg: TPackage, status: TPackageStatus | undefined, t: TFunction, language: string) {
  const plan = status?.plan;
  if (plan && !plan.isTrial) {
    return {
      blocked: t('dashboard.purchase.packages.heldPaid', { name: orderPackageName(plan, language), code: plan.code }),
    };
  }
  if (pkg.isTrial && status?.usedTrial) {
    return { blocked: t('dashboard.purchase.packages.usedTrial') };
  }
  if (!pkg.isTrial && plan?.isTrial) {
    return { note: t('dashboard.purchase.packages.endsTrial') };
  }
  return {};
}

function ProductPackages({ product, onBuy }: { product: 'v6' | 'v4'; onBuy: (chosen: Chosen) => void }) {
  const { t, i18n } = useTranslation();
  const status = usePackageStatus();
  const packages = usePackages(product);
  if (!packages.data) {
    return packages.isError ? null : <PageSpinner />;
  }
  if (packages.data.length === 0) {
    return null;
  }
  return (
    <section>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t(`common.product.${product}`)}
      </Typography>
      <Grid container spacing={2}>
        {packages.data.map((pkg) => (
          <Grid key={pkg.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <PackageCard
              product={product}
              pkg={pkg}
              onBuy={() => onBuy({ product, pkg })}
              {...eligibility(pkg, status.data, t, i18n.language)}
            />
          </Grid>
        ))}
      </Grid>
    </section>
  );
}

/** docs/screens.md#dashboard: package purchase, with confirmation and success dialogs. */
export function PackagesPanel({ products }: { products: ('v6' | 'v4')[] }) {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [bought, setBought] = useState<{ order: TOrder; count: number } | null>(null);
  const status = usePackageStatus();
  return (
    <Stack spacing={3}>
      <Alert severity="info">{t('dashboard.purchase.packages.onePerUser')}</Alert>
      {products.map((product) => (
        <ProductPackages key={product} product={product} onBuy={setChosen} />
      ))}
      {chosen && (
        <PackageBuyDialog
          product={chosen.product}
          pkg={chosen.pkg}
          note={eligibility(chosen.pkg, status.data, t, i18n.language).note}
          onClose={() => setChosen(null)}
          onBought={(order, count) => {
            setChosen(null);
            setBought({ order, count });
          }}
        />
      )}
      {bought && <PackageSuccessDialog order={bought.order} count={bought.count} onClose={() => setBought(null)} />}
    </Stack>
  );
}
