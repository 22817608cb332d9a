import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Stop from '@mui/icons-material/Stop';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { CheckResults } from '../components/check-results';
import { useProxyCheck } from '../hooks/use-proxy-check';
import { countResults, looksLikeProxy, MAX_CHECK_LINES, proxyLines, type CheckProtocol } from '../utils/check-result';

const PROTOCOLS: CheckProtocol[] = ['auto', 'http', 'socks5'];

/** The proxies to check, one a line (at most MAX_CHECK_LINES). */
function ProxyListField({
  value,
  onChange,
  count,
  tooMany,
}: {
  value: string;
  onChange: (text: string) => void;
  count: number;
  tooMany: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      multiline
      minRows={6}
      maxRows={14}
      label={t('tools.checkProxy.input')}
      placeholder={'203.0.113.10:8080\n203.0.113.11:1080:user:password'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={tooMany}
      helperText={
        tooMany
          ? t('tools.checkProxy.tooMany', { max: MAX_CHECK_LINES })
          : t('tools.checkProxy.lineCount', { count: count, max: MAX_CHECK_LINES })
      }
      slotProps={{
        htmlInput: {
          spellCheck: false,
          'data-testid': 'check-input',
          // One proxy per line, scrolled sideways on a phone rather than wrapped.
          wrap: 'off',
          style: { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre', overflowX: 'auto' },
        },
      }}
    />
  );
}

/** A run's progress (done of total, live and dead) and its results so far. */
function CheckRun({ check }: { check: ReturnType<typeof useProxyCheck> }) {
  const { t } = useTranslation();
  const counts = countResults(check.results);
  const progress = check.total ? Math.round((counts.done / check.total) * 100) : 0;
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Box data-testid="check-progress">
            <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5, flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="check-counts">
                {t('tools.checkProxy.progress', { done: counts.done, total: check.total })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('tools.checkProxy.summary', { live: counts.live, dead: counts.dead })}
              </Typography>
            </Stack>
            <LinearProgress
              variant={check.running && counts.done === 0 ? 'indeterminate' : 'determinate'}
              value={progress}
              color={check.failed ? 'error' : 'primary'}
              sx={{ height: 8, borderRadius: 4 }}
            />
          </Box>
          <CheckResults results={check.results} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /check-proxy: the free Check Proxy tool (docs/product-rules.md#constants): up to 500 proxies a run. */
export function CheckProxyRoute() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [protocol, setProtocol] = useState<CheckProtocol>('auto');
  const check = useProxyCheck();
  const lines = proxyLines(text);
  const tooMany = lines.length > MAX_CHECK_LINES;
  const malformed = lines.filter((l) => !looksLikeProxy(l)).length;

  return (
    <Stack spacing={2}>
      <PageHeader title={t('tools.checkProxy.title')} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography color="text.secondary">{t('tools.checkProxy.description')}</Typography>
            <ProxyListField value={text} onChange={setText} count={lines.length} tooMany={tooMany} />
            {malformed > 0 && !tooMany && (
              <Alert severity="warning">{t('tools.checkProxy.malformed', { count: malformed })}</Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                select
                size="small"
                label={t('tools.checkProxy.protocol')}
                value={protocol}
                onChange={(event) => setProtocol(event.target.value as CheckProtocol)}
                sx={{ width: { xs: '100%', sm: 220 } }}
                slotProps={{ htmlInput: { 'data-testid': 'check-protocol' } }}
              >
                {PROTOCOLS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`tools.checkProxy.protocols.${p}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Box sx={{ flexShrink: 0 }}>
                {check.running ? (
                  <Button
                    variant="outlined"
                    color="error"
                    startIcon={<Stop />}
                    onClick={check.stop}
                    data-testid="check-stop"
                  >
                    {t('tools.checkProxy.stop')}
                  </Button>
                ) : (
                  <Button
                    variant="contained"
                    startIcon={<PlayArrow />}
                    disabled={lines.length === 0 || tooMany}
                    onClick={() => void check.start(lines, protocol)}
                    data-testid="check-start"
                  >
                    {t('tools.checkProxy.start')}
                  </Button>
                )}
              </Box>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      {check.total > 0 && <CheckRun check={check} />}
    </Stack>
  );
}
