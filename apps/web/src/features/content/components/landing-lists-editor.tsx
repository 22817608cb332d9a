import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TFaqItem, TLanding, TQuote } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useUpdateLanding } from '../api/content-admin';
import { RecordListEditor, type RecordField } from './record-list-editor';

const EMPTY_FAQ: TFaqItem = { question: '', questionEng: '', answer: '', answerEng: '' };
const EMPTY_QUOTE: TQuote = { name: '', role: '', text: '', textEng: '' };

type ListKey = 'faq' | 'quotes';

/** One of the landing's lists, edited as a whole and saved with the landing. */
function LandingListEditor<K extends ListKey>({
  landing,
  listKey,
  empty,
  fields,
  testId,
}: {
  landing: TLanding;
  listKey: K;
  empty: TLanding[K][number];
  fields: RecordField<TLanding[K][number]>[];
  testId: string;
}) {
  const { t } = useTranslation();
  const update = useUpdateLanding();
  const [items, setItems] = useState<TLanding[K][number][]>(landing[listKey]);
  return (
    <Stack spacing={2}>
      <RecordListEditor items={items} onChange={setItems} empty={empty} testId={testId} fields={fields} />
      <div>
        <Button
          variant="contained"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { id: landing.id, patch: { [listKey]: items } },
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

/** The landing's FAQ (both languages), saved with the landing. */
export function FaqEditor({ landing }: { landing: TLanding }) {
  const { t } = useTranslation();
  return (
    <LandingListEditor
      landing={landing}
      listKey="faq"
      empty={EMPTY_FAQ}
      testId="faq-editor"
      fields={[
        { key: 'question', label: t('content.admin.question') },
        { key: 'questionEng', label: t('content.admin.questionEng') },
        { key: 'answer', label: t('content.admin.answer'), multiline: true },
        { key: 'answerEng', label: t('content.admin.answerEng'), multiline: true },
      ]}
    />
  );
}

/** Customer quotes (a name, a role, the text in both languages). */
export function QuotesEditor({ landing }: { landing: TLanding }) {
  const { t } = useTranslation();
  return (
    <LandingListEditor
      landing={landing}
      listKey="quotes"
      empty={EMPTY_QUOTE}
      testId="quotes-editor"
      fields={[
        { key: 'name', label: t('content.admin.quoteName') },
        { key: 'role', label: t('content.admin.quoteRole') },
        { key: 'text', label: t('content.admin.quoteText'), multiline: true },
        { key: 'textEng', label: t('content.admin.quoteTextEng'), multiline: true },
      ]}
    />
  );
}
