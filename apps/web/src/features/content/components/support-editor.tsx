import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SUPPORT_CHANNEL_KINDS,
  type TDownload,
  type TDownloads,
  type TSupportChannel,
  type TSupportInfo,
} from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useSaveDownloads, useSaveSupport } from '../api/content-admin';
import { RecordListEditor } from './record-list-editor';

const EMPTY_CHANNEL: TSupportChannel = { kind: 'telegram', label: '', value: '' };

/** admin/add-support (docs/screens.md#tools-tutorials-support): the channels, hours, note and the layout's support icons. */
export function SupportEditor({ support }: { support: TSupportInfo }) {
  const { t } = useTranslation();
  const save = useSaveSupport();
  const [info, setInfo] = useState(support);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('content.admin.channelHelp')}
      </Typography>
      <RecordListEditor<TSupportChannel & Record<string, string>>
        items={info.channels}
        onChange={(channels) => setInfo({ ...info, channels })}
        empty={EMPTY_CHANNEL}
        testId="support-editor"
        fields={[
          {
            key: 'kind',
            label: t('content.admin.channelKind'),
            md: 3,
            options: SUPPORT_CHANNEL_KINDS.map((k) => ({ value: k, label: t(`content.support.kinds.${k}`) })),
          },
          { key: 'label', label: t('content.admin.channelLabel'), md: 3 },
          { key: 'value', label: t('content.admin.channelValue'), md: 6 },
        ]}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            fullWidth
            label={t('content.support.hours')}
            value={info.hours}
            onChange={(e) => setInfo({ ...info, hours: e.target.value })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            fullWidth
            multiline
            label={t('content.admin.note')}
            value={info.note}
            onChange={(e) => setInfo({ ...info, note: e.target.value })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            fullWidth
            multiline
            label={t('content.admin.noteEng')}
            value={info.noteEng}
            onChange={(e) => setInfo({ ...info, noteEng: e.target.value })}
          />
        </Grid>
      </Grid>
      <FormControlLabel
        control={
          <Switch checked={info.showIcons} onChange={(e) => setInfo({ ...info, showIcons: e.target.checked })} />
        }
        label={t('content.admin.showIcons')}
      />
      <div>
        <Button
          variant="contained"
          loading={save.isPending}
          onClick={() =>
            save.mutate(info, {
              onSuccess: (s) => {
                setInfo(s);
                notifySuccess(t('content.admin.saved'));
              },
            })
          }
          data-testid="support-save"
        >
          {t('common.save')}
        </Button>
      </div>
    </Stack>
  );
}

const EMPTY_DOWNLOAD: TDownload = { title: '', titleEng: '', description: '', descriptionEng: '', url: 'https://' };

/** The tools page's downloads: title, description (both languages) and an http(s) link. */
export function DownloadsEditor({ downloads }: { downloads: TDownloads }) {
  const { t } = useTranslation();
  const save = useSaveDownloads();
  const [items, setItems] = useState(downloads.items);
  return (
    <Stack spacing={2}>
      <RecordListEditor
        items={items}
        onChange={setItems}
        empty={EMPTY_DOWNLOAD}
        testId="downloads-editor"
        fields={[
          { key: 'title', label: t('content.admin.title') },
          { key: 'titleEng', label: t('content.admin.titleEng') },
          { key: 'description', label: t('content.admin.description'), multiline: true },
          { key: 'descriptionEng', label: t('content.admin.descriptionEng'), multiline: true },
          { key: 'url', label: t('content.admin.url'), md: 12 },
        ]}
      />
      <div>
        <Button
          variant="contained"
          loading={save.isPending}
          onClick={() => save.mutate({ items }, { onSuccess: () => notifySuccess(t('content.admin.saved')) })}
        >
          {t('common.save')}
        </Button>
      </div>
    </Stack>
  );
}
