/** The tag manager's loader (gtm.server.ts), with this response's CSP nonce. */
export function GtmScript({ script, nonce }: { script: string; nonce: string | undefined }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: built on the server from validated, JSON-encoded settings (gtm.server.ts)
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}
