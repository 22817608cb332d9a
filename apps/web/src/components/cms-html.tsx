import Box, { type BoxProps } from '@mui/material/Box';

/**
 * HTML from the content CMS. The server sanitises it on save (an allow-list: no script, no event
 * handlers, no javascript: links; docs/wire-contract.md#site-content), so it is rendered as is.
 */
export function CmsHtml({ html, sx, ...rest }: { html: string } & Omit<BoxProps, 'children'>) {
  return (
    <Box
      {...rest}
      sx={{
        overflowWrap: 'anywhere',
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
        '& pre': { overflowX: 'auto', p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13 },
        '& code': { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '0.9em' },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& td, & th': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& a': { color: 'primary.main' },
        '& h2, & h3, & h4': { mt: 2, mb: 1, lineHeight: 1.3 },
        '& ul, & ol': { pl: 3 },
        ...sx,
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
