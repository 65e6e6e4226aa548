// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextInput } from './TextInput';

afterEach(cleanup);

describe('TextInput', () => {
  it("labels the field, defaults its id to 'input-' and a number below 10000, distinct per input", () => {
    render(
      <>
        <TextInput label="Email address" value="" onValueChange={() => {}} />
        <TextInput label="Zip code" value="" onValueChange={() => {}} />
      </>,
    );
    const email = screen.getByLabelText('Email address');
    const zip = screen.getByLabelText('Zip code');
    expect(email.id).toMatch(/^input-\d{1,4}$/);
    expect(Number(email.id.slice(6))).toBeLessThan(10_000);
    expect(zip.id).not.toBe(email.id);
  });

  it('renders the same id on the server and in the browser (hydration-safe)', () => {
    const element = <TextInput label="Email" value="" onValueChange={() => {}} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    const serverId = container.querySelector('input')?.id;
    expect(serverId).toMatch(/^input-\d{1,4}$/);
    // A mismatch would log a hydration error, which fails the test (test/no-console-error.ts).
    render(element, { container, hydrate: true });
    expect(screen.getByLabelText('Email').id).toBe(serverId);
  });

  it('keeps a given id, shows the error and marks the field invalid, with prefix and suffix', () => {
    const onValueChange = vi.fn();
    render(
      <TextInput
        id="promo"
        label="Amount"
        value="25"
        onValueChange={onValueChange}
        error="Too much"
        prefix="$"
        suffix="USD"
      />,
    );
    const input = screen.getByLabelText('Amount');
    expect(input.id).toBe('promo');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('promo-error');
    expect(screen.getByText('Too much').id).toBe('promo-error');
    expect(screen.getByText('$')).toBeTruthy();
    expect(screen.getByText('USD')).toBeTruthy();
    fireEvent.change(input, { target: { value: '30' } });
    expect(onValueChange).toHaveBeenCalledWith('30');
  });
});
