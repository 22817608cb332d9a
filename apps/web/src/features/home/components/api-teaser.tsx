import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import { useTranslation } from 'react-i18next';

const SAMPLE = `curl -X POST https://<host>/api/v6-proxy/buy-retail \\
  -H "X-Api-Key: <your key>" -H "Content-Type: application/json" \\
  -d '{"country":"VN","quantity":50,"period":{"unit":"day","value":1}}'`;

/** docs/screens.md#home: the reseller API teaser, on sites with showAgencyApi. */
export function ApiTeaser() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="api-teaser">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <CodeOutlined color="primary" />
        <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
          {t('content.home.apiTitle')}
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('content.home.apiText')}
      </Typography>
      <Box
        component="pre"
        sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 12 }}
      >
        {SAMPLE}
      </Box>
    </Paper>
  );
}
