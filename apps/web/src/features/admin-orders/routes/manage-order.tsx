import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import type { OrderType } from '@/components/order-filters';
import { AdminKeys } from '../components/admin-keys';
import { AdminOrders } from '../components/admin-orders';

const PROXY_TYPES: OrderType[] = ['v6', 'v4', 'package'];
const KEY_TYPES: OrderType[] = ['key'];

export function V6ManageOrderRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.orders.title', { product: t('common.product.v6') })} />
      <AdminOrders defaultType="v6" types={PROXY_TYPES} />
    </>
  );
}

export function V4ManageOrderRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.orders.title', { product: t('common.product.v4') })} />
      <AdminOrders defaultType="v4" types={PROXY_TYPES} />
    </>
  );
}

/** /admin/rotating/manage-order-key */
export function KeyManageOrderRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.orders.title', { product: t('common.product.key') })} />
      <AdminOrders defaultType="key" types={KEY_TYPES} />
    </>
  );
}

/** /admin/rotating/manage-key: the site's rotating keys themselves (the key orders are manage-order-key). */
export function ManageKeyRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.keys.title')} />
      <AdminKeys />
    </>
  );
}
