import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TTransaction } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { formatBalance, formatNumber } from '@/lib/format';
import { ledgerText } from '@/lib/ledger-text';

/**
 * A ledger amount with its sign: "+200.000" in green, "-20.000" in red
 * (docs/product-rules.md#formats: dot grouping).
 */
export function signedCoins(amount: number): string {
  return amount > 0 ? `+${formatNumber(amount)}` : formatNumber(amount);
}

/** A ledger amount as the list and the phone card show it: signed, green in, red out. */
export function SignedAmount({ amount }: { amount: number }) {
  return (
    <Box
      component="span"
      data-testid="transaction-amount"
      sx={{ fontWeight: 600, color: amount >= 0 ? 'success.main' : 'error.main' }}
    >
      {signedCoins(amount)}
    </Box>
  );
}

/**
 * docs/money.md#ledger: type, content, balance before, amount, balance after and date.
 * The admin list adds whose transaction it is.
 */
export function useTransactionColumns<T extends TTransaction & { email?: string }>(
  options: { withEmail?: boolean } = {},
): GridColDef<T>[] {
  const { t, i18n } = useTranslation();
  const columns: GridColDef<T>[] = [
    {
      field: 'createdAt',
      headerName: t('common.date'),
      minWidth: 155,
      valueGetter: (_v, row) => formatDateTime(row.createdAt),
    },
  ];
  if (options.withEmail) {
    columns.push({
      field: 'email',
      headerName: t('common.email'),
      minWidth: 200,
      valueGetter: (_v, row) => row.email ?? '',
    });
  }
  columns.push(
    {
      field: 'type',
      headerName: t('common.type'),
      minWidth: 170,
      valueGetter: (_v, row) => t(`common.transactionType.${row.type}`),
    },
    {
      field: 'content',
      headerName: t('account.transactions.content'),
      minWidth: 240,
      flex: 1,
      valueGetter: (_v, row) => ledgerText(row, t, i18n.language),
    },
    {
      field: 'balanceBefore',
      headerName: t('account.transactions.balanceBefore'),
      minWidth: 140,
      valueGetter: (_v, row) => formatBalance(row.balanceBefore, t),
    },
    {
      field: 'amount',
      headerName: t('common.amount'),
      minWidth: 130,
      renderCell: ({ row }) => <SignedAmount amount={row.amount} />,
    },
    {
      field: 'balanceAfter',
      headerName: t('account.transactions.balanceAfter'),
      minWidth: 140,
      valueGetter: (_v, row) => formatBalance(row.balanceAfter, t),
    },
  );
  return columns;
}
