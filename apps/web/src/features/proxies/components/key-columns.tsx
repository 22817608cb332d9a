import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import PublishedWithChangesOutlined from '@mui/icons-material/PublishedWithChangesOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TKey, type TTag } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '@/components/copy-button';
import { ProxyStatusChip } from '@/components/status-chip';
import { countryName } from '@/lib/format';
import { activityField } from './item-activity';
import { CopyCell } from './copy-cell';
import { useItemColumns } from './item-columns';
import type { DetailField } from '@/components/item-list';

/**
 * The key's "change IP" link: GET /api/key/get-new-ip?keyRotate=…, which antidetect browsers call
 * as their refresh URL (the same rotation, spacing and errors as the POST).
 */
export function changeIpLink(key: string): string {
  return `${window.location.origin}/api/key/get-new-ip?keyRotate=${encodeURIComponent(key)}`;
}

/** Copies the key's change-IP link. */
export function ChangeIpLinkButton({ keyValue }: { keyValue: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('proxies.keys.copyChangeIpLink')}>
      <IconButton
        size="small"
        aria-label={t('proxies.keys.copyChangeIpLink')}
        data-testid="key-change-ip-link"
        onClick={() =>
          void copyWithToast(changeIpLink(keyValue), { copied: t('common.copied'), failed: t('common.copyFailed') })
        }
      >
        <LinkOutlined sx={{ fontSize: 18 }} />
      </IconButton>
    </Tooltip>
  );
}

/** Asks the key for a new IP now. */
export function NewIpButton({ row, pending, onNewIp }: { row: TKey; pending: boolean; onNewIp: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<PublishedWithChangesOutlined />}
      loading={pending}
      disabled={row.status !== 'using'}
      onClick={onNewIp}
      sx={{ whiteSpace: 'nowrap' }}
      data-testid="key-new-ip"
    >
      {t('proxies.keys.newIpShort')}
    </Button>
  );
}

/** The rotating keys' columns at 1,366 px; `onNewIp` asks the key for a new IP. */
export function useKeyColumns(onNewIp: (key: TKey) => void, pendingKey: string | null): GridColDef<TKey>[] {
  const { t } = useTranslation();
  const shared = useItemColumns<TKey>();
  return [
    {
      field: 'key',
      headerName: t('proxies.keys.key'),
      minWidth: 170,
      flex: 1,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0, height: '100%' }}>
          <CopyCell text={row.key} />
          <ChangeIpLinkButton keyValue={row.key} />
        </Stack>
      ),
    },
    {
      field: 'current',
      headerName: t('proxies.keys.current'),
      minWidth: 185,
      flex: 1,
      sortable: false,
      renderCell: ({ row }) => (row.current ? <CopyCell text={row.current} /> : t('common.none')),
    },
    {
      field: 'newIp',
      headerName: t('proxies.keys.newIp'),
      minWidth: 140,
      sortable: false,
      renderCell: ({ row }) => <NewIpButton row={row} pending={pendingKey === row.key} onNewIp={() => onNewIp(row)} />,
    },
    // At 1,366 px these fit beside the sidebar, "Tự động gia hạn" in full.
    { ...shared.status, minWidth: 130 },
    { ...shared.expiresAt, minWidth: 150 },
    { ...shared.autoRenew, minWidth: 155 },
  ];
}

/** Every field of one key, for its details drawer. */
export function useKeyDetails(tags: TTag[]) {
  const { t, i18n } = useTranslation();
  return (row: TKey): DetailField[] => [
    { label: t('proxies.keys.key'), value: <CopyCell text={row.key} /> },
    {
      label: t('proxies.keys.changeIpLink'),
      value: (
        <Stack sx={{ minWidth: 0 }}>
          <CopyCell text={changeIpLink(row.key)} label={t('proxies.keys.copyChangeIpLink')} />
          <Typography variant="caption" color="text.secondary">
            {t('proxies.keys.changeIpLinkHelp')}
          </Typography>
        </Stack>
      ),
      testId: 'details-change-ip-link',
    },
    { label: t('proxies.keys.current'), value: row.current ? <CopyCell text={row.current} /> : t('common.none') },
    { label: t('common.country'), value: countryName(row.country, i18n.language) },
    { label: t('common.status'), value: <ProxyStatusChip status={row.status} /> },
    { label: t('orders.columns.expiresAt'), value: formatDateTime(row.expiresAt), testId: 'details-expires' },
    { label: t('orders.columns.autoRenew'), value: row.autoRenew ? t('common.on') : t('common.off') },
    {
      label: t('proxies.keys.minInterval'),
      value: t('dashboard.purchase.key.seconds', { count: row.minIntervalSec }),
    },
    {
      label: t('proxies.details.tag'),
      value: tags.find((x) => x.id === row.tagId)?.tagName ?? t('proxies.tags.none'),
      testId: 'details-tag',
    },
    { label: t('proxies.columns.comment'), value: row.comment || t('common.none') },
    activityField(t, { keyId: row.id }),
  ];
}
