import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { TTag } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTagEdits, useTagItems, type TagType } from '../api/tags';
import { formatNumber } from '@/lib/format';

const TAG_NAME_MAX = 50;

/** A tag's name and how many it holds, with its rename and delete buttons. */
function TagView({ tag, onRename, onDelete }: { tag: TTag; onRename: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <ListItemText
        primary={tag.tagName}
        secondary={t('proxies.tags.count', { count: tag.count, n: formatNumber(tag.count) })}
        slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
      />
      <Tooltip title={t('proxies.tags.rename')}>
        <IconButton onClick={onRename} data-testid="tag-rename" aria-label={t('proxies.tags.rename')}>
          <EditOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('common.delete')}>
        <IconButton color="error" onClick={onDelete} data-testid="tag-delete" aria-label={t('common.delete')}>
          <DeleteOutline />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** One tag's row: its name and count, renamed in place or deleted after a question. */
function TagRow({ tag, edits }: { tag: TTag; edits: ReturnType<typeof useTagEdits> }) {
  const { t } = useTranslation();
  const [name, setName] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const save = () => {
    const tagName = (name ?? '').trim();
    if (!tagName) {
      notifyError(t('proxies.tags.nameRequired'));
      return;
    }
    edits.rename.mutate(
      { id: tag.id, tagName },
      {
        onSuccess: () => {
          setName(null);
          notifySuccess(t('proxies.tags.renamed'));
        },
      },
    );
  };
  return (
    <ListItem divider data-testid="tag-row" data-tag={tag.tagName} sx={{ gap: 1, px: 0 }}>
      {name === null ? (
        <TagView tag={tag} onRename={() => setName(tag.tagName)} onDelete={() => setDeleting(true)} />
      ) : (
        <>
          <TextField
            size="small"
            fullWidth
            autoFocus
            label={t('proxies.tags.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                save();
              }
            }}
            slotProps={{ htmlInput: { maxLength: TAG_NAME_MAX, 'data-testid': 'tag-rename-input' } }}
          />
          <IconButton
            color="primary"
            onClick={save}
            loading={edits.rename.isPending}
            data-testid="tag-rename-save"
            aria-label={t('common.save')}
          >
            <CheckOutlined />
          </IconButton>
          <IconButton onClick={() => setName(null)} aria-label={t('common.cancel')}>
            <CloseOutlined />
          </IconButton>
        </>
      )}
      <ConfirmDialog
        open={deleting}
        danger
        title={t('proxies.tags.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={edits.remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          edits.remove.mutate(tag.id, {
            onSuccess: () => {
              setDeleting(false);
              notifySuccess(t('proxies.tags.deleted'));
            },
          })
        }
        testId="tag-delete-dialog"
      >
        <DialogContentText>{t('proxies.tags.deleteMessage', { name: tag.tagName })}</DialogContentText>
      </ConfirmDialog>
    </ListItem>
  );
}

/** Create, rename and delete the tags of one type (v6, v4 or key). */
export function TagsDialog({ tagType, tags, onClose }: { tagType: TagType; tags: TTag[]; onClose: () => void }) {
  const { t } = useTranslation();
  const edits = useTagEdits(tagType);
  const [name, setName] = useState('');
  // The create button is disabled while it saves, which would drop its focus out of the dialog (and
  // with it Escape and the focus trap) until the save ends: focus moves to the name field as the save
  // starts, ready for the next tag.
  const nameInput = useRef<HTMLInputElement>(null);
  const create = () => {
    const tagName = name.trim();
    if (!tagName) {
      notifyError(t('proxies.tags.nameRequired'));
      return;
    }
    nameInput.current?.focus();
    edits.create.mutate(tagName, {
      onSuccess: () => {
        setName('');
        notifySuccess(t('proxies.tags.created'));
      },
    });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="tags-dialog">
      <DialogTitle>{t('proxies.tags.title')}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ pt: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            fullWidth
            label={t('proxies.tags.name')}
            value={name}
            inputRef={nameInput}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                create();
              }
            }}
            slotProps={{ htmlInput: { maxLength: TAG_NAME_MAX, 'data-testid': 'tag-name-input' } }}
          />
          <Button
            variant="contained"
            onClick={create}
            loading={edits.create.isPending}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            data-testid="tag-create"
          >
            {t('proxies.tags.create')}
          </Button>
        </Stack>
        {tags.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('proxies.tags.empty')}
          </Typography>
        ) : (
          <List dense sx={{ mt: 1 }}>
            {tags.map((tag) => (
              <TagRow key={tag.id} tag={tag} edits={edits} />
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Puts the chosen rows under a tag, or takes them out of it. */
export function TagAssignDialog({
  tagType,
  tags,
  ids,
  onDone,
}: {
  tagType: TagType;
  tags: TTag[];
  ids: string[];
  onDone: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const [tagId, setTagId] = useState(tags[0]?.id ?? '');
  const tagItems = useTagItems(tagType);
  const count = ids.length;
  const run = (untag: boolean) =>
    tagItems.mutate(
      { tagId, ids, untag },
      {
        onSuccess: () => {
          notifySuccess(t(untag ? 'proxies.tags.removed' : 'proxies.tags.added', { count }));
          onDone(true);
        },
      },
    );
  return (
    <FormDialog
      title={t('proxies.tags.assignTitle', { count })}
      testId="tag-assign-dialog"
      submitLabel={t('proxies.tags.add')}
      submitTestId="tag-assign-add"
      loading={tagItems.isPending && !tagItems.variables?.untag}
      submitDisabled={!tagId}
      onSubmit={() => run(false)}
      onClose={() => onDone(false)}
    >
      {tags.length === 0 ? (
        <DialogContentText>{t('proxies.tags.noTags')}</DialogContentText>
      ) : (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('proxies.tags.choose')}
            value={tagId}
            onChange={(event) => setTagId(event.target.value)}
            data-testid="tag-assign-select"
          >
            {tags.map((tag) => (
              <MenuItem key={tag.id} value={tag.id}>
                {tag.tagName}
              </MenuItem>
            ))}
          </TextField>
          <DialogActions sx={{ p: 0 }}>
            <Button
              color="error"
              disabled={!tagId}
              loading={tagItems.isPending && tagItems.variables?.untag === true}
              onClick={() => run(true)}
              data-testid="tag-assign-remove"
            >
              {t('proxies.tags.remove')}
            </Button>
          </DialogActions>
        </Stack>
      )}
    </FormDialog>
  );
}
