import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TKey, type TProxy, type TTag } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ProxyStatusChip } from '@/components/status-chip';
import { countryName } from '@/lib/format';

type Item = Pick<TProxy & TKey, 'country' | 'status' | 'expiresAt' | 'autoRenew' | 'comment' | 'tagId'>;

/** The columns proxies and keys have in common, for each list to place among its own. */
export function useItemColumns<R extends Item>() {
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

/**
 * A phone card's lines for what a screen shows in the auto-renew, tag and comment columns, so a
 * card says as much as a row: auto-renew and the tag on one line, the comment (wrapped) under it.
 */
export function useItemCardLines<R extends Item>(tags: TTag[]): (row: R) => ReactNode[] {
  const { t } = useTranslation();
  return (row) => {
    const tagName = tags.find((x) => x.id === row.tagId)?.tagName;
    return [
      <>
        <Chip
          size="small"
          variant="outlined"
          color={row.autoRenew ? 'success' : 'default'}
          label={`${t('orders.columns.autoRenew')}: ${row.autoRenew ? t('common.on') : t('common.off')}`}
          data-testid="card-auto-renew"
          data-on={row.autoRenew}
        />
        {tagName && (
          <Chip
            size="small"
            icon={<LocalOfferOutlined />}
            label={tagName}
            aria-label={`${t('proxies.details.tag')}: ${tagName}`}
            data-testid="card-tag"
            sx={{ maxWidth: '100%' }}
          />
        )}
      </>,
      row.comment ? (
        <Box
          component="span"
          data-testid="card-comment"
          title={t('proxies.columns.comment')}
          sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          <ChatBubbleOutline
            fontSize="inherit"
            sx={{ mt: '3px', flexShrink: 0 }}
            aria-label={t('proxies.columns.comment')}
          />
          {row.comment}
        </Box>
      ) : null,
    ].filter((x) => x !== null);
  };
}
