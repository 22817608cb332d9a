import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TProxy, type TTag } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ProxyStatusChip } from '@/components/status-chip';
import { countryName } from '@/lib/format';
import { proxyAddress, proxyLine } from '@/lib/proxy-lines';
import { activityField } from './item-activity';
import { CopyCell, SecretCell } from './copy-cell';
import { Ipv4FallbackSwitch } from './ipv4-fallback';
import { useItemColumns } from './item-columns';
import type { DetailField } from '@/components/item-list';

/**
 * docs/screens.md#proxy-management: what fits a 1,366 px screen (the line to copy, status, expiry,
 * auto-renew, tag, comment); the rest is in the row's details.
 */
export function useProxyColumns(tags: TTag[], onLinks: (row: TProxy) => void): GridColDef<TProxy>[] {
  const { t } = useTranslation();
  const shared = useItemColumns<TProxy>();
  return [
    {
      field: 'host',
      headerName: t('proxies.columns.address'),
      // The line and its two buttons (copy, links for tools).
      minWidth: 205,
      flex: 1,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0, height: '100%' }}>
          <CopyCell text={proxyAddress(row)} copy={proxyLine(row)} label={t('proxies.copyLine')} />
          <ToolLinksButton onClick={() => onLinks(row)} />
        </Stack>
      ),
    },
    { ...shared.country, minWidth: 105 },
    { ...shared.status, minWidth: 135 },
    { ...shared.expiresAt, minWidth: 150 },
    // Wide enough for "Tự động gia hạn" in full.
    { ...shared.autoRenew, minWidth: 155 },
    { ...shared.tag(tags), minWidth: 100 },
    { ...shared.comment, flex: 0.7, minWidth: 100 },
  ];
}

/** Every field of one proxy, for its details drawer. */
export function useProxyDetails(tags: TTag[], type: 'v6' | 'v4') {
  const { t, i18n } = useTranslation();
  const tagName = (id: string | null) => tags.find((x) => x.id === id)?.tagName ?? t('proxies.tags.none');
  return (row: TProxy): DetailField[] => [
    {
      label: t('proxies.columns.address'),
      value: <CopyCell text={proxyAddress(row)} copy={proxyLine(row)} label={t('proxies.copyLine')} />,
    },
    { label: t('proxies.columns.username'), value: <CopyCell text={row.username} /> },
    { label: t('proxies.columns.password'), value: <SecretCell secret={row.password} /> },
    { label: t('proxies.details.protocol'), value: t(`common.protocol.${row.protocol}`) },
    { label: t('common.country'), value: countryName(row.country, i18n.language) },
    { label: t('proxies.columns.egressIp'), value: row.egressIp, testId: 'details-egress' },
    { label: t('common.status'), value: <ProxyStatusChip status={row.status} /> },
    { label: t('orders.columns.expiresAt'), value: formatDateTime(row.expiresAt), testId: 'details-expires' },
    { label: t('orders.columns.autoRenew'), value: row.autoRenew ? t('common.on') : t('common.off') },
    { label: t('proxies.details.tag'), value: tagName(row.tagId), testId: 'details-tag' },
    { label: t('proxies.columns.comment'), value: row.comment || t('common.none') },
    {
      label: t('proxies.columns.authIps'),
      value: row.authIps.length ? row.authIps.join(', ') : t('common.none'),
    },
    {
      label: t('proxies.columns.ipChangeMode'),
      value:
        row.ipChangeMode === 'auto'
          ? t('proxies.ipMode.autoEvery', { count: row.changeIntervalMin ?? 0 })
          : t('proxies.ipMode.manualShort'),
    },
    ...(type === 'v6'
      ? [
          {
            label: t('proxies.fallback.label'),
            value: <Ipv4FallbackSwitch proxy={row} />,
            testId: 'details-fallback',
          },
        ]
      : []),
    activityField(t, { proxyId: row.id }),
  ];
}

/** A row's own "links for tools" button (change-IP and current-proxy URLs). */
export function ToolLinksButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('proxies.links.open')}>
      <IconButton size="small" onClick={onClick} aria-label={t('proxies.links.open')} data-testid="row-links">
        <LinkOutlined sx={{ fontSize: 18 }} />
      </IconButton>
    </Tooltip>
  );
}
