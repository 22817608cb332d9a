import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { TTutorialAdmin } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifySuccess } from '@/lib/notify';
import { useAdminTutorials, useDeleteTutorial } from '../api/content-admin';
import { TutorialDialog } from './tutorial-dialog';

/** The site's tutorials: list, create, edit, delete. */
export function TutorialsEditor() {
  const { t, i18n } = useTranslation();
  const { data } = useAdminTutorials();
  const remove = useDeleteTutorial();
  const [editing, setEditing] = useState<TTutorialAdmin | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TTutorialAdmin | null>(null);
  const en = i18n.language === 'en';
  return (
    <Stack spacing={1}>
      <div>
        <Button startIcon={<Add />} variant="outlined" onClick={() => setEditing('new')} data-testid="tutorial-new">
          {t('content.admin.newTutorial')}
        </Button>
      </div>
      {data?.length === 0 && <Typography color="text.secondary">{t('content.tutorial.empty')}</Typography>}
      <List disablePadding>
        {data?.map((a) => (
          <ListItem
            key={a.id}
            divider
            secondaryAction={
              <>
                <Tooltip title={t('common.edit')}>
                  <IconButton onClick={() => setEditing(a)} aria-label={t('common.edit')}>
                    <EditOutlined />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('content.admin.remove')}>
                  <IconButton color="error" onClick={() => setDeleting(a)} aria-label={t('content.admin.remove')}>
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              </>
            }
            sx={{ pr: 12 }}
          >
            <ListItemText
              primary={en ? a.titleEng : a.title}
              secondary={`/${a.slug} · #${a.order}`}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      {editing && <TutorialDialog tutorial={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('content.admin.deleteTutorial')}
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('content.admin.saved'));
              setDeleting(null);
            },
          })
        }
      >
        {deleting && (en ? deleting.titleEng : deleting.title)}
      </ConfirmDialog>
    </Stack>
  );
}
