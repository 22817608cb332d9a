import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import CurrencyBitcoinOutlined from '@mui/icons-material/CurrencyBitcoinOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { PaymentMethod } from '@proxy/contract';
import { useTranslation } from 'react-i18next';

const ICONS: Record<PaymentMethod, SvgIconComponent> = {
  bank: AccountBalanceOutlined,
  paypal: PaymentsOutlined,
  card: CreditCardOutlined,
  momo: AccountBalanceWalletOutlined,
  perfectmoney: PaymentsOutlined,
  usdt: CurrencyBitcoinOutlined,
  bytepay: CurrencyBitcoinOutlined,
  tazapay: PublicOutlined,
};

interface MethodTabsProps {
  methods: PaymentMethod[];
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}

/** The site's enabled top-up methods, one tab each (scrollable on a phone). */
export function MethodTabs({ methods, value, onChange }: MethodTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={value}
      onChange={(_, next: PaymentMethod) => onChange(next)}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider' }}
      aria-label={t('topup.methodsLabel')}
    >
      {methods.map((method) => {
        const Icon = ICONS[method];
        return (
          <Tab
            key={method}
            value={method}
            icon={<Icon fontSize="small" />}
            iconPosition="start"
            label={t(`common.paymentMethod.${method}`)}
            data-testid={`topup-method-${method}`}
            sx={{ minHeight: 48 }}
          />
        );
      })}
    </Tabs>
  );
}
