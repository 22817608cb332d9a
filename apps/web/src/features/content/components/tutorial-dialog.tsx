import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TTutorialAdmin, TTutorialInput } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useSaveTutorial } from '../api/content-admin';
import { HtmlPreview } from './html-preview';

type Draft = Required<TTutorialInput>;
const EMPTY: Draft = {
  slug: '',
  title: '',
  titleEng: '',
  summary: '',
  summaryEng: '',
  html: '',
  htmlEng: '',
  order: 0,
};

type FieldProps = (key: keyof Draft) => {
  value: Draft[keyof Draft];
  onChange: (e: { target: { value: string } }) => void;
};

/** The tutorial in one language: its title, summary and HTML, beside a preview of the HTML. */
function TutorialText({ draft, en, field }: { draft: Draft; en: boolean; field: FieldProps }) {
  const { t } = useTranslation();
  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          fullWidth
          size="small"
          label={t(en ? 'content.admin.titleEng' : 'content.admin.title')}
          {...field(en ? 'titleEng' : 'title')}
          slotProps={{ htmlInput: { 'data-testid': `tutorial-${en ? 'titleEng' : 'title'}` } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          fullWidth
          size="small"
          label={t('content.admin.summary')}
          {...field(en ? 'summaryEng' : 'summary')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          fullWidth
          multiline
          minRows={12}
          maxRows={24}
          label="HTML"
          {...field(en ? 'htmlEng' : 'html')}
          sx={{ '& textarea': { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13 } }}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Typography variant="caption" color="text.secondary">
          {t('content.admin.preview')}
        </Typography>
        <HtmlPreview html={en ? draft.htmlEng : draft.html} height={320} />
      </Grid>
    </>
  );
}

/** Create or edit a tutorial, both languages, with a preview of its HTML. */
export function TutorialDialog({ tutorial, onClose }: { tutorial: TTutorialAdmin | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const save = useSaveTutorial();
  const [draft, setDraft] = useState<Draft>(() => (tutorial ? { ...EMPTY, ...tutorial } : EMPTY));
  const [lang, setLang] = useState<'vi' | 'en'>('vi');
  const en = lang === 'en';
  const field: FieldProps = (key) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [key]: key === 'order' ? Number(e.target.value) : e.target.value })),
  });
  const submit = () =>
    save.mutate(
      { id: tutorial?.id ?? null, input: draft },
      {
        onSuccess: () => {
          notifySuccess(t('content.admin.saved'));
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen}>
      <DialogTitle>{tutorial ? t('content.admin.editTutorial') : t('content.admin.newTutorial')}</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 8, md: 6 }}>
            <TextField
              fullWidth
              size="small"
              label={t('content.admin.slug')}
              {...field('slug')}
              helperText={t('content.admin.slugHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'tutorial-slug' } }}
            />
          </Grid>
          <Grid size={{ xs: 4, md: 2 }}>
            <TextField fullWidth size="small" type="number" label={t('content.admin.order')} {...field('order')} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={lang}
              onChange={(_, v: 'vi' | 'en' | null) => v && setLang(v)}
            >
              <ToggleButton value="vi">Tiếng Việt</ToggleButton>
              <ToggleButton value="en">English</ToggleButton>
            </ToggleButtonGroup>
          </Grid>
          <TutorialText draft={draft} en={en} field={field} />
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="tutorial-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
