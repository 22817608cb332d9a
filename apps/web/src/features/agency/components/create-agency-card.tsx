import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZAgencyCreateRequest, type TAgencyCreateRequest } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { muiField } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { useCreateAgency } from '../api/create-agency';

/** A customer without an agency applies for one: name, description and the referral code. */
export function CreateAgencyCard() {
  const { t } = useTranslation();
  const create = useCreateAgency();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ZAgencyCreateRequest>, unknown, TAgencyCreateRequest>({
    resolver: zodResolver(ZAgencyCreateRequest),
    defaultValues: { name: '', description: '', code: '' },
  });
  const onSubmit = handleSubmit((values) =>
    create.mutate(values, { onSuccess: () => notifySuccess(t('agency.create.created')) }),
  );
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('agency.create.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('agency.intro')}
        </Typography>
        <Stack
          component="form"
          noValidate
          spacing={2}
          sx={{ maxWidth: 520 }}
          onSubmit={(event) => void onSubmit(event)}
        >
          <TextField
            {...muiField(register('name'))}
            label={t('agency.create.name')}
            required
            error={Boolean(errors.name)}
            slotProps={{ htmlInput: { 'data-testid': 'agency-create-name', maxLength: 100 } }}
          />
          <TextField
            {...muiField(register('description'))}
            label={t('agency.create.description')}
            multiline
            minRows={2}
            error={Boolean(errors.description)}
            slotProps={{ htmlInput: { 'data-testid': 'agency-create-description', maxLength: 1000 } }}
          />
          <TextField
            {...muiField(register('code'))}
            label={t('agency.create.code')}
            required
            autoComplete="off"
            error={Boolean(errors.code)}
            helperText={t('agency.create.codeHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'agency-create-code', maxLength: 32 } }}
          />
          <Button
            type="submit"
            variant="contained"
            loading={create.isPending}
            data-testid="agency-create-submit"
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('agency.create.submit')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
