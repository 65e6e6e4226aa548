// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MARKETING_SETTINGS } from '../../lib/context';
import type { RootData } from '../../root';
import { BUILD_POLL_MS } from './resilience';
import { track } from './tracker';

/**
 * The tracker's timers in the browser: the build manifest is asked for every 60 minutes
 * (BUILD_MANIFEST_POLL_MS), from the first page it sees.
 */
const root = {
  site: { marketing: DEFAULT_MARKETING_SETTINGS },
  cart: { cart: null },
  experiments: null,
} as unknown as RootData;

const at = (pathname: string, key: string) =>
  ({ pathname, search: '', hash: '', key, state: null }) as Parameters<typeof track>[1];

describe('the tracker', () => {
  const fetches: string[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    window.__reactRouterManifest = { version: 'build-1', routes: {} };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        fetches.push(String(input instanceof Request ? input.url : input));
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('polls the build manifest every 60 minutes, not before', async () => {
    expect(BUILD_POLL_MS).toBe(60 * 60 * 1000);
    track(root, at('/', 'first'), 'home', undefined, undefined);
    const manifestPolls = () => fetches.filter((url) => url.startsWith('/__manifest?version=build-1')).length;
    await vi.advanceTimersByTimeAsync(59 * 60 * 1000);
    expect(manifestPolls()).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * 1000);
    expect(manifestPolls()).toBe(1);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(manifestPolls()).toBe(2);
  });
});
