import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';

export interface RecordField<T> {
  key: keyof T & string;
  label: string;
  multiline?: boolean;
  /** A select of these values (with their labels) instead of free text. */
  options?: { value: string; label: string }[];
  /** Grid width on md screens (12 columns). */
  md?: number;
}

/** Move a record up or down the list, or remove it. */
function RecordActions({
  first,
  last,
  onMove,
  onRemove,
}: {
  first: boolean;
  last: boolean;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 0.5 }}>
      <Tooltip title={t('content.admin.moveUp')}>
        <span>
          <IconButton size="small" disabled={first} onClick={() => onMove(-1)} aria-label={t('content.admin.moveUp')}>
            <ArrowUpward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('content.admin.moveDown')}>
        <span>
          <IconButton size="small" disabled={last} onClick={() => onMove(1)} aria-label={t('content.admin.moveDown')}>
            <ArrowDownward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('content.admin.remove')}>
        <IconButton size="small" color="error" onClick={onRemove} aria-label={t('content.admin.remove')}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** An editable list of small records (FAQ, quotes, downloads, support channels), saved as a whole. */
export function RecordListEditor<T extends Record<string, string>>({
  items,
  onChange,
  fields,
  empty,
  testId,
}: {
  items: T[];
  onChange: (items: T[]) => void;
  fields: RecordField<T>[];
  empty: T;
  testId: string;
}) {
  const { t } = useTranslation();
  const set = (i: number, key: keyof T, value: string) =>
    onChange(items.map((it, j) => (j === i ? { ...it, [key]: value } : it)));
  const move = (i: number, by: number) => {
    const next = [...items];
    const [it] = next.splice(i, 1);
    next.splice(i + by, 0, it!);
    onChange(next);
  };
  return (
    <Stack spacing={1.5} data-testid={testId}>
      {items.length === 0 && <Typography color="text.secondary">{t('content.admin.noItems')}</Typography>}
      {items.map((item, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 1.5 }}>
          <Grid container spacing={1.5}>
            {fields.map((f) => (
              <Grid key={f.key} size={{ xs: 12, md: f.md ?? 6 }}>
                <TextField
                  fullWidth
                  size="small"
                  select={f.options !== undefined}
                  multiline={f.multiline}
                  minRows={f.multiline ? 2 : undefined}
                  label={f.label}
                  value={item[f.key]}
                  onChange={(e) => set(i, f.key, e.target.value)}
                  slotProps={{ htmlInput: { 'data-testid': `${testId}-${i}-${f.key}` } }}
                >
                  {f.options?.map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
            ))}
          </Grid>
          <RecordActions
            first={i === 0}
            last={i === items.length - 1}
            onMove={(by) => move(i, by)}
            onRemove={() => onChange(items.filter((_, j) => j !== i))}
          />
        </Paper>
      ))}
      <div>
        <Button startIcon={<Add />} onClick={() => onChange([...items, { ...empty }])} data-testid={`${testId}-add`}>
          {t('content.admin.add')}
        </Button>
      </div>
    </Stack>
  );
}
