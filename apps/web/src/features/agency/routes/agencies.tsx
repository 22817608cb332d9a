import { useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import { AGENCY_STATUSES, type AgencyStatus, type TAgency } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '@/components/choice-filter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PagedDataGrid } from '@/components/data-grid';
import { PageHeader } from '@/components/page-header';
import { FilterBar, filterWidth } from '@/components/filter-bar';
import { useSearchPaging } from '@/hooks/use-paging';
import { notifySuccess } from '@/lib/notify';
import { useSiteInfo } from '@/lib/site-info';
import { useAdminAgencies, useDeleteAgency, useToggleAgency } from '../api/agency-admin';
import { useAgencyColumns, type AgencyAction } from '../components/agency-columns';
import { AgencyEditDialog } from '../components/agency-edit-dialog';

/** Approve or disable an agency, or delete it, once the admin confirms. */
function AgencyActionDialog({
  action,
  agency,
  onClose,
}: {
  action: Exclude<AgencyAction, 'edit'>;
  agency: TAgency;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toggle = useToggleAgency();
  const remove = useDeleteAgency();
  const done = (message: string) => ({
    onSuccess: () => {
      notifySuccess(message);
      onClose();
    },
  });
  if (action === 'delete') {
    return (
      <ConfirmDialog
        open
        danger
        title={t('agency.admin.deleteTitle')}
        loading={remove.isPending}
        testId="agency-delete-dialog"
        onClose={onClose}
        onConfirm={() => remove.mutate(agency.id, done(t('agency.admin.deleted')))}
      >
        <DialogContentText>{t('agency.admin.deleteMessage', { code: agency.code })}</DialogContentText>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      open
      danger={action === 'disable'}
      title={t('agency.admin.toggleTitle')}
      loading={toggle.isPending}
      testId="agency-toggle-dialog"
      onClose={onClose}
      onConfirm={() =>
        toggle.mutate({ agencyId: agency.id, isActive: action === 'approve' }, done(t('agency.admin.saved')))
      }
    >
      <DialogContentText>
        {t(action === 'approve' ? 'agency.admin.approveMessage' : 'agency.admin.disableMessage', {
          code: agency.code,
        })}
      </DialogContentText>
    </ConfirmDialog>
  );
}

/** /admin/agency: the site's agencies; approve, disable, edit (commission) or delete. */
export function AdminAgenciesRoute() {
  const { t } = useTranslation();
  const { showAgencyApi } = useSiteInfo();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const [status, setStatus] = useState<AgencyStatus | ''>('');
  const list = useAdminAgencies(
    { page: paging.page, limit: paging.limit, search, status: status || undefined },
    showAgencyApi,
  );
  const [pending, setPending] = useState<{ action: AgencyAction; agency: TAgency } | null>(null);
  const columns = useAgencyColumns((action, agency) => setPending({ action, agency }));
  const close = () => setPending(null);

  return (
    <>
      <PageHeader title={t('agency.admin.title')} />
      {!showAgencyApi ? (
        <Alert severity="info">{t('agency.admin.off')}</Alert>
      ) : (
        <>
          <FilterBar
            search={{
              placeholder: t('agency.admin.search'),
              value: searchText,
              onChange: setSearchText,
              testId: 'agencies-search',
            }}
          >
            <ChoiceFilter
              size="small"
              label={t('common.status')}
              value={status}
              choices={AGENCY_STATUSES.map((s) => ({ value: s, label: t(`agency.status.${s}`) }))}
              onChange={(next) => {
                setStatus(next);
                paging.reset();
              }}
              testId="agencies-status"
              sx={filterWidth(190)}
            />
          </FilterBar>
          <PagedDataGrid testId="agencies-grid" list={list} paging={paging} columns={columns} />
        </>
      )}
      {pending?.action === 'edit' && <AgencyEditDialog agency={pending.agency} onClose={close} />}
      {pending && pending.action !== 'edit' && (
        <AgencyActionDialog action={pending.action} agency={pending.agency} onClose={close} />
      )}
    </>
  );
}
