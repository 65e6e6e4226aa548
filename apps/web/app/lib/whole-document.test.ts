import { describe, expect, it } from 'vitest';
import { attachWholeDocument, WHOLE_DOCUMENT, wholeDocumentOf } from './whole-document';

describe("a rendered document's bytes beside its Response", () => {
  it('carries the very buffer, and leaves the body readable for any other reader', async () => {
    const html = Buffer.from('<!DOCTYPE html><p>hi</p>');
    const response = attachWholeDocument(new Response(html as Uint8Array<ArrayBuffer>), html);
    expect(wholeDocumentOf(response)).toBe(html);
    expect(await response.text()).toBe('<!DOCTYPE html><p>hi</p>');
  });

  it('is found through the registered symbol, as the other bundle sees it', () => {
    expect(WHOLE_DOCUMENT).toBe(Symbol.for('sprout.whole-document'));
  });

  it('is nothing for a response the entry did not render', () => {
    expect(wholeDocumentOf(new Response('plain'))).toBeNull();
    expect(wholeDocumentOf(new Response(null, { status: 204 }))).toBeNull();
  });
});
