import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { TFaqItem } from '@proxy/contract';

/** The landing's FAQ in the reader's language. */
export function FaqList({ items, english }: { items: TFaqItem[]; english: boolean }) {
  return (
    <div data-testid="faq">
      {items.map((item, i) => (
        <Accordion key={i} disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography sx={{ fontWeight: 600 }}>{english ? item.questionEng : item.question}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              {english ? item.answerEng : item.answer}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}
