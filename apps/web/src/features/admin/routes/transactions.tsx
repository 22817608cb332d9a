import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '@/components/data-grid';
import { PageHeader } from '@/components/page-header';
import { useTransactionColumns } from '@/components/transaction-columns';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePaging } from '@/hooks/use-paging';
import { useAdminTransactions, type TAdminTransaction } from '../api/list-admin-transactions';

/** /admin/transactions: every balance change of the site's users, newest first. */
export function AdminTransactionsRoute() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const transactions = useAdminTransactions({ page: paging.page, limit: paging.limit, search });
  const columns = useTransactionColumns<TAdminTransaction>({ withEmail: true });

  return (
    <>
      <PageHeader title={t('admin.transactions.title')} />
      <TextField
        label={t('common.search')}
        placeholder={t('admin.transactions.searchHint')}
        value={searchText}
        onChange={(event) => {
          setSearchText(event.target.value);
          paging.reset();
        }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'data-testid': 'admin-transactions-search' },
        }}
        sx={{ mb: 2, maxWidth: { sm: 420 } }}
        fullWidth
      />
      <AppDataGrid
        testId="admin-transactions-grid"
        rows={transactions.data?.items ?? []}
        columns={columns}
        rowCount={transactions.data?.total ?? 0}
        loading={transactions.isFetching}
        paginationMode="server"
        paginationModel={paging.model}
        onPaginationModelChange={paging.setModel}
      />
    </>
  );
}
