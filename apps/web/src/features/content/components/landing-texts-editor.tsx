import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { TLanding } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useUpdateLanding } from '../api/content-admin';
import { HtmlPreview } from './html-preview';

type Texts = Pick<
  TLanding,
  'landingTitle' | 'landingDesc' | 'landingTitleEng' | 'landingDescEng' | 'html1' | 'html1Eng' | 'html2' | 'html2Eng'
>;
const FIELDS = {
  vi: { title: 'landingTitle', desc: 'landingDesc', html1: 'html1', html2: 'html2' },
  en: { title: 'landingTitleEng', desc: 'landingDescEng', html1: 'html1Eng', html2: 'html2Eng' },
} as const satisfies Record<string, Record<string, keyof Texts>>;

function textsOf(l: TLanding): Texts {
  const { landingTitle, landingDesc, landingTitleEng, landingDescEng, html1, html1Eng, html2, html2Eng } = l;
  return { landingTitle, landingDesc, landingTitleEng, landingDescEng, html1, html1Eng, html2, html2Eng };
}

const mono = { '& textarea': { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13 } };

/** The landing's titles, descriptions and two HTML blocks, one language at a time, with a preview. */
export function LandingTextsEditor({ landing }: { landing: TLanding }) {
  const { t } = useTranslation();
  const update = useUpdateLanding();
  const [lang, setLang] = useState<'vi' | 'en'>('vi');
  const [texts, setTexts] = useState<Texts>(() => textsOf(landing));
  const f = FIELDS[lang];
  const set = (key: keyof Texts) => (e: { target: { value: string } }) =>
    setTexts((x) => ({ ...x, [key]: e.target.value }));
  const save = () =>
    update.mutate(
      { id: landing.id, patch: texts },
      {
        onSuccess: (saved) => {
          // What the server kept after sanitising replaces the draft.
          setTexts(textsOf(saved));
          notifySuccess(t('content.admin.saved'));
        },
      },
    );
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup exclusive size="small" value={lang} onChange={(_, v: 'vi' | 'en' | null) => v && setLang(v)}>
        <ToggleButton value="vi" data-testid="landing-lang-vi">
          Tiếng Việt
        </ToggleButton>
        <ToggleButton value="en" data-testid="landing-lang-en">
          English
        </ToggleButton>
      </ToggleButtonGroup>
      <TextField
        label={t('content.admin.landingTitle')}
        value={texts[f.title]}
        onChange={set(f.title)}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': `landing-${f.title}` } }}
      />
      <TextField
        label={t('content.admin.landingDesc')}
        value={texts[f.desc]}
        onChange={set(f.desc)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('content.admin.htmlHelp')}
      </Typography>
      {(['html1', 'html2'] as const).map((block) => (
        <Grid container spacing={2} key={block}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              fullWidth
              multiline
              minRows={8}
              maxRows={16}
              label={t(`content.admin.${block}`)}
              value={texts[f[block]]}
              onChange={set(f[block])}
              sx={mono}
              slotProps={{ htmlInput: { spellCheck: false, 'data-testid': `landing-${f[block]}` } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="caption" color="text.secondary">
              {t('content.admin.preview')}
            </Typography>
            <HtmlPreview html={texts[f[block]]} height={220} />
          </Grid>
        </Grid>
      ))}
      <div>
        <Button variant="contained" onClick={save} loading={update.isPending} data-testid="landing-save">
          {t('common.save')}
        </Button>
      </div>
    </Stack>
  );
}
