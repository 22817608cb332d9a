import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import SendOutlined from '@mui/icons-material/SendOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TAgencyMember } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { SearchField } from '@/components/search-field';
import { useSearchPaging } from '@/hooks/use-paging';
import { formatBalance } from '@/lib/format';
import { useAgencyMembers } from '../api/list-members';
import { TransferDialog } from './transfer-dialog';

/** The agency's members (server-paged, searchable), each with a "send coins" action while active. */
export function MembersCard({ canTransfer }: { canTransfer: boolean }) {
  const { t } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const members = useAgencyMembers({ page: paging.page, limit: paging.limit, search }, true);
  const [sendTo, setSendTo] = useState<string | null>(null);
  const columns: GridColDef<TAgencyMember>[] = [
    { field: 'email', headerName: t('agency.members.email'), minWidth: 220, flex: 1 },
    {
      field: 'deposit',
      headerName: t('agency.members.deposit'),
      minWidth: 210,
      valueGetter: (_v, row) => formatBalance(row.deposit, t),
    },
    {
      field: 'joinedAt',
      headerName: t('agency.members.joinedAt'),
      minWidth: 160,
      valueGetter: (_v, row) => formatDateTime(row.joinedAt),
    },
    {
      field: 'actions',
      headerName: t('common.actions'),
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          startIcon={<SendOutlined />}
          disabled={!canTransfer}
          onClick={() => setSendTo(row.email)}
          data-testid="agency-member-transfer"
        >
          {t('agency.members.transfer')}
        </Button>
      ),
    },
  ];
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t('agency.members.title')}
        </Typography>
        <SearchField
          size="small"
          placeholder={t('agency.members.search')}
          value={searchText}
          onChange={setSearchText}
          testId="agency-members-search"
          sx={{ mb: 2, maxWidth: { sm: 360 } }}
        />
        <PagedDataGrid
          testId="agency-members-grid"
          list={members}
          paging={paging}
          columns={columns}
          getRowId={(row) => row.userId}
        />
      </CardContent>
      {sendTo && <TransferDialog email={sendTo} onClose={() => setSendTo(null)} />}
    </Card>
  );
}
