// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlashRegion } from './FlashRegion';
import { showFlash } from './flash';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('flash toasts', () => {
  it('live region: a success toast disappears after the default 3000 ms', () => {
    const { container } = render(<FlashRegion />);
    expect(container.querySelector('[aria-live="polite"]')).not.toBeNull();
    act(() => showFlash({ type: 'success', message: 'Plan saved' }));
    expect(screen.getByRole('status').textContent).toContain('Plan saved');
    expect(screen.getByRole('status').className).toContain('flash--success');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Plan saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Plan saved')).toBeNull();
  });

  it('an error toast uses the error style and its custom duration (cart-add errors: 4000 ms)', () => {
    render(<FlashRegion />);
    act(() => showFlash({ type: 'error', message: 'Your box is full', duration: 4000 }));
    const toast = screen.getByRole('alert');
    expect(toast.className).toContain('flash--error');
    act(() => vi.advanceTimersByTime(3500));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes from its close button', () => {
    render(<FlashRegion />);
    act(() => showFlash({ type: 'error', message: 'Nope' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Nope')).toBeNull();
  });
});
