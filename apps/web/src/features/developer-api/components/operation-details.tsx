import { useState } from 'react';
import Box from '@mui/material/Box';
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

function ParametersTable({ view }: { view: OperationView }) {
  const { t } = useTranslation();
  const params = view.op.parameters ?? [];
  if (params.length === 0) {
    return null;
  }
  return (
    <Section title={t('developer.docs.parameters')}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('developer.docs.name')}</TableCell>
              <TableCell>{t('developer.docs.in')}</TableCell>
              <TableCell>{t('developer.docs.type')}</TableCell>
              <TableCell>{t('developer.docs.required')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {params.map((p) => (
              <TableRow key={`${p.in}-${p.name}`}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{p.name}</TableCell>
                <TableCell>{p.in}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>{typeLabel(p.schema)}</TableCell>
                <TableCell>{p.required ? t('developer.docs.yes') : t('developer.docs.no')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Section>
  );
}

function ErrorsTable({ view }: { view: OperationView }) {
  const { t } = useTranslation();
  return (
    <Section title={t('developer.docs.errors')}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('developer.docs.status')}</TableCell>
              <TableCell>{t('developer.docs.code')}</TableCell>
              <TableCell>{t('developer.docs.meaning')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {view.op['x-errors'].map((e) => (
              <TableRow key={e.code}>
                <TableCell>{e.status}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{e.code}</TableCell>
                <TableCell>{t(`errors.${e.code}` as 'errors.UNKNOW_ERROR', { defaultValue: e.code })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
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
