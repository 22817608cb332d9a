import AltRouteOutlined from '@mui/icons-material/AltRouteOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PublishedWithChangesOutlined from '@mui/icons-material/PublishedWithChangesOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import { useState } from 'react';
import ContentPasteOutlined from '@mui/icons-material/ContentPasteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { formatDateTime, type TProxy, type TTag } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ProxyStatusChip } from '@/components/status-chip';
import { useCountries } from '@/lib/catalog/get-countries';
import { countryName, formatNumber } from '@/lib/format';
import { usePaging } from '@/hooks/use-paging';
import { useRowSelection } from '@/hooks/use-row-selection';
import { proxyAddress, proxyLine } from '@/lib/proxy-lines';
import { useProxies, type ProxyType } from '../api/list-proxies';
import { useTags } from '../api/tags';
import { useItemList } from '../hooks/use-item-list';
import { BatchActions } from './batch-actions';
import { CopyCell } from './copy-cell';
import { ProxyActionDialogs, type ProxyAction } from './proxy-action-dialogs';
import { ToolLinksButton, useProxyColumns, useProxyDetails } from './proxy-columns';
import { ToolLinksDialog, ToolLinksSection } from './tool-links';
import { ProxyFiltersBar } from './proxy-filters';
import { TagAssignDialog } from './tag-dialogs';
import { PasteListDialog } from './paste-list-dialog';
import { ManageTagsButton } from './tag-tools';
import { useItemActions } from './item-actions';
import { ProxyUsageSection } from './proxy-usage-section';
import { useItemCardLines } from './item-columns';
import { ItemList } from '@/components/item-list';

/** The pasted proxies still ticked; "select all" on a page answers an exclude model. */
function pinnedRows(rows: TProxy[], model: GridRowSelectionModel): TProxy[] {
  return rows.filter((r) => (model.type === 'exclude' ? !model.ids.has(r.id) : model.ids.has(r.id)));
}

/**
 * "Paste list" → "Select matched": the grid then shows exactly the matched proxies, ticked, paged
 * here (they may come from any page of the server's list); the ticked ones are what the batch
 * actions act on, until "Clear" brings the server's list back.
 */
function usePinnedList() {
  const [pinned, setPinned] = useState<{ proxies: TProxy[]; unmatched: number } | null>(null);
  const paging = usePaging();
  const selection = useRowSelection();
  const from = (paging.page - 1) * paging.limit;
  const pin = (found: TProxy[], unmatched: number) => {
    paging.reset();
    selection.setModel({ type: 'include', ids: new Set(found.map((p) => p.id)) });
    setPinned({ proxies: found, unmatched });
  };
  return {
    list: pinned && {
      data: { items: pinned.proxies.slice(from, from + paging.limit), total: pinned.proxies.length },
      isFetching: false,
    },
    chosen: pinned ? pinnedRows(pinned.proxies, selection.model) : [],
    unmatched: pinned?.unmatched ?? 0,
    paging,
    selection,
    pin,
    clear: () => setPinned(null),
  };
}

/** How many pasted proxies are ticked and how many lines matched none, and the way back to the full list. */
function PinnedNotice({ selected, unmatched, onClear }: { selected: number; unmatched: number; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      sx={{ mb: 1 }}
      data-testid="paste-pinned"
      action={
        <Button color="inherit" size="small" onClick={onClear} data-testid="paste-clear">
          {t('audit.paste.clear')}
        </Button>
      }
    >
      <span data-testid="paste-pinned-selected">
        {t('audit.paste.selected', { count: selected, n: formatNumber(selected) })}
      </span>
      {unmatched > 0 && (
        <>
          {' · '}
          <span data-testid="paste-pinned-unmatched">
            {t('audit.paste.unmatchedLines', { count: unmatched, n: formatNumber(unmatched) })}
          </span>
        </>
      )}
    </Alert>
  );
}

function useProxyActions(type: ProxyType) {
  const { t } = useTranslation();
  return useItemActions<ProxyAction | 'tag'>([
    { key: 'authIp', label: t('proxies.actions.authIp'), icon: <SecurityOutlined /> },
    { key: 'password', label: t('proxies.actions.password'), icon: <KeyOutlined /> },
    { key: 'resetIp', label: t('proxies.actions.resetIp'), icon: <PublishedWithChangesOutlined /> },
    { key: 'ipMode', label: t('proxies.actions.ipMode'), icon: <ScheduleOutlined /> },
    { key: 'check', label: t('proxies.actions.check'), icon: <FactCheckOutlined /> },
    { key: 'tag', label: t('proxies.tags.action'), icon: <LocalOfferOutlined /> },
    { key: 'links', label: t('proxies.actions.links'), icon: <LinkOutlined /> },
    ...(type === 'v6'
      ? [{ key: 'fallback' as const, label: t('proxies.actions.fallback'), icon: <AltRouteOutlined /> }]
      : []),
  ]);
}

/** A proxy as a card on a phone: its address (copied as a whole line), links, state, country and expiry. */
function useProxyCard(tags: TTag[], onLinks: (proxy: TProxy) => void) {
  const { t, i18n } = useTranslation();
  const cardLines = useItemCardLines<TProxy>(tags);
  return (row: TProxy) => ({
    title: (
      <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
        <CopyCell text={proxyAddress(row)} copy={proxyLine(row)} label={t('proxies.copyLine')} />
        <ToolLinksButton onClick={() => onLinks(row)} />
      </Stack>
    ),
    lines: [
      <>
        <ProxyStatusChip status={row.status} />
        <Box component="span">{countryName(row.country, i18n.language)}</Box>
      </>,
      <Box component="span" data-testid="card-expires">
        {t('orders.columns.expiresAt')}: {formatDateTime(row.expiresAt)}
      </Box>,
      ...cardLines(row),
    ],
  });
}

/** Beside the batch actions: paste a list to select, and manage the tags. */
function ListTools({ type, tags, onPaste }: { type: ProxyType; tags: TTag[]; onPaste: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" startIcon={<ContentPasteOutlined />} onClick={onPaste} data-testid="paste-open">
        {t('audit.paste.button')}
      </Button>
      <ManageTagsButton tagType={type} tags={tags} />
    </Stack>
  );
}

/** The open dialog: a row's own links, the tags of the chosen proxies, or a batch action on them. */
function ProxyTabDialogs({
  type,
  tags,
  action,
  chosen,
  exportFilters,
  linksOf,
  onLinksClose,
  onDone,
}: {
  type: ProxyType;
  tags: TTag[];
  action: ProxyAction | 'tag' | null;
  chosen: TProxy[];
  exportFilters: { status?: TProxy['status']; country?: string };
  linksOf: TProxy | null;
  onLinksClose: () => void;
  onDone: (changed?: boolean) => void;
}) {
  return (
    <>
      {linksOf && <ToolLinksDialog items={[{ id: linksOf.id, name: proxyAddress(linksOf) }]} onClose={onLinksClose} />}
      {action === 'tag' && <TagAssignDialog tagType={type} tags={tags} ids={chosen.map((p) => p.id)} onDone={onDone} />}
      {action && action !== 'tag' && (
        <ProxyActionDialogs
          type={type}
          action={action}
          proxies={chosen}
          exportFilters={exportFilters}
          onDone={onDone}
        />
      )}
    </>
  );
}

/** The server's page of proxies for the list's filters (a tag that no longer exists filters nothing). */
function useProxyPage(type: ProxyType, list: ReturnType<typeof useItemList<ProxyAction | 'tag'>>, tags: TTag[]) {
  const { paging, filters } = list;
  const status = filters.status || undefined;
  const country = filters.country || undefined;
  const tagId = tags.some((x) => x.id === filters.tagId) ? filters.tagId : undefined;
  const proxies = useProxies(type, {
    page: paging.page,
    limit: paging.limit,
    search: list.search,
    status,
    country,
    sort: filters.sort,
    tagId,
  });
  return { proxies, status, country };
}

/** One proxy type's list: filters, the server-paged list with selection, and the batch actions. */
export function ProxiesTab({ type }: { type: ProxyType }) {
  const { t } = useTranslation();
  const countries = useCountries(type);
  const tags = useTags(type).data ?? [];
  const list = useItemList<ProxyAction | 'tag'>(t('proxies.needSelection'));
  const { paging, filters, selection } = list;
  const { proxies, status, country } = useProxyPage(type, list, tags);
  // A row's own link button opens its URLs without touching the selection.
  const [linksOf, setLinksOf] = useState<TProxy | null>(null);
  const columns = useProxyColumns(tags, setLinksOf);
  const details = useProxyDetails(tags, type);
  const card = useProxyCard(tags, setLinksOf);
  const [pasting, setPasting] = useState(false);
  const pinned = usePinnedList();
  const chosen = pinned.list ? pinned.chosen : selection.chosen(proxies.data?.items ?? []);
  const actions = useProxyActions(type);

  // A pasted selection is done with once an action changed it (its rows are stale then).
  const finish = (changed?: boolean) => {
    list.finish();
    if (changed) {
      pinned.clear();
    }
  };

  return (
    <>
      <ProxyFiltersBar value={filters} onChange={list.changeFilters} countries={countries.data ?? []} tags={tags} />
      <BatchActions
        actions={actions}
        selected={chosen.length}
        onAction={(key) => list.start(key, chosen.length)}
        extra={<ListTools type={type} tags={tags} onPaste={() => setPasting(true)} />}
      />
      {pinned.list && (
        <PinnedNotice selected={pinned.chosen.length} unmatched={pinned.unmatched} onClear={pinned.clear} />
      )}
      {pasting && (
        <PasteListDialog
          type={type}
          onClose={() => setPasting(false)}
          onSelect={(found, unmatched) => {
            selection.clear();
            pinned.pin(found, unmatched);
            setPasting(false);
          }}
        />
      )}
      <ItemList
        testId={`proxies-grid-${type}`}
        list={pinned.list ?? proxies}
        paging={pinned.list ? pinned.paging : paging}
        // The ticks of a pasted list span its pages, so turning a page keeps them.
        selection={pinned.list ? { ...pinned.selection, clear: () => undefined } : selection}
        columns={columns}
        detailsTitle={t('proxies.details.title')}
        details={details}
        detailsExtra={(row) => (
          <>
            <ToolLinksSection key={row.id} item={{ id: row.id, name: proxyAddress(row) }} />
            <ProxyUsageSection proxyId={row.id} />
          </>
        )}
        card={card}
      />
      <ProxyTabDialogs
        type={type}
        tags={tags}
        action={list.action}
        chosen={chosen}
        exportFilters={{ status, country }}
        linksOf={linksOf}
        onLinksClose={() => setLinksOf(null)}
        onDone={finish}
      />
    </>
  );
}
