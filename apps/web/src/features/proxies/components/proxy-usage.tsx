import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { BarChart } from '@mui/x-charts/BarChart';
import { USAGE_STEPS, type TUsagePoint, type UsageStep } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/format';
import { useUsageHistory } from '../api/usage';
import { useLiveUsage } from '../hooks/use-live-usage';

const HEIGHT = 180;
const pad = (n: number) => String(n).padStart(2, '0');
const bytes = (v: number | null) => formatBytes(v ?? 0);
/** Axis labels in the viewer's local time, in the HH:mm DD/MM/YYYY convention (docs/product-rules.md#formats). */
const labels: Record<UsageStep | 'second', (d: Date) => string> = {
  second: (d) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
  minute: (d) => `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  hour: (d) => `${pad(d.getHours())}:00 ${pad(d.getDate())}/${pad(d.getMonth() + 1)}`,
  day: (d) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}`,
};
const yAxis = (values: number[]) => [{ min: 0, max: Math.max(1024, ...values), valueFormatter: bytes, width: 64 }];

/** The bytes per second of the last minute, moving every second (GET /api/usage/live). */
function LiveUsageChart({ proxyId }: { proxyId: string }) {
  const { t } = useTranslation();
  const live = useLiveUsage(proxyId);
  const idle = live.totalIn + live.totalOut === 0;
  return (
    <Box data-testid="usage-live">
      <Typography variant="subtitle2">{t('usage.live')}</Typography>
      <Typography variant="body2" color="text.secondary" data-testid="usage-live-totals">
        {idle
          ? t('usage.liveIdle')
          : t('usage.liveTotals', { in: formatBytes(live.totalIn), out: formatBytes(live.totalOut) })}
      </Typography>
      <LineChart
        height={HEIGHT}
        skipAnimation
        margin={{ left: 4, right: 8 }}
        xAxis={[
          {
            scaleType: 'point',
            data: live.seconds.map((s) => s.at),
            valueFormatter: (v: number) => labels.second(new Date(v)),
            tickInterval: (_v: number, i: number) => i % 15 === 0,
          },
        ]}
        yAxis={yAxis(live.seconds.flatMap((s) => [s.bytesIn, s.bytesOut]))}
        series={[
          {
            data: live.seconds.map((s) => s.bytesIn),
            label: t('usage.upload'),
            valueFormatter: bytes,
            showMark: false,
            curve: 'linear',
          },
          {
            data: live.seconds.map((s) => s.bytesOut),
            label: t('usage.download'),
            valueFormatter: bytes,
            showMark: false,
            curve: 'linear',
            area: true,
          },
        ]}
      />
    </Box>
  );
}

function sum(points: TUsagePoint[]) {
  return points.reduce((s, p) => ({ in: s.in + p.bytesIn, out: s.out + p.bytesOut }), { in: 0, out: 0 });
}

/** Bytes per minute, hour or day (GET /api/usage/proxy/:id), and the package quota when there is one. */
function UsageHistory({ proxyId }: { proxyId: string }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<UsageStep>('minute');
  const history = useUsageHistory(proxyId, step);
  const points = history.data?.points ?? [];
  const totals = sum(points);
  const quota = history.data?.quota;
  return (
    <Box data-testid="usage-history">
      <Typography variant="subtitle2">{t('usage.history')}</Typography>
      <Tabs value={step} onChange={(_e, v: UsageStep) => setStep(v)} variant="fullWidth" sx={{ minHeight: 36 }}>
        {USAGE_STEPS.map((s) => (
          <Tab
            key={s}
            value={s}
            label={t(`usage.steps.${s}`)}
            data-testid={`usage-step-${s}`}
            sx={{ minHeight: 36, py: 0.5 }}
          />
        ))}
      </Tabs>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t(`usage.stepRange.${step}`)} ·{' '}
        {t('usage.total', { in: formatBytes(totals.in), out: formatBytes(totals.out) })}
      </Typography>
      {history.isError && <Alert severity="error">{t('usage.loadError')}</Alert>}
      {history.isPending ? (
        <LinearProgress sx={{ my: 2 }} />
      ) : (
        <BarChart
          height={HEIGHT}
          skipAnimation
          margin={{ left: 4, right: 8 }}
          xAxis={[
            {
              scaleType: 'band',
              data: points.map((p) => p.at),
              valueFormatter: (v: string) => labels[step](new Date(v)),
              tickInterval: (_v: string, i: number) => i % Math.max(1, Math.ceil(points.length / 6)) === 0,
            },
          ]}
          yAxis={yAxis(points.flatMap((p) => [p.bytesIn + p.bytesOut]))}
          series={[
            { data: points.map((p) => p.bytesIn), label: t('usage.upload'), valueFormatter: bytes, stack: 'bytes' },
            { data: points.map((p) => p.bytesOut), label: t('usage.download'), valueFormatter: bytes, stack: 'bytes' },
          ]}
        />
      )}
      {quota && (
        <Box data-testid="usage-quota" sx={{ mt: 1 }}>
          <Typography variant="subtitle2">{t('usage.quota')}</Typography>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (quota.usedBytes / Math.max(1, quota.limitBytes)) * 100)}
            sx={{ my: 0.5 }}
          />
          <Typography variant="body2">
            {t('usage.quotaValue', {
              used: formatBytes(quota.usedBytes),
              limit: formatBytes(quota.limitBytes),
              left: formatBytes(quota.leftBytes),
            })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

/** A proxy's traffic in its details drawer: live, history and quota. Loaded as its own chunk. */
export default function ProxyUsage({ proxyId }: { proxyId: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ pt: 2 }} data-testid="proxy-usage">
      <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        {t('usage.title')}
      </Typography>
      <LiveUsageChart proxyId={proxyId} />
      <UsageHistory proxyId={proxyId} />
    </Box>
  );
}
