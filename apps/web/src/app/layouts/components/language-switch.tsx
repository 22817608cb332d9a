import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import { LOCALES, type Locale } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage } from '@/lib/i18n';
import { useSiteInfo } from '@/lib/site-info';

const SHORT = { vi: 'common.language.shortVi', en: 'common.language.shortEn' } as const;
const NAME = { vi: 'common.language.vi', en: 'common.language.en' } as const;

/** docs/screens.md#layouts: shows VN for vi and US for en; hidden on sites that force English. */
export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const { forceEnglish } = useSiteInfo();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (forceEnglish) {
    return null;
  }

  const active = currentLanguage();
  const choose = (lng: Locale) => {
    setAnchor(null);
    chooseLanguage(lng);
  };

  return (
    <>
      <Button
        color={color}
        data-testid="lang-switch"
        aria-label={t('common.language.switch')}
        aria-haspopup="menu"
        startIcon={<TranslateOutlined fontSize="small" />}
        onClick={(event) => setAnchor(event.currentTarget)}
        // On phones the icon gives its room to the balance.
        sx={{ minWidth: 0, px: 1, '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } }}
      >
        {t(SHORT[active])}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LOCALES.map((lng) => (
          <MenuItem
            key={lng}
            lang={lng}
            selected={lng === active}
            data-testid={`lang-option-${lng}`}
            onClick={() => choose(lng)}
          >
            {t(NAME[lng])}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
