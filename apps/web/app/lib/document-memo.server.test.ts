import { describe, expect, it } from 'vitest';
import { createDocumentMemo, type EncodedInputs, type MemoInputs } from './document-memo.server';

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

describe('the memo keyed by the encoded payload', () => {
  const payloadOf = (visitor: string, variant = 'a.control', price = 899) =>
    Buffer.from(
      `[{"root":1},{"experiments":2,"visitorId":3},"${variant}","${visitor}",{"price":4},${price}]\n`,
    );
  const encoded = (payload: Buffer | null, overrides: Partial<EncodedInputs> = {}, nonce = NONCE_A) => {
    const visitor = payload?.includes(VISITOR_B) ? VISITOR_B : VISITOR_A;
    return {
      method: 'GET',
      url: 'http://store.test/menus',
      statusCode: 200,
      leafRouteId: 'menus',
      actionData: null,
      errors: null,
      payload,
      volatile: [nonce, visitor],
      ...overrides,
    } satisfies EncodedInputs;
  };

  it('gives two visitors with the same data the same key, and sends the document with their own values', () => {
    const memo = createDocumentMemo();
    const first = encoded(payloadOf(VISITOR_A));
    const key = memo.keyOfEncoded(first)!;
    memo.set(key, Buffer.from(`<script nonce="${NONCE_A}">v="${VISITOR_A}"</script>`), first.volatile);
    const second = encoded(payloadOf(VISITOR_B), {}, NONCE_B);
    expect(memo.keyOfEncoded(second)).toBe(key);
    expect(memo.get(key, second.volatile)?.toString()).toBe(
      `<script nonce="${NONCE_B}">v="${VISITOR_B}"</script>`,
    );
  });

  it('keys on every other byte of the payload and on the address', () => {
    const memo = createDocumentMemo();
    const key = memo.keyOfEncoded(encoded(payloadOf(VISITOR_A)));
    expect(memo.keyOfEncoded(encoded(payloadOf(VISITOR_A, 'a.other')))).not.toBe(key);
    expect(memo.keyOfEncoded(encoded(payloadOf(VISITOR_A, 'a.control', 999)))).not.toBe(key);
    expect(
      memo.keyOfEncoded(encoded(payloadOf(VISITOR_A), { url: 'http://store.test/menus?page=2' })),
    ).not.toBe(key);
    // Bytes moved between the address and the payload make another key (lengths are hashed).
    const moved = encoded(Buffer.from('x'), { url: 'http://store.test/menus' });
    const shifted = encoded(Buffer.from('sx'), { url: 'http://store.test/menu' });
    expect(memo.keyOfEncoded(moved)).not.toBe(memo.keyOfEncoded(shifted));
  });

  it('makes no key without a whole payload, nor for a request that may not be memoised', () => {
    const memo = createDocumentMemo();
    expect(memo.keyOfEncoded(encoded(null))).toBeNull();
    expect(memo.keyOfEncoded(encoded(payloadOf(VISITOR_A), { method: 'POST' }))).toBeNull();
    expect(memo.keyOfEncoded(encoded(payloadOf(VISITOR_A), { statusCode: 404 }))).toBeNull();
    expect(memo.keyOfEncoded(encoded(payloadOf(VISITOR_A), { leafRouteId: 'account' }))).toBeNull();
    expect(memo.keyOfEncoded(encoded(payloadOf(VISITOR_A), { actionData: { ok: true } }))).toBeNull();
    expect(memo.keyOfEncoded(encoded(payloadOf(VISITOR_A), { errors: { menus: 'boom' } }))).toBeNull();
  });
});
