import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for HTML an admin saves (landing blocks, tutorials): text formatting, headings,
 * lists, tables, links and images. Anything else is dropped: script, style, iframe, object, form,
 * every `on…` handler and `style` attribute, and URLs other than http(s), mailto and tel (so no
 * `javascript:`, `data:` or `vbscript:`, however they are written). Parsed by htmlparser2 (no DOM).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'mark',
    'sub',
    'sup',
    'blockquote',
    'code',
    'pre',
    'kbd',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  // Whatever is inside a dropped script/style/textarea is dropped with it, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title'],
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start'],
    code: ['class'],
    pre: ['class'],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/], pre: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  enforceHtmlBoundary: false,
  transformTags: {
    // A link that opens a new tab cannot reach back into this page.
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target !== undefined) {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** Admin HTML → HTML safe to render as is in the SPA. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
