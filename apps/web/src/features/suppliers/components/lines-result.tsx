import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { AddLinesAnswer } from '../api/suppliers';

/** What add-lines made of pasted lines: added, duplicates, and every refused line with its reason. */
export function LinesResult({ result }: { result: AddLinesAnswer }) {
  const { t } = useTranslation();
  // `reasons` pairs each invalid line with why; a line without one still shows, as pasted.
  const reasons = new Map(result.reasons.map((r) => [r.line, r.reason]));
  return (
    <Stack spacing={1} data-testid="lines-result">
      <Alert severity={result.added > 0 ? 'success' : 'warning'} data-testid="lines-added">
        {t('suppliers.addLines.added', { count: result.added })}
      </Alert>
      {result.duplicates > 0 && (
        <Alert severity="info" data-testid="lines-duplicates">
          {t('suppliers.addLines.duplicates', { count: result.duplicates })}
        </Alert>
      )}
      {result.invalid.length > 0 ? (
        <Alert severity="error" data-testid="lines-invalid">
          {t('suppliers.addLines.invalid', { count: result.invalid.length })}
          <List dense disablePadding sx={{ maxHeight: 240, overflow: 'auto', mt: 0.5 }}>
            {result.invalid.map((line, i) => {
              const reason = reasons.get(line);
              return (
                <ListItem key={`${i}-${line}`} disableGutters data-testid="lines-invalid-line">
                  <ListItemText
                    primary={line}
                    secondary={reason ? t(`suppliers.addLines.reason.${reason}`) : undefined}
                    slotProps={{
                      primary: { sx: { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } },
                    }}
                  />
                </ListItem>
              );
            })}
          </List>
        </Alert>
      ) : (
        <Alert severity="success" variant="outlined">
          {t('suppliers.addLines.allGood')}
        </Alert>
      )}
    </Stack>
  );
}
