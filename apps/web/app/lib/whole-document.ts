/**
 * A rendered document's bytes, carried beside its Response from the document entry
 * (entry.server.tsx) to the page handler (page-handler.server.ts), which live in two bundles (the
 * React Router build and the server's): a registered symbol is the same in both (decision 030).
 * The Response keeps its own body for any other reader (tests, React Router itself); the page
 * handler sends these bytes instead of reading that body back through a web stream and copying it
 * twice (`arrayBuffer()`, `Buffer.from`), which under load was two 90 KB allocations per page.
 */
export const WHOLE_DOCUMENT = Symbol.for('sprout.whole-document');

export function attachWholeDocument(response: Response, body: Buffer): Response {
  Object.defineProperty(response, WHOLE_DOCUMENT, { value: body });
  return response;
}

/** The bytes attached by the entry, or null for any other response (resource routes, redirects). */
export function wholeDocumentOf(response: Response): Buffer | null {
  const body = (response as unknown as Record<symbol, unknown>)[WHOLE_DOCUMENT];
  return Buffer.isBuffer(body) ? body : null;
}
