import { createContext, useContext } from 'react';

/**
 * The response's Content-Security-Policy nonce, given by entry.server.tsx to the inline scripts
 * the document renders. Only the server render has one: the browser has run those scripts by then.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
