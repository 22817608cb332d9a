import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TFaqItem, TLanding, TQuote } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useUpdateLanding } from '../api/content-admin';
import { RecordListEditor } from './record-list-editor';

const EMPTY_FAQ: TFaqItem = { question: '', questionEng: '', answer: '', answerEng: '' };
const EMPTY_QUOTE: TQuote = { name: '', role: '', text: '', textEng: '' };

/** The landing's FAQ (both languages), saved with the landing. */
export function FaqEditor({ landing }: { landing: TLanding }) {
  const { t } = useTranslation();
  const update = useUpdateLanding();
  const [items, setItems] = useState(landing.faq);
  return (
    <Stack spacing={2}>
      <RecordListEditor
        items={items}
        onChange={setItems}
        empty={EMPTY_FAQ}
        testId="faq-editor"
        fields={[
          { key: 'question', label: t('content.admin.question') },
          { key: 'questionEng', label: t('content.admin.questionEng') },
          { key: 'answer', label: t('content.admin.answer'), multiline: true },
          { key: 'answerEng', label: t('content.admin.answerEng'), multiline: true },
        ]}
      />
      <div>
        <Button
          variant="contained"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { id: landing.id, patch: { faq: items } },
              { onSuccess: () => notifySuccess(t('content.admin.saved')) },
            )
          }
        >
          {t('common.save')}
        </Button>
      </div>
    </Stack>
  );
}

/** Customer quotes (a name, a role, the text in both languages). */
export function QuotesEditor({ landing }: { landing: TLanding }) {
  const { t } = useTranslation();
  const update = useUpdateLanding();
  const [items, setItems] = useState(landing.quotes);
  return (
    <Stack spacing={2}>
      <RecordListEditor
        items={items}
        onChange={setItems}
        empty={EMPTY_QUOTE}
        testId="quotes-editor"
        fields={[
          { key: 'name', label: t('content.admin.quoteName') },
          { key: 'role', label: t('content.admin.quoteRole') },
          { key: 'text', label: t('content.admin.quoteText'), multiline: true },
          { key: 'textEng', label: t('content.admin.quoteTextEng'), multiline: true },
        ]}
      />
      <div>
        <Button
          variant="contained"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { id: landing.id, patch: { quotes: items } },
              { onSuccess: () => notifySuccess(t('content.admin.saved')) },
            )
          }
        >
          {t('common.save')}
        </Button>
      </div>
    </Stack>
  );
}
