import { describe, expect, it } from 'vitest';
import { createDocumentMemo, type MemoInputs } from './document-memo.server';

const NONCE_A = 'n0nceAAAAAAAAAAAAAAAAA==';
const NONCE_B = 'n0nceBBBBBBBBBBBBBBBBB==';
const VISITOR_A = '11111111-1111-4111-8111-111111111111';
const VISITOR_B = '22222222-2222-4222-8222-222222222222';

function inputs(overrides: Partial<MemoInputs> = {}, visitor = VISITOR_A, nonce = NONCE_A): MemoInputs {
  return {
    method: 'GET',
    url: 'http://store.test/menus',
    statusCode: 200,
    leafRouteId: 'menus',
    loaderData: {
      root: { cart: null, experiments: { visitorId: visitor, experiments: [{ code: 'a.control' }] } },
      menus: { products: [{ sku: 'S1', price: 899 }] },
    },
    actionData: null,
    errors: null,
    volatile: [nonce, visitor],
    ...overrides,
  };
}

describe('the rendered-document memo', () => {
  it('sends a stored document again with this request’s nonce and visitor id', () => {
    const memo = createDocumentMemo();
    const first = inputs();
    const key = memo.keyOf(first)!;
    const html = `<script nonce="${NONCE_A}">v="${VISITOR_A}"</script><p nonce="${NONCE_A}">x</p>`;
    memo.set(key, Buffer.from(html), first.volatile);

    const second = inputs({}, VISITOR_B, NONCE_B);
    expect(memo.keyOf(second)).toBe(key);
    expect(memo.get(key, second.volatile)?.toString()).toBe(
      `<script nonce="${NONCE_B}">v="${VISITOR_B}"</script><p nonce="${NONCE_B}">x</p>`,
    );
  });

  it('keys on everything else the loaders gave: another variant, cart or address is another page', () => {
    const memo = createDocumentMemo();
    const key = memo.keyOf(inputs());
    const variant = inputs();
    (variant.loaderData.root as { experiments: { experiments: unknown[] } }).experiments.experiments = [
      { code: 'a.other' },
    ];
    expect(memo.keyOf(variant)).not.toBe(key);
    expect(memo.keyOf(inputs({ url: 'http://store.test/menus?page=2' }))).not.toBe(key);
    expect(
      memo.keyOf(
        inputs({ loaderData: { ...inputs().loaderData, menus: { products: [{ sku: 'S1', price: 999 }] } } }),
      ),
    ).not.toBe(key);
    // undefined is not a missing key: React Router serialises them differently.
    expect(memo.keyOf(inputs({ loaderData: { ...inputs().loaderData, extra: undefined } }))).not.toBe(key);
  });

  it('memoises only successful GETs of the listed pages with plain data', () => {
    const memo = createDocumentMemo();
    expect(memo.keyOf(inputs({ method: 'POST' }))).toBeNull();
    expect(memo.keyOf(inputs({ statusCode: 404 }))).toBeNull();
    expect(memo.keyOf(inputs({ leafRouteId: 'account' }))).toBeNull();
    expect(memo.keyOf(inputs({ actionData: { ok: true } }))).toBeNull();
    expect(memo.keyOf(inputs({ errors: { menus: 'boom' } }))).toBeNull();
    expect(memo.keyOf(inputs({ loaderData: { menus: { at: new Date(0) } } }))).toBeNull();
    expect(memo.keyOf(inputs({ loaderData: { menus: { later: Promise.resolve(1) } } }))).toBeNull();
  });

  it('forgets a document after five minutes and keeps at most 200', () => {
    let now = 0;
    const memo = createDocumentMemo({ now: () => now });
    const first = inputs();
    const key = memo.keyOf(first)!;
    memo.set(key, Buffer.from('<p>menus</p>'), first.volatile);
    now += 5 * 60_000 - 1;
    expect(memo.get(key, first.volatile)?.toString()).toBe('<p>menus</p>');
    now += 1;
    expect(memo.get(key, first.volatile)).toBeNull();

    for (let page = 1; page <= 201; page += 1) {
      const request = inputs({ url: `http://store.test/menus?page=${page}` });
      memo.set(memo.keyOf(request)!, Buffer.from(`<p>${page}</p>`), request.volatile);
    }
    expect(memo.size).toBe(200);
    const oldest = inputs({ url: 'http://store.test/menus?page=1' });
    expect(memo.get(memo.keyOf(oldest)!, oldest.volatile)).toBeNull();
  });
});
