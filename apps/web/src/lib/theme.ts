import { createTheme, type Theme } from '@mui/material/styles';
import { DEFAULT_COLOR } from '@proxy/contract';

function buildTheme(primary: string): Theme {
  return createTheme({
    palette: { primary: { main: primary }, background: { default: '#f5f7fb' } },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // A visitor who asks the system for less motion gets none: transitions and animations (ripples,
      // dialogs sliding in, spinners) end at once. Plain CSS, so it follows a change of the setting.
      MuiCssBaseline: {
        styleOverrides: `@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after {
    animation-duration: 0.01ms !important;
    animation-iteration-count: 1 !important;
    transition-duration: 0.01ms !important;
    scroll-behavior: auto !important;
  }
}`,
      },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    },
  });
}

/** The site colour themes the panel (docs/screens.md#branding); a colour MUI cannot read falls back to #2196F3. */
export function createAppTheme(color: string | null | undefined): Theme {
  const wanted = color?.trim();
  if (wanted) {
    try {
      return buildTheme(wanted);
    } catch {
      // MUI throws on colour formats it does not support.
    }
  }
  return buildTheme(DEFAULT_COLOR);
}
