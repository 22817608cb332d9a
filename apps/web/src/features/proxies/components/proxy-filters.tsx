import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { PROXY_SORTS, PROXY_STATUSES, type ProxyStatus, type TCountry, type TTag } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { SearchField } from '@/components/search-field';
import { countryName } from '@/lib/format';
import type { ProxySort } from '../api/list-proxies';

export interface ProxyFilters {
  search: string;
  status: ProxyStatus | '';
  country: string;
  sort: ProxySort;
  /** A tag's id, or '' for all. */
  tagId: string;
}

export const NO_PROXY_FILTERS: ProxyFilters = { search: '', status: '', country: '', sort: 'created_desc', tagId: '' };

const emptyShown = { inputLabel: { shrink: true }, select: { displayEmpty: true } };

/**
 * Search, status, tag and country filters and the sort; `countries` null hides the country filter
 * and sort (keys).
 */
export function ProxyFiltersBar({
  value,
  onChange,
  countries,
  tags,
}: {
  value: ProxyFilters;
  onChange: (next: ProxyFilters) => void;
  countries: TCountry[] | null;
  tags: TTag[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: countries ? '2fr 1fr 1fr 1fr 1fr' : '3fr 1fr 1fr' },
      }}
    >
      <SearchField
        placeholder={t(countries ? 'proxies.searchPlaceholder' : 'proxies.keys.searchPlaceholder')}
        value={value.search}
        onChange={(search) => onChange({ ...value, search })}
        testId="proxies-search"
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      />
      <TextField
        select
        label={t('common.status')}
        value={value.status}
        onChange={(event) => onChange({ ...value, status: event.target.value as ProxyFilters['status'] })}
        slotProps={emptyShown}
        data-testid="proxies-status-filter"
      >
        <MenuItem value="">{t('common.all')}</MenuItem>
        {PROXY_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`common.proxyStatus.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('proxies.tags.filter')}
        value={tags.some((tag) => tag.id === value.tagId) ? value.tagId : ''}
        onChange={(event) => onChange({ ...value, tagId: event.target.value })}
        slotProps={emptyShown}
        data-testid="proxies-tag-filter"
      >
        <MenuItem value="">{t('common.all')}</MenuItem>
        {tags.map((tag) => (
          <MenuItem key={tag.id} value={tag.id}>
            {tag.tagName}
          </MenuItem>
        ))}
      </TextField>
      {countries && (
        <TextField
          select
          label={t('common.country')}
          value={value.country}
          onChange={(event) => onChange({ ...value, country: event.target.value })}
          slotProps={emptyShown}
          data-testid="proxies-country-filter"
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {countries.map((c) => (
            <MenuItem key={c.code} value={c.code}>
              {countryName(c.code, i18n.language, c.name)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {countries && (
        <TextField
          select
          label={t('proxies.sort.label')}
          value={value.sort}
          onChange={(event) => onChange({ ...value, sort: event.target.value as ProxySort })}
          data-testid="proxies-sort"
        >
          {PROXY_SORTS.map((sort) => (
            <MenuItem key={sort} value={sort}>
              {t(`proxies.sort.${sort}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
