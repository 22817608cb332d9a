import { useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PROTOCOLS, type TOrder, type TPackage } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageSpinner } from '@/components/page-spinner';
import { useCountries } from '@/lib/catalog/get-countries';
import { formatMoney } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notifyError } from '@/lib/notify';
import { useBuyPackage } from '../api/buy-package';
import { CountrySelect, firstAvailableCountry } from './country-select';
import type { Protocol } from './retail-order';
import { packageName } from '@/lib/catalog/package-name';

interface PackageBuyDialogProps {
  product: 'v6' | 'v4';
  pkg: TPackage;
  onClose: () => void;
  onBought: (order: TOrder, count: number) => void;
  /** What buying it also does (it ends the trial). */
  note?: string;
}

/** The confirmation of a package purchase: its country and protocol, then one charge. */
export function PackageBuyDialog({ product, pkg, onClose, onBought, note }: PackageBuyDialogProps) {
  const { t, i18n } = useTranslation();
  const countries = useCountries(product);
  const buy = useBuyPackage();
  const [country, setCountry] = useState<string | null>(null);
  const [protocol, setProtocol] = useState<Protocol>('http');
  const [idempotencyKey] = useState(newIdempotencyKey);
  const chosen = country ?? firstAvailableCountry(countries.data ?? []);

  const confirm = () => {
    if (buy.isPending) {
      return;
    }
    if (!chosen) {
      notifyError(t('dashboard.purchase.errors.countryRequired'));
      return;
    }
    buy.mutate(
      { product, packageId: pkg.id, body: { country: chosen, protocol }, idempotencyKey },
      { onSuccess: ({ order, proxies }) => onBought(order, proxies.length) },
    );
  };

  return (
    <ConfirmDialog
      open
      title={t('dashboard.purchase.packages.confirmTitle')}
      confirmLabel={t('dashboard.purchase.confirm.submit')}
      onConfirm={confirm}
      onClose={onClose}
      // Pay waits for the countries too: a click before they arrived had no country to send.
      loading={buy.isPending || countries.isPending}
      testId="package-confirm"
    >
      <Stack spacing={2}>
        {note && (
          <Alert severity="warning" data-testid="package-buy-note">
            {note}
          </Alert>
        )}
        <DialogContentText>
          {t('dashboard.purchase.packages.confirmMessage', {
            name: packageName(pkg, i18n.language),
            price: formatMoney(pkg.price, t, i18n.language),
          })}
        </DialogContentText>
        {countries.data ? (
          <CountrySelect
            product={product}
            countries={countries.data}
            value={chosen}
            onChange={setCountry}
            testId="package-country"
          />
        ) : (
          <PageSpinner />
        )}
        <TextField
          select
          label={t('dashboard.purchase.protocol')}
          value={protocol}
          onChange={(event) => setProtocol(event.target.value as Protocol)}
        >
          {PROTOCOLS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`common.protocol.${p}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </ConfirmDialog>
  );
}
