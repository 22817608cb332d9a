import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LOCALES, type Locale } from '@proxy/contract';
import { useTranslation } from 'react-i18next';

const NAME = { vi: 'common.language.vi', en: 'common.language.en' } as const;

/** The language switch's menu: a chunk of its own, so the login page does not load MUI's Menu up front. */
export default function LanguageMenu({
  anchor,
  active,
  onChoose,
  onClose,
}: {
  anchor: HTMLElement | null;
  active: Locale;
  onChoose: (lng: Locale) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {LOCALES.map((lng) => (
        <MenuItem
          key={lng}
          lang={lng}
          selected={lng === active}
          data-testid={`lang-option-${lng}`}
          onClick={() => onChoose(lng)}
        >
          {t(NAME[lng])}
        </MenuItem>
      ))}
    </Menu>
  );
}
