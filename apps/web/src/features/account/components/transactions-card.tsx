import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '@/components/data-grid';
import { useTransactionColumns } from '@/components/transaction-columns';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePaging } from '@/hooks/use-paging';
import { useTransactions } from '../api/list-transactions';

/** seed-spec §2 "Account: transaction list": every balance change, newest first, server-paged. */
export function TransactionsCard() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const transactions = useTransactions({ page: paging.page, limit: paging.limit, search });
  const columns = useTransactionColumns();

  return (
    <Card>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t('account.transactions.title')}
          </Typography>
          <TextField
            size="small"
            placeholder={t('account.transactions.search')}
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
              htmlInput: { 'aria-label': t('common.search'), 'data-testid': 'transactions-search' },
            }}
            sx={{ width: { xs: '100%', sm: 300 } }}
          />
        </Stack>
        <AppDataGrid
          testId="transactions-grid"
          rows={transactions.data?.items ?? []}
          columns={columns}
          rowCount={transactions.data?.total ?? 0}
          loading={transactions.isFetching}
          paginationMode="server"
          paginationModel={paging.model}
          onPaginationModelChange={paging.setModel}
        />
      </CardContent>
    </Card>
  );
}
