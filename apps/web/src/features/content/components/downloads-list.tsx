import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { safeHttpUrl } from '@/lib/safe-navigate';
import { useDownloads } from '../api/content-queries';

/** The downloads the admin lists (title, description, an http(s) link). */
export function DownloadsList() {
  const { t, i18n } = useTranslation();
  const { data } = useDownloads();
  const en = i18n.language === 'en';
  if (!data || data.items.length === 0) {
    return <Typography color="text.secondary">{t('content.tools.downloads.empty')}</Typography>;
  }
  return (
    <List disablePadding data-testid="downloads">
      {data.items.map((d, i) => {
        const href = safeHttpUrl(d.url);
        return (
          <ListItem key={i} divider sx={{ flexWrap: 'wrap', gap: 1, px: 0 }} secondaryAction={undefined}>
            <ListItemText
              primary={en ? d.titleEng : d.title}
              secondary={en ? d.descriptionEng : d.description}
              sx={{ minWidth: 200 }}
            />
            {href && (
              <Button href={href} target="_blank" rel="noopener noreferrer" startIcon={<FileDownloadOutlined />}>
                {t('content.tools.downloads.open')}
              </Button>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
