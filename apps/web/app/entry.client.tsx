import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { keepPagesOnFailedWrites } from './lib/page-writes.client';
import { routeChunkReload } from './lib/route-chunks.client';

// React Router's default client entry, with the two failures the browser meets (decision 043): a
// write that gets no answer or a limit's refusal leaves the page as it is, and a route whose code
// fails to load reloads the page the visitor was going to.
keepPagesOnFailedWrites();
const instrumentations = [routeChunkReload];

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter instrumentations={instrumentations} />
    </StrictMode>,
  );
});
