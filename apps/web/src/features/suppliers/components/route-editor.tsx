import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { ROUTE_MAX_SOURCES, ROUTE_OWN, type TSupplierRoute } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { countryName } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useSetSupplierRoute, type TSupplierRow } from '../api/suppliers';
import { addSource, missingSources, moveSource, removeSource, sourcesChanged } from '../utils/route-sources';
import { SupplierStatusChip } from './supplier-status-chip';

interface RouteEditorProps {
  route: TSupplierRoute;
  suppliers: readonly TSupplierRow[];
  /** A route not saved yet (just added on this page): Save creates it. */
  isNew?: boolean;
  onDropped?: () => void;
}

type Reorder = (update: (sources: string[]) => string[]) => void;

/** A source's move up, move down and remove buttons (the phone's and the keyboard's way to reorder). */
function SourceButtons({
  index,
  count,
  name,
  source,
  onChange,
}: {
  index: number;
  count: number;
  name: string;
  source: string;
  onChange: Reorder;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ flexShrink: 0 }}>
      <Tooltip title={t('suppliers.routes.moveUp')}>
        <span>
          <IconButton
            size="small"
            disabled={index === 0}
            onClick={() => onChange((s) => moveSource(s, index, index - 1))}
            aria-label={`${t('suppliers.routes.moveUp')}: ${name}`}
            data-testid="route-source-up"
          >
            <ArrowUpward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('suppliers.routes.moveDown')}>
        <span>
          <IconButton
            size="small"
            disabled={index === count - 1}
            onClick={() => onChange((s) => moveSource(s, index, index + 1))}
            aria-label={`${t('suppliers.routes.moveDown')}: ${name}`}
            data-testid="route-source-down"
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('suppliers.routes.remove')}>
        <IconButton
          size="small"
          onClick={() => onChange((s) => removeSource(s, source))}
          aria-label={`${t('suppliers.routes.remove')}: ${name}`}
          data-testid="route-source-remove"
        >
          <Close fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** The route's sources in order, each dragged (HTML5 drag and drop) to a new place or moved by its buttons. */
function SourceList({
  sources,
  byId,
  label,
  onChange,
}: {
  sources: string[];
  byId: ReadonlyMap<string, TSupplierRow>;
  label: (source: string) => string;
  onChange: Reorder;
}) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  return (
    <List dense disablePadding data-testid="route-sources">
      {sources.map((source, index) => {
        const supplier = byId.get(source);
        return (
          <ListItem
            key={source}
            draggable
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              // Firefox starts a drag only with some data set.
              e.dataTransfer.setData('text/plain', source);
              setDragged(index);
            }}
            onDragOver={(e) => {
              if (dragged !== null) {
                e.preventDefault();
              }
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragged !== null) {
                onChange((s) => moveSource(s, dragged, index));
              }
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
            sx={{
              border: 1,
              borderColor: dragged === index ? 'primary.main' : 'divider',
              borderRadius: 1,
              mb: 0.5,
              pl: 0.5,
              pr: 0.5,
              bgcolor: 'background.paper',
              cursor: 'grab',
              opacity: dragged === index ? 0.5 : 1,
              gap: 0.5,
            }}
            data-testid="route-source"
            data-source={source}
          >
            <DragIndicator fontSize="small" color="action" sx={{ flexShrink: 0 }} />
            <ListItemText
              primary={`${index + 1}. ${label(source)}`}
              secondary={supplier ? t(`suppliers.kind.${supplier.kind}`) : undefined}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
            {supplier && supplier.status !== 'ok' && <SupplierStatusChip status={supplier.status} />}
            <SourceButtons
              index={index}
              count={sources.length}
              name={label(source)}
              source={source}
              onChange={onChange}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/** Adds one of the sources not on the route yet, at its end. */
function AddSource({
  available,
  label,
  onAdd,
}: {
  available: string[];
  label: (source: string) => string;
  onAdd: (source: string) => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState('');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('suppliers.routes.addSource')}
        value={picked}
        onChange={(e) => setPicked(e.target.value)}
        sx={{ minWidth: 0, flex: 1, maxWidth: 320 }}
        slotProps={{ htmlInput: { 'data-testid': 'route-add-source' } }}
      >
        {available.map((s) => (
          <MenuItem key={s} value={s}>
            {label(s)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        disabled={!picked}
        onClick={() => {
          onAdd(picked);
          setPicked('');
        }}
        data-testid="route-add-source-button"
      >
        {t('suppliers.routes.addSourceButton')}
      </Button>
    </Stack>
  );
}

/**
 * One product and country's ordered sources. Reordered by dragging a row (HTML5 drag and drop) or,
 * on a phone and from the keyboard, with the arrow buttons; sources are added from those not on the
 * route yet. Nothing is sent until Save; deleting the route (no sources) gives it back to the own nodes.
 */
export function RouteEditor({ route, suppliers, isNew = false, onDropped }: RouteEditorProps) {
  const { t, i18n } = useTranslation();
  const save = useSetSupplierRoute();
  const [sources, setSources] = useState<string[]>(route.sources);
  const byId = new Map(suppliers.map((s) => [s.id, s]));
  const changed = isNew || sourcesChanged(route.sources, sources);
  const available = missingSources(
    sources,
    suppliers.map((s) => s.id),
  );
  const label = (source: string) =>
    source === ROUTE_OWN ? t('suppliers.routes.own') : (byId.get(source)?.name ?? t('suppliers.routes.unknownSource'));
  const testKey = `${route.product}-${route.country}`;

  const send = (next: string[]) =>
    save.mutate(
      { product: route.product, country: route.country, sources: next },
      {
        onSuccess: () => {
          notifySuccess(next.length ? t('suppliers.routes.saved') : t('suppliers.routes.removed'));
          if (isNew || next.length === 0) {
            onDropped?.();
          }
        },
      },
    );

  return (
    <Card variant="outlined" data-testid={`route-${testKey}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Chip size="small" color="primary" variant="outlined" label={t(`common.product.${route.product}`)} />
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {countryName(route.country, i18n.language)} ({route.country})
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('suppliers.routes.dragHint')}
          </Typography>
          {sources.length === 0 ? (
            <Alert severity="warning">{t('suppliers.routes.noSources')}</Alert>
          ) : (
            <SourceList sources={sources} byId={byId} label={label} onChange={setSources} />
          )}
          {available.length > 0 && sources.length < ROUTE_MAX_SOURCES && (
            <AddSource available={available} label={label} onAdd={(s) => setSources((list) => addSource(list, s))} />
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
            {isNew ? (
              <Button onClick={onDropped}>{t('common.cancel')}</Button>
            ) : (
              <Button color="error" disabled={save.isPending} onClick={() => send([])} data-testid="route-delete">
                {t('suppliers.routes.removeRoute')}
              </Button>
            )}
            <Button
              variant="contained"
              disabled={!changed || sources.length === 0}
              loading={save.isPending}
              onClick={() => send(sources)}
              data-testid="route-save"
            >
              {t('suppliers.routes.save')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
