// @vitest-environment happy-dom
import { NO_RESPONSE_MESSAGE } from '@sprout/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLASH_EVENT, type FlashDetail } from '../features/flash/flash';
import { answerPageWrite, keepPagesOnFailedWrites } from './page-writes.client';

const WRITES_MESSAGE = 'Too many changes from your connection. Please wait a minute and try again.';

function toasts(): FlashDetail[] {
  const shown: FlashDetail[] = [];
  window.addEventListener(FLASH_EVENT, (event) => shown.push((event as CustomEvent<FlashDetail>).detail));
  return shown;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a page write that fails before any action answers', () => {
  it('lost on the network: an error toast with the catalogue message, and no content instead of an error', async () => {
    const shown = toasts();
    const answer = await answerPageWrite(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(answer.status).toBe(204);
    expect(shown).toEqual([{ type: 'error', message: NO_RESPONSE_MESSAGE }]);
  });

  it('replaced by a newer change (aborted): the abort goes on to React Router', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    await expect(answerPageWrite(() => Promise.reject(abort), controller.signal)).rejects.toBe(abort);
  });

  it("refused by the write limit: the limit's message, which says when to try again", async () => {
    const shown = toasts();
    const refused = new Response(JSON.stringify({ message: WRITES_MESSAGE }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '42' },
    });
    const answer = await answerPageWrite(async () => refused);
    expect(answer.status).toBe(204);
    expect(shown).toEqual([{ type: 'error', message: WRITES_MESSAGE }]);
  });

  it('a 429 without a message: when to try again from its Retry-After', async () => {
    const shown = toasts();
    await answerPageWrite(async () => new Response('', { status: 429, headers: { 'retry-after': '42' } }));
    expect(shown[0]?.message).toBe('Too many requests from your connection. Please try again in 42 seconds.');
  });

  it("React Router's own answers (its header) and every other status pass as they came", async () => {
    const shown = toasts();
    const ours = new Response('x', { status: 429, headers: { 'X-Remix-Response': 'yes' } });
    expect(await answerPageWrite(async () => ours)).toBe(ours);
    const invalid = new Response('x', { status: 422 });
    expect(await answerPageWrite(async () => invalid)).toBe(invalid);
    expect(shown).toEqual([]);
  });

  it("only React Router's writes (to `.data`) are watched: reads and the API's calls go straight through", async () => {
    const sent = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', sent);
    keepPagesOnFailedWrites(window);
    const page = window.location.origin;
    await expect(window.fetch(new URL('/menus.data', page))).rejects.toThrow('Failed to fetch');
    await expect(window.fetch(new URL('/api/carts', page), { method: 'POST' })).rejects.toThrow();
    expect((await window.fetch(new URL('/cart.data', page), { method: 'POST' })).status).toBe(204);
  });
});
