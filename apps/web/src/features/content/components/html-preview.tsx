import Box from '@mui/material/Box';

/**
 * A preview of draft HTML before the server sanitises it: a sandboxed frame with no script
 * permission, so nothing an admin pastes can run in the panel.
 */
export function HtmlPreview({ html, height = 260 }: { html: string; height?: number }) {
  const doc = `<!doctype html><meta charset="utf-8"><style>body{font-family:Roboto,Arial,sans-serif;font-size:15px;line-height:1.5;margin:12px;color:#222;overflow-wrap:anywhere}img{max-width:100%}pre{overflow:auto;background:#f4f4f4;padding:8px}</style>${html}`;
  return (
    <Box
      component="iframe"
      title="preview"
      sandbox=""
      srcDoc={doc}
      sx={{ width: '100%', height, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
    />
  );
}
