import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { documentLanguage, loadCoreTexts, loadMoreTexts, needsMoreTexts } from './lib/texts.ts';

// Only the texts this page shows, in its language, are downloaded before hydrating.
const lang = documentLanguage();
void Promise.all([loadCoreTexts(lang), needsMoreTexts(location.pathname) ? loadMoreTexts(lang) : null]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
