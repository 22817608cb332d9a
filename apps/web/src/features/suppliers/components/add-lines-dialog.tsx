import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { SUPPLIER_SAFETY_MARGIN_MAX_HOURS } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { useAddSupplierLines, type AddLinesAnswer, type TSupplierRow } from '../api/suppliers';
import { emptySupplierForm, linesBody, type FormProblem } from '../utils/supplier-form';
import { LinesFields, type LinesValues } from './lines-fields';
import { LinesResult } from './lines-result';

/** The result of pasted lines, on its own (also after a new list supplier's first lines). */
export function LinesResultDialog({
  supplier,
  result,
  onClose,
}: {
  supplier: TSupplierRow;
  result: AddLinesAnswer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="lines-result-dialog">
      <DialogTitle>{t('suppliers.addLines.title', { name: supplier.name })}</DialogTitle>
      <DialogContent>
        <LinesResult result={result} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} data-testid="lines-result-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Pasting more proxies into a `list` supplier; the answer names every line that was refused. */
export function AddLinesDialog({ supplier, onClose }: { supplier: TSupplierRow; onClose: () => void }) {
  const { t } = useTranslation();
  const addLines = useAddSupplierLines();
  const [values, setValues] = useState<LinesValues>(() => emptySupplierForm('list'));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [result, setResult] = useState<AddLinesAnswer | null>(null);

  if (result) {
    return <LinesResultDialog supplier={supplier} result={result} onClose={onClose} />;
  }

  const submit = () => {
    const body = linesBody(values);
    if (!body.ok) {
      setProblem(body.problem);
      return;
    }
    addLines.mutate({ id: supplier.id, ...body.body }, { onSuccess: setResult });
  };

  return (
    <FormDialog
      title={t('suppliers.addLines.title', { name: supplier.name })}
      testId="add-lines-dialog"
      maxWidth="sm"
      submitLabel={t('suppliers.addLines.submit')}
      submitTestId="add-lines-submit"
      loading={addLines.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <LinesFields
          values={values}
          onChange={(p) => {
            setValues((v) => ({ ...v, ...p }));
            setProblem(null);
          }}
        />
        {problem && (
          <Grid size={12}>
            <Alert severity="error" data-testid="add-lines-problem">
              {t(`suppliers.problems.${problem}`, { max: SUPPLIER_SAFETY_MARGIN_MAX_HOURS })}
            </Alert>
          </Grid>
        )}
      </Grid>
    </FormDialog>
  );
}
