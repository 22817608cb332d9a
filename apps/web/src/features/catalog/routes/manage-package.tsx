import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PackagesTable } from '../components/packages-table';

/** /admin/{v6,v4}/manage-package */
function ManagePackage({ product }: { product: 'v6' | 'v4' }) {
  const { t } = useTranslation();
  const title = t('admin.packages.title', { product: t(`common.product.${product}`) });
  return (
    <>
      <PageHeader title={title} />
      <PackagesTable product={product} title={t('admin.packages.list')} />
    </>
  );
}

export function V6ManagePackageRoute() {
  return <ManagePackage product="v6" />;
}

export function V4ManagePackageRoute() {
  return <ManagePackage product="v4" />;
}
