import { useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AGENCY_MAX_COMMISSION_PERCENT, type TAgency } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { notifySuccess } from '@/lib/notify';
import { useAdminUpdateAgency } from '../api/agency-admin';
import { AgencyTextFields } from './agency-text-fields';

/** 0–50, whole numbers only; null otherwise. */
function parsePercent(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) {
    return null;
  }
  const n = Number(text.trim());
  return n <= AGENCY_MAX_COMMISSION_PERCENT ? n : null;
}

/** The admin edits an agency's name, description, commission percent and end date. */
export function AgencyEditDialog({ agency, onClose }: { agency: TAgency; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useAdminUpdateAgency();
  const [name, setName] = useState(agency.name);
  const [description, setDescription] = useState(agency.description);
  const [percent, setPercent] = useState(String(agency.commissionPercent));
  const [endAt, setEndAt] = useState(agency.endAt ? agency.endAt.slice(0, 10) : '');
  const parsed = parsePercent(percent);
  return (
    <FormDialog
      title={t('agency.admin.editTitle', { code: agency.code })}
      testId="agency-edit-dialog"
      submitLabel={t('common.save')}
      submitTestId="agency-edit-save"
      loading={update.isPending}
      submitDisabled={parsed === null || name.trim() === ''}
      onSubmit={() =>
        update.mutate(
          {
            agencyId: agency.id,
            name,
            description,
            commissionPercent: parsed ?? agency.commissionPercent,
            endAt: endAt ? `${endAt}T00:00:00.000Z` : null,
          },
          {
            onSuccess: () => {
              notifySuccess(t('agency.admin.saved'));
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <AgencyTextFields
          name={name}
          description={description}
          onNameChange={setName}
          onDescriptionChange={setDescription}
        />
        <TextField
          label={t('agency.admin.commission')}
          value={percent}
          inputMode="numeric"
          onChange={(e) => setPercent(e.target.value)}
          error={parsed === null}
          helperText={t('agency.admin.commissionHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'agency-edit-percent' } }}
        />
        <TextField
          type="date"
          label={t('agency.admin.endAt')}
          value={endAt}
          onChange={(e) => setEndAt(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </FormDialog>
  );
}
