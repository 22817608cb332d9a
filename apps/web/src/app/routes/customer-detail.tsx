import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TAdminUser } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ActivityGrid } from '@/components/activity-list';
import { PagedDataGrid } from '@/components/data-grid';
import { useOrderBaseColumns } from '@/components/order-columns';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { useTransactionColumns } from '@/components/transaction-columns';
import { paths } from '@/config/paths';
import { usePaging } from '@/hooks/use-paging';
import { formatBalance } from '@/lib/format';
import { useAdminKeys } from '@/features/admin-orders/api/list-admin-keys';
import { useAdminOrders, type TAdminOrder } from '@/features/admin-orders/api/list-admin-orders';
import { useAdminTopups } from '@/features/admin-topups/api/list-admin-topups';
import { useAdminTransactions, type TAdminTransaction } from '@/features/admin-topups/api/list-admin-transactions';
import { useAdminUserProxies } from '@/features/admin-orders/api/order-admin';
import { useAdminUser } from '@/features/customers/api/get-customer';
import { useAdminTopupColumns } from '@/features/admin-topups/components/admin-topup-columns';
import { BalanceDialog } from '@/features/customers/components/balance-dialog';
import { useAdminKeyColumns, useAdminProxyColumns } from '@/features/admin-orders/components/order-items';

const TABS = ['orders', 'proxies', 'keys', 'topups', 'ledger', 'activity'] as const;
type CustomerTab = (typeof TABS)[number];
/** What a site admin does not see of the owner or another admin (the server hides their balance too). */
const MONEY_TABS: readonly CustomerTab[] = ['topups', 'ledger', 'activity'];

function CustomerOrders({ userId }: { userId: string }) {
  const paging = usePaging();
  const orders = useAdminOrders({ page: paging.page, limit: paging.limit, search: '', userId });
  const [code, ...rest] = useOrderBaseColumns<TAdminOrder>();
  const columns: GridColDef<TAdminOrder>[] = [
    ...(code
      ? [
          {
            ...code,
            renderCell: ({ row }: { row: TAdminOrder }) => (
              <Link component={RouterLink} to={paths.admin.order.getHref(row.id)} sx={{ fontFamily: 'monospace' }}>
                {row.code}
              </Link>
            ),
          },
        ]
      : []),
    ...rest,
  ];
  return <PagedDataGrid testId="customer-orders-grid" list={orders} paging={paging} columns={columns} />;
}

function CustomerProxies({ userId }: { userId: string }) {
  const paging = usePaging();
  const proxies = useAdminUserProxies({ userId, page: paging.page, limit: paging.limit });
  return (
    <PagedDataGrid testId="customer-proxies-grid" list={proxies} paging={paging} columns={useAdminProxyColumns()} />
  );
}

function CustomerKeys({ userId }: { userId: string }) {
  const paging = usePaging();
  const keys = useAdminKeys({ page: paging.page, limit: paging.limit, search: '', userId });
  return <PagedDataGrid testId="customer-keys-grid" list={keys} paging={paging} columns={useAdminKeyColumns()} />;
}

function CustomerTopups({ userId }: { userId: string }) {
  const paging = usePaging();
  const topups = useAdminTopups({ page: paging.page, limit: paging.limit, search: '', userId });
  // The mark-paid and reject actions live on the top-ups page, with their checks and dialogs.
  const columns = useAdminTopupColumns(() => undefined).filter((c) => c.field !== 'actions' && c.field !== 'email');
  return <PagedDataGrid testId="customer-topups-grid" list={topups} paging={paging} columns={columns} />;
}

function CustomerLedger({ userId }: { userId: string }) {
  const paging = usePaging();
  const ledger = useAdminTransactions({ page: paging.page, limit: paging.limit, search: '', userId });
  const columns = useTransactionColumns<TAdminTransaction>();
  return <PagedDataGrid testId="customer-ledger-grid" list={ledger} paging={paging} columns={columns} />;
}

/** The account's balance (a dash where this admin may not see it), status and creation time. */
function CustomerSummary({ user: u }: { user: TAdminUser }) {
  const { t } = useTranslation();
  return (
    <Card sx={{ mb: 2.5 }}>
      <CardContent>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
          <div>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('admin.customerDetail.balance')}
            </Typography>
            <Typography variant="h6" component="div" data-testid="customer-detail-balance">
              {u.balance === null ? '—' : formatBalance(u.balance, t)}
            </Typography>
          </div>
          <div>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('common.status')}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={u.active ? 'success' : 'error'}
              label={u.active ? t('admin.customers.active') : t('admin.customers.banned')}
            />
          </div>
          <div>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('account.createdAt')}
            </Typography>
            <Typography variant="body2" component="div">
              {formatDateTime(u.createdAt)}
            </Typography>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /admin/customers/:id: one customer's account, balance actions, and their orders, proxies, keys, top-ups, ledger
 * and activity (their audit trail, as they see it on /account).
 */
export function CustomerDetailRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useAdminUser(id);
  const [tab, setTab] = useState<CustomerTab>('orders');
  const [balance, setBalance] = useState<'add' | 'refund' | null>(null);
  const u = user.data;
  if (!u) {
    return user.isError ? null : <PageSpinner />;
  }
  // A null balance: this admin may not see or move this account's money (an admin of the site).
  const money = u.balance !== null;
  const tabs = money ? TABS : TABS.filter((k) => !MONEY_TABS.includes(k));
  return (
    <>
      <PageHeader
        title={t('admin.customerDetail.title', { email: u.email })}
        actions={
          money && (
            <>
              <Button variant="contained" onClick={() => setBalance('add')} data-testid="customer-detail-add">
                {t('admin.customers.addTitle')}
              </Button>
              <Button variant="outlined" onClick={() => setBalance('refund')} data-testid="customer-detail-refund">
                {t('admin.customers.refundTitle')}
              </Button>
            </>
          )
        }
      />
      <CustomerSummary user={u} />
      <Tabs
        value={tab}
        onChange={(_e, v: CustomerTab) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {tabs.map((k) => (
          <Tab key={k} value={k} label={t(`admin.customerDetail.${k}`)} data-testid={`customer-tab-${k}`} />
        ))}
      </Tabs>
      {tab === 'orders' && <CustomerOrders userId={u.id} />}
      {tab === 'proxies' && <CustomerProxies userId={u.id} />}
      {tab === 'keys' && <CustomerKeys userId={u.id} />}
      {money && tab === 'topups' && <CustomerTopups userId={u.id} />}
      {money && tab === 'ledger' && <CustomerLedger userId={u.id} />}
      {money && tab === 'activity' && <ActivityGrid userId={u.id} testId="customer-activity-grid" />}
      {balance && <BalanceDialog kind={balance} user={u} onClose={() => setBalance(null)} />}
    </>
  );
}
