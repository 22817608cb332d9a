import { useState } from 'react';
import Button from '@mui/material/Button';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import type { TTag } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import type { TagType } from '../api/tags';
import { TagsDialog } from './tag-dialogs';

/** The "Manage tags" button above a list, and its dialog. */
export function ManageTagsButton({ tagType, tags }: { tagType: TagType; tags: TTag[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<LocalOfferOutlined />}
        onClick={() => setOpen(true)}
        data-testid="tags-manage"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('proxies.tags.manage')}
      </Button>
      {open && <TagsDialog tagType={tagType} tags={tags} onClose={() => setOpen(false)} />}
    </>
  );
}
