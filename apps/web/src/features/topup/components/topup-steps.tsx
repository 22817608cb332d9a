import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';

/** docs/screens.md#top-up: choose a method, pay, and the balance is credited. */
export function TopupSteps({ active }: { active: number }) {
  const { t } = useTranslation();
  const steps = [t('topup.steps.method'), t('topup.steps.pay'), t('topup.steps.credit')];
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ py: 1 }} data-testid="topup-steps">
      {steps.map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
