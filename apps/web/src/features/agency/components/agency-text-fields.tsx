import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface AgencyTextFieldsProps {
  name: string;
  description: string;
  onNameChange: (name: string) => void;
  onDescriptionChange: (description: string) => void;
}

/** An agency's name and description, as its owner and the admin edit them. */
export function AgencyTextFields({ name, description, onNameChange, onDescriptionChange }: AgencyTextFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={t('agency.create.name')} value={name} onChange={(e) => onNameChange(e.target.value)} />
      <TextField
        label={t('agency.create.description')}
        value={description}
        multiline
        minRows={2}
        onChange={(e) => onDescriptionChange(e.target.value)}
      />
    </>
  );
}
