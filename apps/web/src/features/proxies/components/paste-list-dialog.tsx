import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type TProxy, type TProxyMatchResponse } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import type { ProxyType } from '../api/list-proxies';
import { useMatchProxies } from '../api/match-proxies';
import { formatNumber } from '@/lib/format';

function Lines({ title, lines, testId }: { title: string; lines: string[]; testId: string }) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0, flex: 1 }}>
      <Typography variant="subtitle2">{title}</Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          mt: 0.5,
          p: 1,
          maxHeight: 160,
          overflow: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 12,
        }}
      >
        {lines.slice(0, 500).join('\n')}
        {lines.length > 500 ? `\n… +${formatNumber(lines.length - 500)}` : ''}
      </Box>
    </Box>
  );
}

/** How many pasted lines matched a proxy and how many did not, with both lists. */
function MatchResult({ result, otherType }: { result: TProxyMatchResponse; otherType: number }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }} data-testid="paste-result">
      <Stack direction="row" spacing={2}>
        <Typography color="success.main" sx={{ fontWeight: 600 }} data-testid="paste-matched-count">
          {t('audit.paste.matched', { count: result.matched.length })}
        </Typography>
        <Typography color="text.secondary" sx={{ fontWeight: 600 }} data-testid="paste-unmatched-count">
          {t('audit.paste.unmatched', { count: result.unmatched.length })}
        </Typography>
      </Stack>
      {otherType > 0 && <Alert severity="info">{t('audit.paste.otherType', { count: otherType })}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Lines
          title={t('audit.paste.matched', { count: result.matched.length })}
          lines={result.matched.map((m) => m.line)}
          testId="paste-matched-lines"
        />
        <Lines
          title={t('audit.paste.unmatched', { count: result.unmatched.length })}
          lines={result.unmatched}
          testId="paste-unmatched-lines"
        />
      </Stack>
    </Stack>
  );
}

/**
 * "Paste list" on /manage-proxy: the server matches the pasted lines against the caller's proxies;
 * "Select matched" hands this tab's matched proxies to the batch actions (any page of the list).
 */
export function PasteListDialog({
  type,
  onSelect,
  onClose,
}: {
  type: ProxyType;
  /** The matched proxies of this tab, and how many pasted lines matched none. */
  onSelect: (proxies: TProxy[], unmatched: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [result, setResult] = useState<TProxyMatchResponse | null>(null);
  const match = useMatchProxies();
  const ofType = (result?.proxies ?? []).filter((p) => p.type === type);
  const otherType = (result?.proxies ?? []).length - ofType.length;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="paste-dialog" aria-labelledby="paste-title">
      <DialogTitle id="paste-title">{t('audit.paste.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 1.5 }}>
          {t('audit.paste.hint')}
        </DialogContentText>
        <TextField
          label={t('audit.paste.label')}
          multiline
          minRows={5}
          maxRows={12}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': 'paste-text', spellCheck: false, style: { fontFamily: 'monospace' } },
          }}
        />
        {result && <MatchResult result={result} otherType={otherType} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="outlined"
          // Not disabled while the match runs: a disabled button drops the keyboard focus to the page,
          // and Escape (handled by the dialog) would no longer close it. A second click waits instead.
          disabled={text.trim() === ''}
          aria-busy={match.isPending}
          onClick={() => {
            if (!match.isPending) {
              match.mutate(text, { onSuccess: setResult });
            }
          }}
          data-testid="paste-submit"
        >
          {t('audit.paste.submit')}
        </Button>
        <Button
          variant="contained"
          disabled={ofType.length === 0}
          onClick={() => onSelect(ofType, result?.unmatched.length ?? 0)}
          data-testid="paste-select"
        >
          {t('audit.paste.select')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
