import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import { formatDateTime, PROXY_STATUSES, type ProxyStatus, type TListLink, type TTag } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '@/components/choice-filter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { FormDialog } from '@/components/form-dialog';
import { useCountries } from '@/lib/catalog/get-countries';
import { countryName, formatNumber } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { ProxyType } from '../api/list-proxies';
import { useTags } from '../api/tags';
import { useCreateListLink, useDeleteListLink, useListLinks, type CreateListLinkInput } from '../api/tool-links';

/** txt, csv and json, or txt through a line template. */
const LIST_FORMATS = ['txt', 'csv', 'json', 'template'] as const;
type ListFormat = (typeof LIST_FORMATS)[number];

interface ListLinkForm {
  name: string;
  type: ProxyType | '';
  country: string;
  tagId: string;
  status: ProxyStatus | '';
  format: ListFormat;
  template: string;
}

const EMPTY_FORM: ListLinkForm = {
  name: '',
  type: '',
  country: '',
  tagId: '',
  status: '',
  format: 'txt',
  template: '{host}:{port}:{username}:{password}',
};

/** The tags a list URL can filter on: the chosen type's, or both types' when none is chosen. */
function useFilterTags(types: readonly ProxyType[]) {
  const v6 = useTags('v6', types.includes('v6')).data ?? [];
  const v4 = useTags('v4', types.includes('v4')).data ?? [];
  return { v6: types.includes('v6') ? v6 : [], v4: types.includes('v4') ? v4 : [] } as Record<ProxyType, TTag[]>;
}

/** The create call's body: the name, the filters chosen, and the format (a template is text with its own line). */
function listLinkRequest(form: ListLinkForm): CreateListLinkInput {
  return {
    name: form.name.trim(),
    filter: {
      ...(form.type ? { type: form.type } : {}),
      ...(form.country ? { country: form.country } : {}),
      ...(form.tagId ? { tagId: form.tagId } : {}),
      ...(form.status ? { status: form.status } : {}),
    },
    format: form.format === 'template' ? 'txt' : form.format,
    ...(form.format === 'template' && form.template.trim() ? { template: form.template.trim() } : {}),
  };
}

/** What the list holds: a type, a country, a tag and a status, each "All" until chosen. */
function FilterChoices({
  form,
  set,
  types,
  tags,
}: {
  form: ListLinkForm;
  set: (patch: Partial<ListLinkForm>) => void;
  types: readonly ProxyType[];
  tags: Record<ProxyType, TTag[]>;
}) {
  const { t, i18n } = useTranslation();
  const v6Countries = useCountries('v6', types.includes('v6')).data ?? [];
  const v4Countries = useCountries('v4', types.includes('v4')).data ?? [];
  const countries = [
    ...new Map(
      [...(form.type !== 'v4' ? v6Countries : []), ...(form.type !== 'v6' ? v4Countries : [])].map((c) => [c.code, c]),
    ).values(),
  ];
  const shownTags = form.type ? tags[form.type] : [...tags.v6, ...tags.v4];
  return (
    <>
      <ChoiceFilter
        label={t('proxies.listLinks.type')}
        value={form.type}
        choices={types.map((x) => ({ value: x, label: t(`proxies.tabs.${x}`) }))}
        onChange={(type) => set({ type, tagId: '', country: '' })}
        testId="list-link-type"
      />
      <ChoiceFilter
        label={t('common.country')}
        value={form.country}
        choices={countries.map((c) => ({ value: c.code, label: countryName(c.code, i18n.language, c.name) }))}
        onChange={(country) => set({ country })}
        testId="list-link-country"
      />
      <ChoiceFilter
        label={t('proxies.tags.filter')}
        value={form.tagId}
        choices={shownTags.map((tag) => ({
          value: tag.id,
          label: form.type ? tag.tagName : `${tag.tagName} (${t(`proxies.tabs.${tag.tagType}`)})`,
        }))}
        onChange={(tagId) => set({ tagId })}
        testId="list-link-tag"
      />
      <ChoiceFilter
        label={t('common.status')}
        value={form.status}
        choices={PROXY_STATUSES.map((status) => ({ value: status, label: t(`common.proxyStatus.${status}`) }))}
        onChange={(status) => set({ status })}
        testId="list-link-status"
      />
    </>
  );
}

function CreateListLinkDialog({
  types,
  tags,
  onCreated,
  onClose,
}: {
  types: readonly ProxyType[];
  tags: Record<ProxyType, TTag[]>;
  onCreated: (url: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateListLink();
  const [form, setForm] = useState<ListLinkForm>(EMPTY_FORM);
  const set = (patch: Partial<ListLinkForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = () => {
    if (!form.name.trim()) {
      notifyError(t('proxies.listLinks.nameRequired'));
      return;
    }
    create.mutate(listLinkRequest(form), { onSuccess: (res) => onCreated(res.url) });
  };

  return (
    <FormDialog
      title={t('proxies.listLinks.createTitle')}
      titleId="list-link-create-title"
      testId="list-link-create"
      maxWidth="sm"
      submitLabel={t('proxies.listLinks.submit')}
      submitTestId="list-link-create-submit"
      loading={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('proxies.listLinks.name')}
          value={form.name}
          onChange={(event) => set({ name: event.target.value })}
          required
          autoFocus
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'list-link-name' } }}
        />
        <FilterChoices form={form} set={set} types={types} tags={tags} />
        <TextField
          select
          label={t('proxies.export.format')}
          value={form.format}
          onChange={(event) => set({ format: event.target.value as ListFormat })}
          sx={{ gridColumn: '1 / -1' }}
          data-testid="list-link-format"
        >
          {LIST_FORMATS.map((f) => (
            <MenuItem key={f} value={f} data-testid={`list-link-format-${f}`}>
              {f === 'template' ? t('proxies.listLinks.templateFormat') : f.toUpperCase()}
            </MenuItem>
          ))}
        </TextField>
        {form.format === 'template' && (
          <TextField
            label={t('proxies.listLinks.template')}
            value={form.template}
            onChange={(event) => set({ template: event.target.value })}
            helperText={t('proxies.export.templateHelp')}
            sx={{ gridColumn: '1 / -1' }}
            slotProps={{ htmlInput: { maxLength: 300, spellCheck: false, 'data-testid': 'list-link-template' } }}
          />
        )}
      </Box>
    </FormDialog>
  );
}

/**
 * The new URL, shown once: the server keeps only its hash. Only its button closes it, so a click
 * beside it or Escape does not lose the URL before it was copied.
 */
function CreatedDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open fullWidth maxWidth="sm" data-testid="list-link-created">
      <DialogTitle>{t('proxies.listLinks.createdTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('proxies.listLinks.shownOnce')}</Alert>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Box
              component="code"
              data-testid="list-link-url"
              sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2', fontFamily: 'monospace' }}
            >
              {url}
            </Box>
            <CopyButton mark text={url} label={t('proxies.listLinks.copy')} testId="list-link-url-copy" />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} data-testid="list-link-created-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One list URL: what it filters, its format and who fetched it last. */
function ListLinkCard({
  link,
  tags,
  onRevoke,
}: {
  link: TListLink;
  tags: Record<ProxyType, TTag[]>;
  onRevoke: () => void;
}) {
  const { t, i18n } = useTranslation();
  const f = link.filter;
  const tagName = f.tagId ? ([...tags.v6, ...tags.v4].find((x) => x.id === f.tagId)?.tagName ?? '—') : null;
  const filters = [
    f.type ? t(`proxies.tabs.${f.type}`, { defaultValue: f.type }) : null,
    f.country ? countryName(f.country, i18n.language) : null,
    tagName ? `${t('proxies.tags.filter')}: ${tagName}` : null,
    f.status ? t(`common.proxyStatus.${f.status}`, { defaultValue: f.status }) : null,
  ].filter((x): x is string => x !== null);
  const facts: [string, string, string][] = [
    [t('proxies.listLinks.filter'), filters.length ? filters.join(' · ') : t('proxies.listLinks.allProxies'), 'filter'],
    [t('proxies.export.format'), link.format.toUpperCase(), 'format'],
    [t('proxies.listLinks.createdAt'), formatDateTime(link.createdAt), 'created'],
    [t('proxies.listLinks.fetches'), formatNumber(link.fetches, i18n.language), 'fetches'],
    [
      t('proxies.listLinks.lastFetch'),
      link.lastFetchedAt ? formatDateTime(link.lastFetchedAt) : t('proxies.listLinks.never'),
      'last',
    ],
    [t('proxies.listLinks.lastIp'), link.lastFetchIp ?? '—', 'ip'],
    [t('proxies.listLinks.userAgent'), link.lastUserAgent ?? '—', 'ua'],
  ];
  return (
    <Card variant="outlined" sx={{ p: 2 }} data-testid="list-link" data-id={link.id}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {link.name}
        </Typography>
        <Button size="small" color="error" variant="outlined" onClick={onRevoke} data-testid="list-link-revoke">
          {t('proxies.listLinks.revoke')}
        </Button>
      </Stack>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          columnGap: 2,
          rowGap: 0.75,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
        }}
      >
        {facts.map(([label, value, id]) => (
          <Box key={id} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ pt: { sm: 0.25 } }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, overflowWrap: 'anywhere', mb: { xs: 0.5, sm: 0 } }}
              data-testid={`list-link-${id}`}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

/**
 * docs/tool-links.md#list-subscription-urls: the account's list URLs (at most 50, so the server
 * answers them whole), a form for a new one, and revocation.
 */
export function ListLinksTab({ types }: { types: readonly ProxyType[] }) {
  const { t } = useTranslation();
  const links = useListLinks();
  const remove = useDeleteListLink();
  const tags = useFilterTags(types);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<TListLink | null>(null);
  const items = links.data ?? [];

  return (
    <Box data-testid="list-links">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, mb: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {t('proxies.listLinks.help')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddLinkOutlined />}
          onClick={() => setCreating(true)}
          data-testid="list-link-new"
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
        >
          {t('proxies.listLinks.create')}
        </Button>
      </Stack>
      {links.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {!links.isPending && items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="list-links-empty">
          {t('proxies.listLinks.empty')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '1fr 1fr' } }}>
        {items.map((link) => (
          <ListLinkCard key={link.id} link={link} tags={tags} onRevoke={() => setRevoking(link)} />
        ))}
      </Box>
      {creating && (
        <CreateListLinkDialog
          types={types}
          tags={tags}
          onClose={() => setCreating(false)}
          onCreated={(url) => {
            setCreating(false);
            setCreated(url);
          }}
        />
      )}
      {created && <CreatedDialog url={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        title={t('proxies.listLinks.revokeTitle')}
        confirmLabel={t('proxies.listLinks.revoke')}
        danger
        loading={remove.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          remove.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              notifySuccess(t('proxies.listLinks.revoked'));
            },
          })
        }
        testId="list-link-revoke-dialog"
      >
        <DialogContentText>{t('proxies.listLinks.revokeMessage', { name: revoking?.name ?? '' })}</DialogContentText>
      </ConfirmDialog>
    </Box>
  );
}
