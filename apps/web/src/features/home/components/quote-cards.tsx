import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import FormatQuote from '@mui/icons-material/FormatQuote';
import type { TQuote } from '@proxy/contract';

/** Customer quotes in the reader's language. */
export function QuoteCards({ quotes, english }: { quotes: TQuote[]; english: boolean }) {
  return (
    <Grid container spacing={2} data-testid="quotes">
      {quotes.map((q, i) => (
        <Grid key={i} size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <FormatQuote color="primary" />
              <Typography sx={{ mb: 2, fontStyle: 'italic' }}>{english ? q.textEng : q.text}</Typography>
              <Typography sx={{ fontWeight: 700 }}>{q.name}</Typography>
              {q.role && (
                <Typography variant="body2" color="text.secondary">
                  {q.role}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
