import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { SupplierFormValues } from '../utils/supplier-form';

export type LinesValues = Pick<SupplierFormValues, 'lines' | 'country' | 'protocol' | 'product' | 'expiresOn' | 'cost'>;

type LinesProps = { values: LinesValues; onChange: (patch: Partial<LinesValues>) => void };

/** What kind of proxies the lines are: their protocol and the product they are sold as. */
function LineKindFields({ values, onChange }: LinesProps) {
  const { t } = useTranslation();
  return (
    <>
      <Grid size={{ xs: 6, sm: 4 }}>
        <TextField
          select
          label={t('suppliers.fields.protocol')}
          value={values.protocol}
          onChange={(e) => onChange({ protocol: e.target.value as LinesValues['protocol'] })}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'supplier-lines-protocol' } }}
        >
          <MenuItem value="http">{t('suppliers.protocol.http')}</MenuItem>
          <MenuItem value="socks5">{t('suppliers.protocol.socks5')}</MenuItem>
        </TextField>
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <TextField
          select
          label={t('suppliers.fields.product')}
          value={values.product}
          onChange={(e) => onChange({ product: e.target.value as LinesValues['product'] })}
          fullWidth
        >
          <MenuItem value="v4">{t('common.product.v4')}</MenuItem>
          <MenuItem value="v6">{t('common.product.v6')}</MenuItem>
        </TextField>
      </Grid>
    </>
  );
}

/** The pasted lines of a `list` supplier and what they share: country, protocol, product, expiry, cost. */
export function LinesFields({ values, onChange }: LinesProps) {
  const { t } = useTranslation();
  return (
    <>
      <Grid size={12}>
        <TextField
          label={t('suppliers.fields.lines')}
          helperText={t('suppliers.fields.linesHelp')}
          value={values.lines}
          onChange={(e) => onChange({ lines: e.target.value })}
          multiline
          minRows={5}
          maxRows={12}
          fullWidth
          slotProps={{
            input: { sx: { fontFamily: 'monospace', fontSize: 13 } },
            htmlInput: { spellCheck: false, wrap: 'off', 'data-testid': 'supplier-lines' },
          }}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <TextField
          label={t('suppliers.fields.country')}
          helperText={t('suppliers.fields.countryHelp')}
          value={values.country}
          onChange={(e) => onChange({ country: e.target.value.toUpperCase() })}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 2, 'data-testid': 'supplier-lines-country' } }}
        />
      </Grid>
      <LineKindFields values={values} onChange={onChange} />
      {/* A whole row on a phone: half of 390 px cuts the Vietnamese label. */}
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          type="date"
          label={t('suppliers.fields.expiresOn')}
          value={values.expiresOn}
          onChange={(e) => onChange({ expiresOn: e.target.value })}
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'supplier-lines-expires' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label={t('suppliers.fields.cost')}
          helperText={t('suppliers.fields.costHelp')}
          value={values.cost}
          onChange={(e) => onChange({ cost: e.target.value })}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'supplier-lines-cost' } }}
        />
      </Grid>
    </>
  );
}
