import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TKey, type TProxy, type TTag } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ProxyStatusChip } from '@/components/status-chip';
import { countryName } from '@/lib/format';

type Unit = Pick<TProxy & TKey, 'country' | 'status' | 'expiresAt' | 'autoRenew' | 'comment' | 'tagId'>;

/** The columns proxies and keys have in common, for each list to place among its own. */
export function useUnitColumns<R extends Unit>() {
  const { t, i18n } = useTranslation();
  return {
    country: {
      field: 'country',
      headerName: t('common.country'),
      minWidth: 120,
      valueGetter: (_value, row) => countryName(row.country, i18n.language),
    },
    status: {
      field: 'status',
      headerName: t('common.status'),
      minWidth: 130,
      renderCell: ({ row }) => <ProxyStatusChip status={row.status} />,
    },
    expiresAt: {
      field: 'expiresAt',
      headerName: t('orders.columns.expiresAt'),
      minWidth: 140,
      valueGetter: (_value, row) => formatDateTime(row.expiresAt),
    },
    autoRenew: {
      field: 'autoRenew',
      headerName: t('orders.columns.autoRenew'),
      minWidth: 110,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.autoRenew ? 'success' : 'default'}
          label={row.autoRenew ? t('common.on') : t('common.off')}
        />
      ),
    },
    comment: { field: 'comment', headerName: t('proxies.columns.comment'), minWidth: 140 } as GridColDef<R>,
    /** The tag's name; the list filters by tag on the server. */
    tag: (tags: TTag[]): GridColDef<R> => ({
      field: 'tagId',
      headerName: t('proxies.details.tag'),
      minWidth: 110,
      sortable: false,
      valueGetter: (_value, row) => tags.find((x) => x.id === row.tagId)?.tagName ?? '',
    }),
  } satisfies Record<string, GridColDef<R> | ((tags: TTag[]) => GridColDef<R>)>;
}
