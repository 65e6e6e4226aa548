// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { announce, LiveRegion } from './LiveRegion';

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

afterEach(cleanup);

describe('LiveRegion', () => {
  it('is a polite, atomic status region that speaks what announce() says', async () => {
    render(<LiveRegion />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.getAttribute('aria-atomic')).toBe('true');
    expect(region.textContent).toBe('');

    act(() => announce('Added Pear & Spinach, 1 in your box'));
    await nextFrame();
    expect(region.textContent).toBe('Added Pear & Spinach, 1 in your box');
  });

  it('clears before repeating the same words, so they are heard again', async () => {
    render(<LiveRegion />);
    const region = screen.getByRole('status');
    act(() => announce('Box updated'));
    await nextFrame();
    act(() => announce('Box updated'));
    expect(region.textContent).toBe('');
    await nextFrame();
    expect(region.textContent).toBe('Box updated');
  });

  it('does nothing before a region is mounted', () => {
    expect(() => announce('nobody listens')).not.toThrow();
  });
});
