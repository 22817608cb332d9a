import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SITE_MAX_HOSTS, ZSiteCreate, type TSiteAdmin } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { notifySuccess } from '@/lib/notify';
import { useCreateSite, useUpdateSite } from '../api/sites-admin';
import { bodyOf, draftErrors, draftOf, SiteFields, type DraftKey, type SiteDraft } from './site-fields';
import { SiteLogoUpload } from './site-logo-upload';

const KEYS: readonly DraftKey[] = [
  'title',
  'color',
  'companyName',
  'googlePixel',
  'isOpenV6',
  'isOpenV4',
  'isOpenKey',
  'showAgencyApi',
  'forceEnglish',
  'companyFooter',
];

const hostLines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((h) => h.trim())
    .filter(Boolean);

/** A field turns red once it was left or a save was tried, never on an untouched form. */
function useShownErrors() {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
  const shown = (key: string) => tried || touched.has(key);
  const leave = (key: string) => setTouched((s) => (s.has(key) ? s : new Set(s).add(key)));
  return { shown, leave, setTried };
}

/** Saves an edit, or creates the site with its slug and the catalogue it copies. */
function useSaveSite(site: TSiteAdmin | null, onClose: () => void) {
  const { t } = useTranslation();
  const create = useCreateSite();
  const update = useUpdateSite();
  const save = ({
    draft,
    hosts,
    slug,
    copyFrom,
  }: {
    draft: SiteDraft;
    hosts: string[];
    slug: string;
    copyFrom: string;
  }) => {
    const body = { ...bodyOf(draft, KEYS), hosts };
    if (site) {
      update.mutate({ id: site.id, body }, { onSuccess: () => (notifySuccess(t('common.updated')), onClose()) });
    } else {
      create.mutate(
        { ...body, title: draft.title.trim(), slug, copyCatalogFrom: copyFrom },
        { onSuccess: () => (notifySuccess(t('sites.created')), onClose()) },
      );
    }
  };
  return { save, pending: create.isPending || update.isPending };
}

/** A new site's slug: lower case, fixed once created. */
function SlugField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (slug: string) => void;
  onBlur: () => void;
  error: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      label={t('sites.fields.slug')}
      value={value}
      onChange={(event) => onChange(event.target.value.toLowerCase())}
      onBlur={onBlur}
      error={error}
      helperText={t('sites.fields.slugHelp')}
      slotProps={{ htmlInput: { 'data-testid': 'site-field-slug' } }}
    />
  );
}

/** The site whose catalogue a new site starts with. */
function CopyFromField({
  sites,
  value,
  onChange,
}: {
  sites: TSiteAdmin[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('sites.fields.copyFrom')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={t('sites.fields.copyFromHelp')}
      slotProps={{ htmlInput: { 'data-testid': 'site-field-copy-from' } }}
    >
      {sites.map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {s.title} ({s.slug})
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The owner's create / edit dialog of a site: hosts, branding, flags; a new site copies a catalogue. */
export function SiteFormDialog({
  site,
  sites,
  onClose,
}: {
  /** null: a new site. */
  site: TSiteAdmin | null;
  /** The sites whose catalogue a new site may copy. */
  sites: TSiteAdmin[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { save, pending } = useSaveSite(site, onClose);
  const [draft, setDraft] = useState(() => draftOf(site));
  const [slug, setSlug] = useState('');
  const [hostsText, setHostsText] = useState(site?.hosts.join('\n') ?? '');
  const [copyFrom, setCopyFrom] = useState(sites.find((s) => s.isDefault)?.id ?? sites[0]?.id ?? '');
  const { shown, leave, setTried } = useShownErrors();
  const errors = draftErrors(draft, KEYS);
  const shownErrors = Object.fromEntries(Object.entries(errors).filter(([key]) => shown(key)));
  const hosts = hostLines(hostsText);
  const hostsValid = hosts.length > 0 && hosts.length <= SITE_MAX_HOSTS;
  const slugValid = site !== null || ZSiteCreate.shape.slug.safeParse(slug).success;
  const valid = Object.keys(errors).length === 0 && hostsValid && slugValid && (site !== null || copyFrom !== '');

  const submit = () => {
    if (!valid) {
      setTried(true);
      return;
    }
    save({ draft, hosts, slug, copyFrom });
  };

  return (
    <FormDialog
      title={site ? t('sites.editTitle', { title: site.title }) : t('sites.createTitle')}
      testId="site-form-dialog"
      maxWidth="sm"
      submitLabel={t('common.save')}
      submitTestId="site-form-submit"
      loading={pending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={1.5} sx={{ pt: 1 }}>
        {site === null && (
          <SlugField value={slug} onChange={setSlug} onBlur={() => leave('slug')} error={shown('slug') && !slugValid} />
        )}
        <TextField
          size="small"
          multiline
          minRows={2}
          label={t('sites.fields.hosts')}
          value={hostsText}
          onChange={(event) => setHostsText(event.target.value)}
          onBlur={() => leave('hosts')}
          error={shown('hosts') && !hostsValid}
          helperText={t('sites.fields.hostsHelp', { max: SITE_MAX_HOSTS })}
          slotProps={{ htmlInput: { 'data-testid': 'site-field-hosts' } }}
        />
        {site === null && <CopyFromField sites={sites} value={copyFrom} onChange={setCopyFrom} />}
        <SiteFields
          draft={draft}
          keys={KEYS}
          errors={shownErrors}
          onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
          onBlur={leave}
        />
        {site && <SiteLogoUpload site={site} />}
      </Stack>
    </FormDialog>
  );
}
