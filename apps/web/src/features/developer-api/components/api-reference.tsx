import { useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { useApiDocument } from '../api/developer-api';
import { operationsOf, type OperationView } from '../utils/document';
import { OperationDetails } from './operation-details';
import { formatNumber } from '@/lib/format';

const METHOD_COLOR = { GET: 'success', POST: 'primary', PUT: 'warning', DELETE: 'error' } as const;

function OperationRow({ view, apiKey, baseUrl }: { view: OperationView; apiKey: string; baseUrl: string }) {
  const { i18n } = useTranslation();
  const summary = i18n.language === 'vi' ? view.op['x-summary-vi'] : view.op.summary;
  return (
    <Accordion disableGutters slotProps={{ transition: { unmountOnExit: true } }} data-testid={`op-${view.id}`}>
      <AccordionSummary expandIcon={<ExpandMore />} sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 0.5, md: 1.5 }}
          sx={{ minWidth: 0, alignItems: { md: 'center' } }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Chip
              size="small"
              label={view.method}
              color={METHOD_COLOR[view.method as keyof typeof METHOD_COLOR] ?? 'default'}
              sx={{ fontWeight: 700, minWidth: 64 }}
            />
            <Typography sx={{ fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all' }}>{view.path}</Typography>
          </Stack>
          <Typography color="text.secondary" variant="body2">
            {summary}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <OperationDetails view={view} apiKey={apiKey} baseUrl={baseUrl} />
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * The reference of every customer operation, built with MUI from the public OpenAPI document
 * (GET /api/openapi.json); an operation's details render only while it is open.
 */
export function ApiReference({ apiKey, rateLimitPerMin }: { apiKey: string; rateLimitPerMin: number }) {
  const { t, i18n } = useTranslation();
  const { data: doc, isPending } = useApiDocument();
  const [search, setSearch] = useState('');
  const baseUrl = window.location.origin;
  const views = useMemo(() => (doc ? operationsOf(doc) : []), [doc]);
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? views.filter((v) =>
        [v.path, v.method, v.op.summary, v.op['x-summary-vi']].some((s) => s.toLowerCase().includes(needle)),
      )
    : views;
  const groups = [...new Set(shown.map((v) => v.group))];
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('developer.docs.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('developer.docs.intro')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('developer.docs.auth', { limit: formatNumber(rateLimitPerMin) })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <Link href="/api/openapi.json" target="_blank" rel="noopener">
            {t('developer.docs.openapi')}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {t('developer.docs.sdk')}
          </Typography>
        </Stack>
        <TextField
          size="small"
          label={t('developer.docs.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
          slotProps={{ htmlInput: { 'data-testid': 'api-docs-search' } }}
        />
        {isPending && <PageSpinner />}
        {doc && shown.length === 0 && <Typography color="text.secondary">{t('developer.docs.noMatch')}</Typography>}
        {groups.map((g) => (
          <Box key={g} sx={{ mb: 2 }} lang={i18n.language}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              {t(`developer.groups.${g}` as 'developer.groups.site', { defaultValue: g })}
            </Typography>
            {shown
              .filter((v) => v.group === g)
              .map((v) => (
                <OperationRow key={v.id} view={v} apiKey={apiKey} baseUrl={baseUrl} />
              ))}
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
