import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { ActiveSwitch } from '@/components/active-switch';

interface CatalogEditDialogProps<T extends FieldValues & { active: boolean }> {
  title: string;
  testId: string;
  saveTestId: string;
  /** The form's control, for its on-sale switch (the `active` field) below the other fields. */
  control: Control<T>;
  pending: boolean;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

/** Editing one row of the catalogue (a retail price or a package): its fields, then whether it is on sale. */
export function CatalogEditDialog<T extends FieldValues & { active: boolean }>({
  title,
  testId,
  saveTestId,
  control,
  pending,
  onSubmit,
  onClose,
  children,
}: CatalogEditDialogProps<T>) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={title}
      testId={testId}
      submitLabel={t('common.save')}
      submitTestId={saveTestId}
      loading={pending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {children}
        <ActiveSwitch control={control} label={t('admin.active')} />
      </Stack>
    </FormDialog>
  );
}
