import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { formatDateTime, type TKey, type TTag } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ProxyStatusChip } from '@/components/status-chip';
import { useGetNewIp, type TNewIp } from '../api/get-new-ip';
import { useKeys } from '../api/list-keys';
import { useTags } from '../api/tags';
import { useItemList } from '../hooks/use-item-list';
import { BatchActions } from './batch-actions';
import { CopyCell } from './copy-cell';
import { KeyActionDialogs, type KeyAction } from './key-action-dialogs';
import { ChangeIpLinkButton, NewIpButton, useKeyColumns, useKeyDetails } from './key-columns';
import { NewIpDialog } from './new-ip-dialog';
import { ProxyFiltersBar } from './proxy-filters';
import { TagAssignDialog } from './tag-dialogs';
import { ToolLinksDialog, ToolLinksSection } from './tool-links';
import { ManageTagsButton } from './tag-tools';
import { useItemActions } from './item-actions';
import { useItemCardLines } from './item-columns';
import { ItemList } from '@/components/item-list';

/** A key as a card on a phone: the key and its change-IP link, the current IP, state and expiry, new IP. */
function useKeyCard(tags: TTag[], pendingKey: string | null, askNewIp: (key: string) => void) {
  const { t } = useTranslation();
  const cardLines = useItemCardLines<TKey>(tags);
  return (row: TKey) => ({
    title: (
      <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
        <CopyCell text={row.key} />
        <ChangeIpLinkButton keyValue={row.key} />
      </Stack>
    ),
    lines: [
      row.current ? <CopyCell text={row.current} /> : null,
      <>
        <ProxyStatusChip status={row.status} />
        <Box component="span" data-testid="card-expires">
          {t('orders.columns.expiresAt')}: {formatDateTime(row.expiresAt)}
        </Box>
      </>,
      <NewIpButton row={row} pending={pendingKey === row.key} onNewIp={() => askNewIp(row.key)} />,
      ...cardLines(row),
    ].filter((x) => x !== null),
  });
}

/** The rotating keys: list, get a new IP per key, the change-IP link, and the batch actions. */
export function KeysTab() {
  const { t } = useTranslation();
  const tags = useTags('key').data ?? [];
  const list = useItemList<KeyAction | 'tag' | 'links'>(t('proxies.keys.needSelection'));
  const { paging, filters, selection } = list;
  const [newIp, setNewIp] = useState<TNewIp | null>(null);
  const getNewIp = useGetNewIp();
  const keys = useKeys({
    page: paging.page,
    limit: paging.limit,
    search: list.search,
    status: filters.status || undefined,
    tagId: tags.some((x) => x.id === filters.tagId) ? filters.tagId : undefined,
  });
  const pendingKey = getNewIp.isPending ? (getNewIp.variables?.key ?? null) : null;
  const askNewIp = (key: string) => getNewIp.mutate({ key }, { onSuccess: setNewIp });
  const columns = useKeyColumns((key) => askNewIp(key.key), pendingKey);
  const details = useKeyDetails(tags);
  const card = useKeyCard(tags, pendingKey, askNewIp);
  const chosen = selection.chosen(keys.data?.items ?? []);
  const actions = useItemActions<KeyAction | 'tag' | 'links'>([
    { key: 'tag', label: t('proxies.tags.action'), icon: <LocalOfferOutlined /> },
    { key: 'links', label: t('proxies.actions.links'), icon: <LinkOutlined /> },
    { key: 'delete', label: t('common.delete'), icon: <DeleteOutline /> },
  ]);

  return (
    <>
      <ProxyFiltersBar value={filters} onChange={list.changeFilters} countries={null} tags={tags} />
      <BatchActions
        actions={actions}
        selected={chosen.length}
        onAction={(key) => list.start(key, chosen.length)}
        extra={<ManageTagsButton tagType="key" tags={tags} />}
      />
      <ItemList
        testId="keys-grid"
        list={keys}
        paging={paging}
        selection={selection}
        columns={columns}
        detailsTitle={t('proxies.details.keyTitle')}
        details={details}
        // Revocable URLs, beside the key's own link (which works as long as the key does).
        detailsExtra={(row) => <ToolLinksSection key={row.id} item={{ id: row.id, name: row.key }} />}
        card={card}
      />
      {list.action === 'tag' && (
        <TagAssignDialog tagType="key" tags={tags} ids={chosen.map((k) => k.id)} onDone={list.finish} />
      )}
      {list.action === 'links' && (
        <ToolLinksDialog items={chosen.map((k) => ({ id: k.id, name: k.key }))} onClose={list.finish} />
      )}
      {list.action && list.action !== 'tag' && list.action !== 'links' && (
        <KeyActionDialogs
          action={list.action}
          keys={chosen}
          onDone={(changed) => {
            list.finish();
            if (changed && list.action === 'delete') {
              selection.clear();
            }
          }}
        />
      )}
      {newIp && <NewIpDialog result={newIp} onClose={() => setNewIp(null)} />}
    </>
  );
}
