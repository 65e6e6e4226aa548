/**
 * The tag manager's container loader (decision 026): starts the configured data layer and adds
 * gtm.js carrying this response's CSP nonce. Built on the server (loader data), so browsers of a
 * store without GTM_ID download none of it. Both values were validated at start-up (GTM_ID by
 * GTM_ID_PATTERN, the data layer's name as an identifier) and are JSON-encoded besides.
 */
export function gtmBootstrap(gtmId: string | null, dataLayerName: string, nonce: string): string | null {
  if (!gtmId) return null;
  const layer = JSON.stringify(dataLayerName);
  const source = JSON.stringify(
    `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}${
      dataLayerName === 'dataLayer' ? '' : `&l=${encodeURIComponent(dataLayerName)}`
    }`,
  );
  return [
    `(function(w,d){var l=${layer};w[l]=w[l]||[];w[l].push({'gtm.start':Date.now(),event:'gtm.js'});`,
    `var s=d.createElement('script');s.async=true;s.src=${source};s.nonce=${JSON.stringify(nonce)};`,
    `d.head.appendChild(s);})(window,document);`,
  ].join('');
}
