import Chip, { type ChipProps } from '@mui/material/Chip';
import type { AgencyStatus } from '@proxy/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<AgencyStatus, ChipProps['color']> = { pending: 'warning', active: 'success', disabled: 'default' };

export function AgencyStatusChip({ status }: { status: AgencyStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      label={t(`agency.status.${status}`)}
      data-testid="agency-status"
      data-status={status}
    />
  );
}
