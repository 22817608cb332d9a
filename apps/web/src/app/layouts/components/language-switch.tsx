import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import type { Locale } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage } from '@/lib/i18n';
import { useSiteInfo } from '@/lib/site-info';

const SHORT = { vi: 'common.language.shortVi', en: 'common.language.shortEn' } as const;

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);

/** docs/screens.md#layouts: shows VN for vi and US for en; hidden on sites that force English. */
export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const { forceEnglish } = useSiteInfo();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu's chunk is fetched when the pointer or focus reaches the button, before the click.
  const [wanted, setWanted] = useState(false);
  if (forceEnglish) {
    return null;
  }

  const active = currentLanguage();
  const choose = (lng: Locale) => {
    setAnchor(null);
    chooseLanguage(lng);
  };
  const prefetch = () => {
    void loadMenu();
  };

  return (
    <>
      <Button
        color={color}
        data-testid="lang-switch"
        aria-label={t('common.language.switch')}
        aria-haspopup="menu"
        startIcon={<TranslateOutlined fontSize="small" />}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
        // On phones the icon gives its room to the balance.
        sx={{ minWidth: 0, px: 1, '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } }}
      >
        {t(SHORT[active])}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} active={active} onChoose={choose} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
