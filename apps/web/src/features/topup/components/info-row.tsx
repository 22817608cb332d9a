import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '@/components/copy-button';

interface InfoRowProps {
  label: string;
  value: ReactNode;
  /** The text the copy button copies; no button without it. */
  copy?: string;
  testId?: string;
  strong?: boolean;
}

/** One fact of the payment instructions (bank, account, content…) with a copy button. */
export function InfoRow({ label, value, copy, testId, strong = false }: InfoRowProps) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'space-between', py: 0.75, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {label}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
        <Typography
          data-testid={testId}
          sx={{
            fontWeight: strong ? 700 : 600,
            color: strong ? 'primary.main' : undefined,
            textAlign: 'right',
            overflowWrap: 'anywhere',
          }}
        >
          {value}
        </Typography>
        {copy !== undefined && <CopyButton text={copy} testId={testId ? `${testId}-copy` : undefined} />}
      </Stack>
    </Stack>
  );
}
