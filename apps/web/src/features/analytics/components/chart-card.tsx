import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { saveText } from '@/lib/files';
import { SectionCard } from '@/components/section-card';

/** A chart's card with its CSV download. */
export function ChartCard({
  title,
  csv,
  filename,
  testId,
  children,
}: {
  title: string;
  csv: () => string;
  filename: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={title}
      testId={testId}
      action={
        <Button
          size="small"
          startIcon={<DownloadOutlined />}
          onClick={() => saveText(csv(), filename)}
          data-testid={`${testId}-csv`}
        >
          {t('analytics.csv')}
        </Button>
      }
    >
      {children}
    </SectionCard>
  );
}
