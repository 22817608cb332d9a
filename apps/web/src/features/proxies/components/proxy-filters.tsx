import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { PROXY_SORTS, PROXY_STATUSES, type ProxyStatus, type TCountry, type TTag } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter } from '@/components/choice-filter';
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
      <ChoiceFilter
        label={t('common.status')}
        value={value.status}
        choices={PROXY_STATUSES.map((status) => ({ value: status, label: t(`common.proxyStatus.${status}`) }))}
        onChange={(status) => onChange({ ...value, status })}
        testId="proxies-status-filter"
      />
      <ChoiceFilter
        label={t('proxies.tags.filter')}
        value={tags.some((tag) => tag.id === value.tagId) ? value.tagId : ''}
        choices={tags.map((tag) => ({ value: tag.id, label: tag.tagName }))}
        onChange={(tagId) => onChange({ ...value, tagId })}
        testId="proxies-tag-filter"
      />
      {countries && (
        <ChoiceFilter
          label={t('common.country')}
          value={value.country}
          choices={countries.map((c) => ({ value: c.code, label: countryName(c.code, i18n.language, c.name) }))}
          onChange={(country) => onChange({ ...value, country })}
          testId="proxies-country-filter"
        />
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
