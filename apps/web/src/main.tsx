import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App, createAppRouter } from './app/app';
import { readIdentity } from './lib/identity';
import { queryClient } from './lib/query-client';
import { drawAsVisitorUntilSessionKnown } from './lib/session';
import { SERVER_DATA_ELEMENT_ID } from './server-render-contract';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

/**
 * The public pages arrive rendered by the server with their data (docs/adr/0008): the page
 * hydrates that markup. A tab that signed in (its identity is kept) renders afresh instead: the
 * server's markup is a visitor's, and a signed-in user's home is the menu, not the landing page.
 */
const serverData = document.getElementById(SERVER_DATA_ELEMENT_ID);
const hydrating = serverData !== null && container.firstElementChild !== null && readIdentity() === null;
if (hydrating) {
  hydrate(queryClient, JSON.parse(serverData.textContent ?? '{}'));
  drawAsVisitorUntilSessionKnown();
}
// Not a top-level await: the lazy chunks import modules of this entry's chunk, which would then wait
// for itself (the bundler splits those modules out to avoid that: more files on every first visit).
void createAppRouter({ hydrating }).then((router) => {
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (hydrating) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
