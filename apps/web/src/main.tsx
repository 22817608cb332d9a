import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from '@/lib/i18n';
import { App } from '@/app';

const root = document.getElementById('root');
if (!root) {
  throw new Error('The #root element is missing from index.html');
}

const container = root;
// The texts of the start language (a chunk of its own for en) are there before the first render.
void i18nReady.finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
