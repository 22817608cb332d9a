import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '@/lib/site-info';

/** docs/screens.md#branding: the company name on sites with a company footer, otherwise the technology credit. */
export function Footer() {
  const { t } = useTranslation();
  const { companyFooter, companyName } = useSiteInfo();
  const text =
    companyFooter && companyName
      ? // The sentence ends the name: "Co., Ltd." must not end in two periods.
        t('common.footer.company', { year: new Date().getFullYear(), name: companyName.trim().replace(/\.+$/, '') })
      : t('common.footer.credit');
  return (
    <Box component="footer" data-testid="footer" sx={{ py: 3, px: 2, textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}
