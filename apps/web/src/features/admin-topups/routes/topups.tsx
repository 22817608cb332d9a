import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import {
  PAYMENT_METHODS,
  TOPUP_STATUSES,
  type PaymentMethod,
  type TAdminTopup,
  type TopupStatus,
} from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '@/components/choice-filter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PagedDataGrid } from '@/components/data-grid';
import { PageHeader } from '@/components/page-header';
import { FilterBar, filterWidth } from '@/components/filter-bar';
import { topupStatusLabel } from '@/components/status-chip';
import { useSearchPaging } from '@/hooks/use-paging';
import { notifySuccess } from '@/lib/notify';
import { useBill } from '@/lib/payments/get-bill';
import { useAdminTopups } from '../api/list-admin-topups';
import { useRejectTopup } from '../api/reject-topup';
import { useAdminTopupColumns, type TopupAction } from '../components/admin-topup-columns';
import { BankSimulateDialog } from '../components/bank-simulate-dialog';
import { MarkPaidDialog } from '../components/mark-paid-dialog';

interface TopupFilterState {
  status: TopupStatus | '';
  method: PaymentMethod | '';
  heldOnly: boolean;
}

/** The search, status, method and held-only filters; a change goes back to the first page. */
function TopupFilters({
  filters,
  onChange,
  searchText,
  setSearchText,
}: {
  filters: TopupFilterState;
  onChange: (patch: Partial<TopupFilterState>) => void;
  searchText: string;
  setSearchText: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FilterBar
      search={{
        placeholder: t('admin.topups.searchHint'),
        value: searchText,
        onChange: setSearchText,
        testId: 'topups-search',
      }}
    >
      <ChoiceFilter
        size="small"
        label={t('common.status')}
        value={filters.status}
        choices={TOPUP_STATUSES.map((s) => ({ value: s, label: t(`common.topupStatus.${topupStatusLabel(s)}`) }))}
        onChange={(status) => onChange({ status })}
        testId="topups-status"
        sx={filterWidth(170)}
      />
      <ChoiceFilter
        size="small"
        label={t('topup.history.method')}
        value={filters.method}
        choices={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`common.paymentMethod.${m}`) }))}
        onChange={(method) => onChange({ method })}
        testId="topups-method"
        sx={filterWidth(210)}
      />
      <FormControlLabel
        control={
          <Switch
            checked={filters.heldOnly}
            onChange={(event) => onChange({ heldOnly: event.target.checked })}
            data-testid="topups-held"
          />
        }
        label={t('admin.topups.heldOnly')}
        sx={{ whiteSpace: 'nowrap', mr: 0 }}
      />
    </FilterBar>
  );
}

function RejectTopupDialog({ topup, onClose }: { topup: TAdminTopup; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectTopup();
  return (
    <ConfirmDialog
      open
      danger
      title={t('admin.topups.reject')}
      confirmLabel={t('admin.topups.reject')}
      onConfirm={() =>
        reject.mutate(topup.id, {
          onSuccess: () => {
            notifySuccess(t('admin.topups.rejected'));
            onClose();
          },
        })
      }
      onClose={onClose}
      loading={reject.isPending}
      testId="reject-topup-dialog"
    >
      <DialogContentText>{t('admin.topups.rejectMessage', { content: topup.content })}</DialogContentText>
    </ConfirmDialog>
  );
}

/** /admin/topups: the site's top-ups; held and unmatched payments wait here for an admin. */
export function AdminTopupsRoute() {
  const { t } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const [filters, setFilters] = useState<TopupFilterState>({ status: '', method: '', heldOnly: false });
  const topups = useAdminTopups({
    page: paging.page,
    limit: paging.limit,
    search,
    status: filters.status || undefined,
    method: filters.method || undefined,
    held: filters.heldOnly ? '1' : undefined,
  });
  const bill = useBill();
  const [pending, setPending] = useState<{ action: TopupAction; topup: TAdminTopup } | null>(null);
  const [simulating, setSimulating] = useState(false);
  const columns = useAdminTopupColumns((action, topup) => setPending({ action, topup }));
  const close = () => setPending(null);
  const changeFilters = (patch: Partial<TopupFilterState>) => {
    setFilters((f) => ({ ...f, ...patch }));
    paging.reset();
  };

  return (
    <>
      <PageHeader
        title={t('admin.topups.title')}
        actions={
          bill.data?.simulator && (
            <Button
              variant="outlined"
              startIcon={<ScienceOutlined />}
              onClick={() => setSimulating(true)}
              data-testid="topups-simulate"
            >
              {t('admin.topups.simulate')}
            </Button>
          )
        }
      />
      <TopupFilters filters={filters} onChange={changeFilters} searchText={searchText} setSearchText={setSearchText} />
      <PagedDataGrid
        testId="admin-topups-grid"
        list={topups}
        paging={paging}
        columns={columns}
        getRowHeight={() => 'auto'}
        sx={{ '& .MuiDataGrid-cell': { py: 1 } }}
      />
      {pending?.action === 'pay' && <MarkPaidDialog topup={pending.topup} onClose={close} />}
      {pending?.action === 'reject' && <RejectTopupDialog topup={pending.topup} onClose={close} />}
      {simulating && <BankSimulateDialog onClose={() => setSimulating(false)} />}
    </>
  );
}
