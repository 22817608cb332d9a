import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import type { TAdminUser } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PagedDataGrid } from '@/components/data-grid';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
import { useSearchPaging } from '@/hooks/use-paging';
import { notifySuccess } from '@/lib/notify';
import { useUsers } from '../api/list-users';
import { useSetUserActive } from '../api/set-user-active';
import { BalanceDialog } from '../components/balance-dialog';
import { useCustomerColumns, type CustomerAction } from '../components/customer-columns';

/** /admin/customers: the site's customers, their balance and their ban. */
export function CustomersRoute() {
  const { t } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const users = useUsers({ page: paging.page, limit: paging.limit, search });
  const setActive = useSetUserActive();
  const [pending, setPending] = useState<{ action: CustomerAction; user: TAdminUser } | null>(null);
  const columns = useCustomerColumns((action, user) => setPending({ action, user }));
  const close = () => setPending(null);

  return (
    <>
      <PageHeader title={t('admin.customers.title')} />
      <SearchField
        placeholder={t('common.email')}
        value={searchText}
        onChange={setSearchText}
        testId="customers-search"
        sx={{ mb: 2, maxWidth: { sm: 420 } }}
      />
      <PagedDataGrid testId="customers-grid" list={users} paging={paging} columns={columns} />
      {(pending?.action === 'add' || pending?.action === 'refund') && (
        <BalanceDialog kind={pending.action} user={pending.user} onClose={close} />
      )}
      {(pending?.action === 'ban' || pending?.action === 'unban') && (
        <ConfirmDialog
          open
          danger={pending.action === 'ban'}
          title={t(pending.action === 'ban' ? 'admin.customers.ban' : 'admin.customers.unban')}
          onConfirm={() =>
            setActive.mutate(
              { userId: pending.user.id, active: pending.action === 'unban' },
              {
                onSuccess: () => {
                  notifySuccess(t('common.updated'));
                  close();
                },
              },
            )
          }
          onClose={close}
          loading={setActive.isPending}
          testId="ban-dialog"
        >
          <DialogContentText>
            {t(pending.action === 'ban' ? 'admin.customers.banMessage' : 'admin.customers.unbanMessage', {
              email: pending.user.email,
            })}
          </DialogContentText>
        </ConfirmDialog>
      )}
    </>
  );
}
