import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { formatDateTime, type TAgency } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '@/components/copy-button';
import { FormDialog } from '@/components/form-dialog';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notify';
import { useUpdateAgency } from '../api/update-agency';
import { AgencyStatusChip } from './agency-status-chip';
import { AgencyTextFields } from './agency-text-fields';

/** The address a new customer opens to register with the agency's code filled in. */
export function shareLinkOf(code: string): string {
  return `${window.location.origin}${paths.auth.register.getHref()}?ref=${encodeURIComponent(code)}`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.25, sm: 2 }} sx={{ alignItems: { sm: 'center' } }}>
      <Typography color="text.secondary" sx={{ minWidth: 150 }}>
        {label}
      </Typography>
      <Box sx={{ fontWeight: 600, minWidth: 0, wordBreak: 'break-word' }}>{children}</Box>
    </Stack>
  );
}

function EditDialog({ agency, onClose }: { agency: TAgency; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateAgency();
  const [name, setName] = useState(agency.name);
  const [description, setDescription] = useState(agency.description);
  return (
    <FormDialog
      title={t('agency.info.edit')}
      submitLabel={t('common.save')}
      submitTestId="agency-edit-submit"
      loading={update.isPending}
      submitDisabled={name.trim() === ''}
      onSubmit={() =>
        update.mutate(
          { name, description },
          {
            onSuccess: () => {
              notifySuccess(t('agency.info.saved'));
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
      </Stack>
    </FormDialog>
  );
}

/** The owner's agency: its facts, status and the referral link to share. */
export function AgencyInfoCard({ agency }: { agency: TAgency }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const link = shareLinkOf(agency.code);
  const copy = () => void copyWithToast(link, { copied: t('agency.info.copied'), failed: t('agency.info.copyFailed') });
  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }} data-testid="agency-name">
            {agency.name}
          </Typography>
          <AgencyStatusChip status={agency.status} />
          <Button size="small" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('agency.info.edit')}
          </Button>
        </Stack>
        {agency.status !== 'active' && (
          <Alert severity={agency.status === 'pending' ? 'info' : 'warning'} sx={{ mb: 2 }}>
            {t(agency.status === 'pending' ? 'agency.pendingNote' : 'agency.disabledNote')}
          </Alert>
        )}
        {agency.description && (
          <Typography color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
            {agency.description}
          </Typography>
        )}
        <Stack spacing={1.25}>
          <Row label={t('agency.info.code')}>
            <span data-testid="agency-code">{agency.code}</span>
          </Row>
          <Row label={t('agency.info.commission')}>
            <span data-testid="agency-commission">{agency.commissionPercent}%</span>
          </Row>
          <Row label={t('agency.info.createdAt')}>{formatDateTime(agency.createdAt)}</Row>
          {agency.startAt && <Row label={t('agency.info.startAt')}>{formatDateTime(agency.startAt)}</Row>}
          {agency.endAt && <Row label={t('agency.info.endAt')}>{formatDateTime(agency.endAt)}</Row>}
          <Row label={t('agency.info.shareLink')}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography
                component="span"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                data-testid="agency-share-link"
              >
                {link}
              </Typography>
              <Button
                size="small"
                variant="outlined"
                startIcon={<ContentCopy />}
                onClick={copy}
                data-testid="agency-copy-link"
              >
                {t('agency.info.copy')}
              </Button>
            </Stack>
          </Row>
        </Stack>
      </CardContent>
      {editing && <EditDialog agency={agency} onClose={() => setEditing(false)} />}
    </Card>
  );
}
