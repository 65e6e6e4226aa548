import { type ApiClient, createApiClient, remoteTransport } from './api';

/**
 * The browser's client (Pay, the card provider, sign-in): same-origin, with the visitor's cookies.
 * The page's origin is read on each call, so making one during server rendering is harmless.
 */
export function browserApiClient(): ApiClient {
  const client = () => createApiClient(remoteTransport(window.location.origin));
  return {
    call: (endpoint, ...input) => client().call(endpoint, ...input),
    request: (method, path, options) => client().request(method, path, options),
  };
}
