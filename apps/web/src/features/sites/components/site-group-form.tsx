import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TSiteAdmin } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useUpdateSite } from '../api/sites-admin';
import { bodyOf, draftErrors, draftOf, SiteFields, type DraftKey } from './site-fields';

/** One group of /admin/config (branding, flags, language, footer, analytics): its fields and Save. */
export function SiteGroupForm({
  site,
  keys,
  help,
  testId,
}: {
  site: TSiteAdmin;
  keys: readonly DraftKey[];
  help?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const update = useUpdateSite();
  const [draft, setDraft] = useState(() => draftOf(site));
  const errors = draftErrors(draft, keys);
  const invalid = Object.keys(errors).length > 0;
  return (
    <Stack spacing={1.5} data-testid={testId}>
      {help && (
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      )}
      <SiteFields
        draft={draft}
        keys={keys}
        errors={errors}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
      />
      <Stack direction="row">
        <Button
          variant="contained"
          disabled={invalid}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { id: site.id, body: bodyOf(draft, keys) },
              { onSuccess: () => notifySuccess(t('common.updated')) },
            )
          }
          data-testid={`${testId}-save`}
        >
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
