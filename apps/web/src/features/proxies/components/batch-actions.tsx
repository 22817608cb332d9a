import { useState, type ReactElement, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { useTranslation } from 'react-i18next';

export interface BatchAction<K extends string> {
  key: K;
  label: string;
  icon: ReactElement;
  /** False for an action on the whole (filtered) list, such as export; the others wait for a selection. */
  needsSelection?: boolean;
}

interface BatchActionsProps<K extends string> {
  actions: BatchAction<K>[];
  selected: number;
  onAction: (key: K) => void;
  /** Shown at the end of the row (e.g. "Manage tags"). */
  extra?: ReactNode;
}

/**
 * The actions on the chosen rows: a row of buttons, or one menu on a phone. An action that needs a
 * selection is disabled until a row is chosen (docs/product-rules.md#batch-actions).
 */
export function BatchActions<K extends string>({ actions, selected, onAction, extra }: BatchActionsProps<K>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const off = (action: BatchAction<K>) => action.needsSelection !== false && selected === 0;

  const count = (
    <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} data-testid="batch-selected">
      {t('proxies.selected', { count: selected })}
    </Typography>
  );

  if (compact) {
    return (
      <Stack
        direction="row"
        sx={{ alignItems: 'center', mb: 1.5, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        {count}
        {/* Wraps rather than widening the page when the extra tools and the menu do not fit a phone. */}
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', ml: 'auto' }}
        >
          {extra}
          <Button
            variant="contained"
            endIcon={<ArrowDropDown />}
            onClick={(event) => setAnchor(event.currentTarget)}
            data-testid="batch-menu"
          >
            {t('common.actions')}
          </Button>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {actions.map((action) => (
              <MenuItem
                key={action.key}
                disabled={off(action)}
                onClick={() => {
                  setAnchor(null);
                  onAction(action.key);
                }}
                data-testid={`batch-${action.key}`}
              >
                <ListItemIcon>{action.icon}</ListItemIcon>
                {action.label}
              </MenuItem>
            ))}
          </Menu>
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
      {count}
      {actions.map((action) => (
        <Button
          key={action.key}
          size="small"
          variant="outlined"
          startIcon={action.icon}
          disabled={off(action)}
          onClick={() => onAction(action.key)}
          data-testid={`batch-${action.key}`}
        >
          {action.label}
        </Button>
      ))}
      {extra && <Stack sx={{ ml: 'auto' }}>{extra}</Stack>}
    </Stack>
  );
}
