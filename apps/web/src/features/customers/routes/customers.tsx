import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ROLE, type TAdminUser } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PagedDataGrid } from '@/components/data-grid';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
import { useSearchPaging } from '@/hooks/use-paging';
import { useMe } from '@/lib/auth';
import { notifySuccess } from '@/lib/notify';
import { useAdmins, useUsers } from '@/lib/admin-users';
import { useSetUserActive } from '../api/set-user-active';
import { useSetUserRole } from '../api/set-user-role';
import { useAdminColumns } from '../components/admin-columns';
import { BalanceDialog } from '../components/balance-dialog';
import { useCustomerColumns, type CustomerAction } from '../components/customer-columns';

type RoleChange = { user: TAdminUser; role: typeof ROLE.CUSTOMER | typeof ROLE.SITE_ADMIN };

/** Confirms making a customer a site admin of this site, or taking it back (the owner's call). */
function RoleDialog({ change, onClose }: { change: RoleChange; onClose: () => void }) {
  const { t } = useTranslation();
  const setRole = useSetUserRole();
  const promote = change.role === ROLE.SITE_ADMIN;
  return (
    <ConfirmDialog
      open
      danger={!promote}
      title={t(promote ? 'admin.customers.promote' : 'admin.customers.revoke')}
      confirmLabel={t(promote ? 'admin.customers.promoteConfirm' : 'admin.customers.revokeConfirm')}
      onConfirm={() =>
        setRole.mutate(
          { id: change.user.id, role: change.role },
          {
            onSuccess: () => {
              notifySuccess(t(promote ? 'admin.customers.promoted' : 'admin.customers.revoked'));
              onClose();
            },
          },
        )
      }
      onClose={onClose}
      loading={setRole.isPending}
      testId="role-dialog"
    >
      <DialogContentText>
        {t(promote ? 'admin.customers.promoteMessage' : 'admin.customers.revokeMessage', { email: change.user.email })}
      </DialogContentText>
    </ConfirmDialog>
  );
}

/** The owner's tab: the site's owners and site admins, with "revoke" on a site admin. */
function AdminsTab() {
  const { t } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const admins = useAdmins({ page: paging.page, limit: paging.limit, search });
  const [change, setChange] = useState<RoleChange | null>(null);
  const columns = useAdminColumns((user) => setChange({ user, role: ROLE.CUSTOMER }));
  return (
    <>
      <SearchField
        placeholder={t('common.email')}
        value={searchText}
        onChange={setSearchText}
        testId="admins-search"
        sx={{ mb: 2, maxWidth: { sm: 420 } }}
      />
      <PagedDataGrid testId="admins-grid" list={admins} paging={paging} columns={columns} />
      {change && <RoleDialog change={change} onClose={() => setChange(null)} />}
    </>
  );
}

/** The site's customers: balance, ban and, for the owner, "make site admin". */
function CustomersTab({ canPromote }: { canPromote: boolean }) {
  const { t } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const users = useUsers({ page: paging.page, limit: paging.limit, search });
  const setActive = useSetUserActive();
  const [pending, setPending] = useState<{ action: CustomerAction; user: TAdminUser } | null>(null);
  const columns = useCustomerColumns((action, user) => setPending({ action, user }), canPromote);
  const close = () => setPending(null);

  return (
    <>
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
      {pending?.action === 'promote' && (
        <RoleDialog change={{ user: pending.user, role: ROLE.SITE_ADMIN }} onClose={close} />
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

/**
 * /admin/customers: the site's customers, their balance and their ban. The owner also sees the
 * site's admins and makes a customer a site admin or revokes it (docs/product-rules.md#roles).
 */
export function CustomersRoute() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const isOwner = me?.role === ROLE.OWNER;
  const [tab, setTab] = useState<'customers' | 'admins'>('customers');
  return (
    <>
      <PageHeader title={t('admin.customers.title')} />
      {isOwner && (
        <Tabs value={tab} onChange={(_e, v: 'customers' | 'admins') => setTab(v)} sx={{ mb: 2 }}>
          <Tab value="customers" label={t('admin.customers.tabCustomers')} data-testid="customers-tab-customers" />
          <Tab value="admins" label={t('admin.customers.tabAdmins')} data-testid="customers-tab-admins" />
        </Tabs>
      )}
      {isOwner && tab === 'admins' ? <AdminsTab /> : <CustomersTab canPromote={isOwner} />}
    </>
  );
}
