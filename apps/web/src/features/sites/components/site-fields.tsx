import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ZSiteUpdate, type TSiteAdmin, type TSiteUpdate } from '@proxy/contract';
import { useTranslation } from 'react-i18next';

/** The editable branding, flags and footer of a site, as the form holds them (text fields as typed). */
export interface SiteDraft {
  title: string;
  color: string;
  googlePixel: string;
  companyName: string;
  isOpenV6: boolean;
  isOpenV4: boolean;
  isOpenKey: boolean;
  showAgencyApi: boolean;
  forceEnglish: boolean;
  companyFooter: boolean;
}
export type DraftKey = keyof SiteDraft;

const TEXT_KEYS = ['title', 'color', 'googlePixel', 'companyName'] as const;
type TextKey = (typeof TEXT_KEYS)[number];
const isText = (key: DraftKey): key is TextKey => (TEXT_KEYS as readonly string[]).includes(key);

export function draftOf(site: TSiteAdmin | null): SiteDraft {
  return {
    title: site?.title ?? '',
    color: site?.color ?? '#2196F3',
    googlePixel: site?.googlePixel ?? '',
    companyName: site?.companyName ?? '',
    isOpenV6: site?.isOpenV6 ?? true,
    isOpenV4: site?.isOpenV4 ?? true,
    isOpenKey: site?.isOpenKey ?? true,
    showAgencyApi: site?.showAgencyApi ?? false,
    forceEnglish: site?.forceEnglish ?? false,
    companyFooter: site?.companyFooter ?? false,
  };
}

/** The request body for these keys: texts trimmed, an empty pixel or company name sent as null. */
export function bodyOf(draft: SiteDraft, keys: readonly DraftKey[]): TSiteUpdate {
  const body: Record<string, unknown> = {};
  for (const key of keys) {
    const value = draft[key];
    if (typeof value === 'string') {
      const text = value.trim();
      body[key] = (key === 'googlePixel' || key === 'companyName') && text === '' ? null : text;
    } else {
      body[key] = value;
    }
  }
  return body;
}

/** The fields the contract refuses, by key (the server checks the same schema). */
export function draftErrors(draft: SiteDraft, keys: readonly DraftKey[]): Partial<Record<DraftKey, true>> {
  const parsed = ZSiteUpdate.safeParse(bodyOf(draft, keys));
  const out: Partial<Record<DraftKey, true>> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    out[issue.path[0] as DraftKey] = true;
  }
  return out;
}

/** The label of each field (also of its rows in the change history). */
export const SITE_FIELD_LABEL = {
  title: 'sites.fields.title',
  color: 'sites.fields.color',
  googlePixel: 'sites.fields.googlePixel',
  companyName: 'sites.fields.companyName',
  isOpenV6: 'common.product.v6',
  isOpenV4: 'common.product.v4',
  isOpenKey: 'common.product.key',
  showAgencyApi: 'sites.fields.showAgencyApi',
  forceEnglish: 'sites.fields.forceEnglish',
  companyFooter: 'sites.fields.companyFooter',
} as const satisfies Record<DraftKey, string>;

/** Text fields and switches for `keys` of a draft. */
export function SiteFields({
  draft,
  keys,
  onChange,
  onBlur,
  errors,
}: {
  draft: SiteDraft;
  keys: readonly DraftKey[];
  onChange: (patch: Partial<SiteDraft>) => void;
  /** A text field lost the focus (a form that shows errors only once a field was left). */
  onBlur?: (key: DraftKey) => void;
  errors: Partial<Record<DraftKey, true>>;
}) {
  const { t } = useTranslation();
  const help = (key: TextKey) => {
    if (errors[key]) {
      return key === 'color' ? t('sites.fields.colorInvalid') : t('sites.fields.invalid');
    }
    return key === 'googlePixel' ? t('sites.fields.googlePixelHelp') : ' ';
  };
  return (
    <Stack spacing={1.5}>
      {keys.filter(isText).map((key) => (
        <Stack key={key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            fullWidth
            label={t(SITE_FIELD_LABEL[key])}
            value={draft[key]}
            onChange={(event) => onChange({ [key]: event.target.value })}
            onBlur={() => onBlur?.(key)}
            error={errors[key]}
            helperText={help(key)}
            slotProps={{ htmlInput: { 'data-testid': `site-field-${key}` } }}
          />
          {key === 'color' && (
            <Box
              component="input"
              type="color"
              aria-label={t('sites.fields.color')}
              value={/^#[0-9a-fA-F]{6}$/.test(draft.color) ? draft.color : '#2196f3'}
              onChange={(event) => onChange({ color: event.target.value.toUpperCase() })}
              sx={{ width: 44, height: 40, p: 0, border: 0, bgcolor: 'transparent', flexShrink: 0 }}
            />
          )}
        </Stack>
      ))}
      {keys.some((key) => !isText(key)) && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
          {keys
            .filter((key) => !isText(key))
            .map((key) => (
              <FormControlLabel
                key={key}
                label={t(SITE_FIELD_LABEL[key])}
                control={
                  <Switch
                    checked={draft[key]}
                    onChange={(_e, checked) => onChange({ [key]: checked })}
                    slotProps={{ input: { 'data-testid': `site-field-${key}` } as object }}
                  />
                }
              />
            ))}
        </Stack>
      )}
    </Stack>
  );
}
