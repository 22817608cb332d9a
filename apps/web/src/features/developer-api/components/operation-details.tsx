import { useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { answerExample, bodyExample, typeLabel, type OperationView } from '../utils/document';
import { buildSnippet, SNIPPET_LANGUAGES, type SnippetLanguage } from '../utils/snippets';

const LANGUAGE_LABEL: Record<SnippetLanguage, string> = { curl: 'curl', python: 'Python', node: 'Node.js', php: 'PHP' };

function Code({ text, testId }: { text: string; testId?: string }) {
  return (
    <Box
      component="pre"
      data-testid={testId}
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'grey.900',
        color: 'grey.100',
        borderRadius: 1,
        fontSize: 13,
        overflow: 'auto',
        maxHeight: 320,
        whiteSpace: 'pre',
      }}
    >
      {text}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

interface Column {
  label: string;
  mono?: boolean;
}

/** A table from sm up; on a phone each row is a small block of "label: value" lines, so nothing is squeezed. */
function InfoTable({ columns, rows }: { columns: Column[]; rows: { key: string; cells: string[] }[] }) {
  const mono = (c: Column) => (c.mono ? { fontFamily: 'monospace', wordBreak: 'break-word' as const } : {});
  return (
    <>
      <Table size="small" sx={{ display: { xs: 'none', sm: 'table' } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label}>{c.label}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              {r.cells.map((cell, i) => (
                <TableCell key={columns[i]!.label} sx={mono(columns[i]!)}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack divider={<Divider flexItem />} sx={{ display: { xs: 'flex', sm: 'none' } }}>
        {rows.map((r) => (
          <Box key={r.key} sx={{ py: 1 }}>
            {r.cells.map((cell, i) => (
              <Typography key={columns[i]!.label} variant="body2" sx={{ wordBreak: 'break-word' }}>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {columns[i]!.label}:{' '}
                </Box>
                <Box component="span" sx={mono(columns[i]!)}>
                  {cell}
                </Box>
              </Typography>
            ))}
          </Box>
        ))}
      </Stack>
    </>
  );
}

function ParametersTable({ view }: { view: OperationView }) {
  const { t } = useTranslation();
  const params = view.op.parameters ?? [];
  if (params.length === 0) {
    return null;
  }
  return (
    <Section title={t('developer.docs.parameters')}>
      <InfoTable
        columns={[
          { label: t('developer.docs.name'), mono: true },
          { label: t('developer.docs.in') },
          { label: t('developer.docs.type'), mono: true },
          { label: t('developer.docs.required') },
        ]}
        rows={params.map((p) => ({
          key: `${p.in}-${p.name}`,
          cells: [p.name, p.in, typeLabel(p.schema), p.required ? t('developer.docs.yes') : t('developer.docs.no')],
        }))}
      />
    </Section>
  );
}

function ErrorsTable({ view }: { view: OperationView }) {
  const { t } = useTranslation();
  return (
    <Section title={t('developer.docs.errors')}>
      <InfoTable
        columns={[
          { label: t('developer.docs.status') },
          { label: t('developer.docs.code'), mono: true },
          { label: t('developer.docs.meaning') },
        ]}
        rows={view.op['x-errors'].map((e) => ({
          key: e.code,
          cells: [
            String(e.status),
            e.code,
            t(`errors.${e.code}` as 'errors.UNKNOW_ERROR', { defaultValue: e.code, remainTime: 'N' }),
          ],
        }))}
      />
    </Section>
  );
}

/** One operation of the reference: parameters, body, answer, errors and the four snippets. */
export function OperationDetails({ view, apiKey, baseUrl }: { view: OperationView; apiKey: string; baseUrl: string }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<SnippetLanguage>('curl');
  const body = bodyExample(view.op);
  const answer = answerExample(view.op);
  const snippet = buildSnippet(lang, view, baseUrl, apiKey);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {Array.isArray(view.op.security) && view.op.security.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('developer.docs.noKeyNeeded')}
        </Typography>
      )}
      <ParametersTable view={view} />
      {body !== undefined && (
        <Section title={t('developer.docs.body')}>
          <Code text={JSON.stringify(body, null, 2)} />
        </Section>
      )}
      {answer && (
        <Section title={`${t('developer.docs.answer')} (200)`}>
          <Code text={answer} />
        </Section>
      )}
      <ErrorsTable view={view} />
      <Section title={t('developer.docs.snippets')}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Tabs
            value={lang}
            onChange={(_e, v: SnippetLanguage) => setLang(v)}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {SNIPPET_LANGUAGES.map((l) => (
              <Tab key={l} value={l} label={LANGUAGE_LABEL[l]} data-testid={`snippet-tab-${l}`} />
            ))}
          </Tabs>
          <CopyButton text={snippet} label={t('developer.docs.copySnippet')} testId={`snippet-copy-${view.id}`} />
        </Stack>
        <Code text={snippet} testId={`snippet-${view.id}`} />
      </Section>
    </Stack>
  );
}
