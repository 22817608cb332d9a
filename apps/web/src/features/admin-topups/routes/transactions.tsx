import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
import { useTransactionColumns } from '@/components/transaction-columns';
import { useSearchPaging } from '@/hooks/use-paging';
import { useAdminTransactions, type TAdminTransaction } from '../api/list-admin-transactions';

/** /admin/transactions: every balance change of the site's users, newest first. */
export function AdminTransactionsRoute() {
  const { t } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const transactions = useAdminTransactions({ page: paging.page, limit: paging.limit, search });
  const columns = useTransactionColumns<TAdminTransaction>({ withEmail: true });

  return (
    <>
      <PageHeader title={t('admin.transactions.title')} />
      <SearchField
        placeholder={t('admin.transactions.searchHint')}
        value={searchText}
        onChange={setSearchText}
        testId="admin-transactions-search"
        sx={{ mb: 2, maxWidth: { sm: 420 } }}
        fullWidth
      />
      <PagedDataGrid testId="admin-transactions-grid" list={transactions} paging={paging} columns={columns} />
    </>
  );
}
