import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type TTransaction } from '@proxy/contract';
import { PagedCardList, RowCard, usePhone } from '@/components/card-list';
import { PagedDataGrid } from '@/components/data-grid';
import { SearchField } from '@/components/search-field';
import { SignedAmount, useTransactionColumns } from '@/components/transaction-columns';
import { formatBalance } from '@/lib/format';
import { ledgerText } from '@/lib/ledger-text';
import { useSearchPaging } from '@/hooks/use-paging';
import { useTransactions } from '../api/list-transactions';

/** On a phone: the amount and what it was first, then the balances and the date. */
function TransactionCard({ row }: { row: TTransaction }) {
  const { t, i18n } = useTranslation();
  return (
    <RowCard
      testId="transaction-card"
      title={ledgerText(row, t, i18n.language)}
      aside={<SignedAmount amount={row.amount} />}
      facts={[
        { label: t('common.type'), value: t(`common.transactionType.${row.type}`) },
        { label: t('account.transactions.balanceBefore'), value: formatBalance(row.balanceBefore, t) },
        { label: t('account.transactions.balanceAfter'), value: formatBalance(row.balanceAfter, t) },
        { label: t('common.date'), value: formatDateTime(row.createdAt) },
      ]}
    />
  );
}

/** docs/screens.md#account: the transaction list, every balance change, newest first, server-paged. */
export function TransactionsCard() {
  const { t } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const transactions = useTransactions({ page: paging.page, limit: paging.limit, search });
  const columns = useTransactionColumns();
  const phone = usePhone();

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
        {phone ? (
          <PagedCardList
            testId="transactions-grid"
            list={transactions}
            paging={paging}
            card={(row) => <TransactionCard row={row} />}
          />
        ) : (
          <PagedDataGrid testId="transactions-grid" list={transactions} paging={paging} columns={columns} />
        )}
      </CardContent>
    </Card>
  );
}
