import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import { useTranslation } from 'react-i18next';
import { hasUsableChannel, useSupportInfo } from '@/lib/support-info';

const loadMenu = () => import('./support-menu');
const SupportMenu = lazy(loadMenu);

/**
 * docs/screens.md#layouts: one support button in the top bar that opens the site's channels. It sits
 * in the bar's flow rather than floating over the page, so it can never cover a control at any width.
 */
export function SupportButton({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const { data } = useSupportInfo();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu's chunk is fetched when the pointer or focus reaches the button, before the click.
  const [wanted, setWanted] = useState(false);
  if (!data?.showIcons || !hasUsableChannel(data.channels)) {
    return null;
  }
  const prefetch = () => {
    void loadMenu();
  };
  return (
    <>
      <Tooltip title={t('content.support.open')}>
        <IconButton
          color={color}
          data-testid="support-button"
          aria-label={t('content.support.open')}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={(event) => {
            setWanted(true);
            setAnchor(event.currentTarget);
          }}
        >
          <SupportAgentOutlined />
        </IconButton>
      </Tooltip>
      {wanted && (
        <Suspense fallback={null}>
          <SupportMenu anchor={anchor} channels={data.channels} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
