import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import {
  PAYMENT_METHODS,
  TOPUP_STATUSES,
  type PaymentMethod,
  type TAdminTopup,
  type TopupStatus,
} from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PagedDataGrid } from '@/components/data-grid';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
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
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' } }}>
      <SearchField
        size="small"
        placeholder={t('admin.topups.searchHint')}
        value={searchText}
        onChange={setSearchText}
        testId="topups-search"
        sx={{ flexGrow: 1, maxWidth: { md: 340 } }}
      />
      <TextField
        select
        size="small"
        label={t('common.status')}
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as TopupStatus | '' })}
        sx={{ width: { xs: '100%', md: 170 }, flexShrink: 0 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('common.all')}</MenuItem>
        {TOPUP_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`common.topupStatus.${topupStatusLabel(s)}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('topup.history.method')}
        value={filters.method}
        onChange={(event) => onChange({ method: event.target.value as PaymentMethod | '' })}
        sx={{ width: { xs: '100%', md: 210 }, flexShrink: 0 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('common.all')}</MenuItem>
        {PAYMENT_METHODS.map((m) => (
          <MenuItem key={m} value={m}>
            {t(`common.paymentMethod.${m}`)}
          </MenuItem>
        ))}
      </TextField>
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
    </Stack>
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
