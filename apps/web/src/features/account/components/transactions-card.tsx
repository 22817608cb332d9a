import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { SearchField } from '@/components/search-field';
import { useTransactionColumns } from '@/components/transaction-columns';
import { useSearchPaging } from '@/hooks/use-paging';
import { useTransactions } from '../api/list-transactions';

/** docs/screens.md#account: the transaction list, every balance change, newest first, server-paged. */
export function TransactionsCard() {
  const { t } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
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
          <SearchField
            hideLabel
            size="small"
            placeholder={t('account.transactions.search')}
            value={searchText}
            onChange={setSearchText}
            testId="transactions-search"
            sx={{ width: { xs: '100%', sm: 300 } }}
          />
        </Stack>
        <PagedDataGrid testId="transactions-grid" list={transactions} paging={paging} columns={columns} />
      </CardContent>
    </Card>
  );
}
