import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog';
import { EnableTwoFactorDialog } from './enable-two-factor-dialog';
import { RegenerateCodesDialog } from './regenerate-codes-dialog';

export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  // Which dialog is open is fixed on click: `enabled` flips while the dialog finishes.
  const [dialog, setDialog] = useState<'enable' | 'disable' | 'codes' | null>(null);
  const close = () => setDialog(null);

  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t('account.twoFactor.title')}
          </Typography>
          <Chip
            size="small"
            data-testid="twofa-status"
            color={enabled ? 'success' : 'default'}
            label={enabled ? t('account.twoFactor.statusOn') : t('account.twoFactor.statusOff')}
          />
        </Box>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('account.twoFactor.description')}
        </Typography>
        <Button
          variant={enabled ? 'outlined' : 'contained'}
          color={enabled ? 'error' : 'primary'}
          data-testid="twofa-toggle"
          onClick={() => setDialog(enabled ? 'disable' : 'enable')}
        >
          {enabled ? t('account.twoFactor.disable') : t('account.twoFactor.enable')}
        </Button>
        {enabled && (
          <Button sx={{ ml: 1 }} onClick={() => setDialog('codes')} data-testid="recovery-regenerate">
            {t('account.twoFactor.regenerate')}
          </Button>
        )}
      </CardContent>
      {dialog === 'enable' && <EnableTwoFactorDialog onClose={close} />}
      {dialog === 'disable' && <DisableTwoFactorDialog onClose={close} />}
      {dialog === 'codes' && <RegenerateCodesDialog onClose={close} />}
    </Card>
  );
}
