import { describe, expect, it } from 'vitest';
import { isSearchSuccess, searchBlog } from './search-client.server';

const ok = { data: [], meta: { query: 'x', total: 0 } };
const never = () => new Promise<never>(() => {});

describe('searchBlog', () => {
  it('answers the results when the API answers in time', async () => {
    const answer = await searchBlog(async () => Response.json(ok), 'x', { limit: 5 });
    expect(isSearchSuccess(answer)).toBe(true);
    expect(answer).toEqual({ status: 200, content: ok });
  });

  it('answers status 0 and "Connection timeout" when no answer comes', async () => {
    const answer = await searchBlog(never, 'x', { limit: 5, timeoutMs: 20 });
    expect(answer).toEqual({ status: 0, content: 'Connection timeout' });
  });

  it('answers status 0 and "Socket timeout" when the body stalls', async () => {
    const stalled = async () =>
      new Response(
        new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode('{')) }),
        {
          status: 200,
        },
      );
    const answer = await searchBlog(stalled, 'x', { limit: 5, timeoutMs: 30 });
    expect(answer).toEqual({ status: 0, content: 'Socket timeout' });
  });

  it('answers status 0 and "Network request failed" for any other network failure', async () => {
    const refused = async () => {
      throw new TypeError('fetch failed');
    };
    expect(await searchBlog(refused, 'x', { limit: 5 })).toEqual({
      status: 0,
      content: 'Network request failed',
    });
  });

  it('passes an HTTP error on with its status and message', async () => {
    const failing = async () => Response.json({ message: 'Sorry' }, { status: 503 });
    expect(await searchBlog(failing, 'x', { limit: 5 })).toEqual({ status: 503, content: 'Sorry' });
  });

  it('aborts the request it gave up on', async () => {
    let signal: AbortSignal | undefined;
    await searchBlog(
      (_path, given) => {
        signal = given;
        return never();
      },
      'x',
      { limit: 5, timeoutMs: 10 },
    );
    expect(signal?.aborted).toBe(true);
  });
});
