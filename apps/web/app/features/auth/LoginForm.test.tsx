// @vitest-environment happy-dom
import { parseWithZod } from '@conform-to/zod/v4';
import { LOGIN_FAILED_MESSAGE, loginBody } from '@sprout/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub, useActionData } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormActionData } from '../forms/useContractForm';
import { LoginForm } from './LoginForm';

afterEach(cleanup);

/**
 * The login form's behaviour in the browser (its checks and messages) with a stand-in action: what
 * the real action answers against the API is covered in routes/auth-actions.test.ts.
 */
function Page() {
  const actionData = useActionData() as FormActionData | undefined;
  return <LoginForm email="demo@example.com" actionData={actionData} />;
}

function renderLogin(options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) {
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const submission = parseWithZod(await request.formData(), { schema: loginBody });
    return { result: submission.reply({ ...options, hideFields: ['password'] }) };
  });
  const Stub = createRoutesStub([{ path: '/onboarding/login', Component: Page, action }]);
  render(<Stub initialEntries={['/onboarding/login']} />);
  return action;
}

const email = () => screen.getByLabelText('Email address') as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;

function leave(input: HTMLInputElement) {
  act(() => {
    input.focus();
    input.blur();
  });
}

describe('LoginForm', () => {
  it('is a real form posting to the route; submit waits for the contracts’ rules to pass', async () => {
    renderLogin();
    const form = email().closest('form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('post');
    expect(email().value).toBe('demo@example.com');
    expect(email().name).toBe('email');
    await waitFor(() => expect(submit().disabled).toBe(true));
    fireEvent.input(password(), { target: { value: 'x' } });
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it('validates when a field is left, not while typing; the error hides while the field is focused', async () => {
    renderLogin();
    act(() => email().focus());
    fireEvent.input(email(), { target: { value: 'pat' } });
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    act(() => email().blur());
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    act(() => email().focus());
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    fireEvent.input(email(), { target: { value: '' } });
    act(() => email().blur());
    expect(await screen.findByText('This field is required')).toBeTruthy();
  });

  it('checks a field when it is left or its change is committed, never on each keystroke', async () => {
    // Conform checks a field by submitting the form with its intent button: count those checks.
    const requestSubmit = vi.spyOn(HTMLFormElement.prototype, 'requestSubmit');
    const checks = () =>
      requestSubmit.mock.calls.filter(([submitter]) =>
        (submitter as HTMLButtonElement | undefined)?.value.includes('validate'),
      ).length;
    try {
      renderLogin();
      act(() => email().focus());
      fireEvent.input(email(), { target: { value: 'pat' } });
      act(() => email().blur());
      expect(checks()).toBe(1);
      expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
      act(() => email().focus());
      for (const value of ['pat@', 'pat@example', 'pat@example.com'])
        fireEvent.input(email(), { target: { value } });
      expect(checks()).toBe(1);
      fireEvent.change(email(), { target: { value: 'pat@example.org' } });
      expect(checks()).toBe(2);
      act(() => email().blur());
      await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
    } finally {
      requestSubmit.mockRestore();
    }
  });

  it('shows the action’s form message and focuses it', async () => {
    const action = renderLogin({ formErrors: [LOGIN_FAILED_MESSAGE] });
    fireEvent.input(password(), { target: { value: 'wrong' } });
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(LOGIN_FAILED_MESSAGE);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('puts a server error beside its field, focused, and clears it when that field is edited', async () => {
    renderLogin({ fieldErrors: { email: ['This email is not right.'] } });
    fireEvent.input(password(), { target: { value: 'mealtime-demo' } });
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    expect(await screen.findByText('This email is not right.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(email()));
    // A server error on a field disables submit until the field is edited.
    expect(submit().disabled).toBe(true);
    fireEvent.input(email(), { target: { value: 'demo2@example.com' } });
    await waitFor(() => expect(screen.queryByText('This email is not right.')).toBeNull());
    leave(email());
    await waitFor(() => expect(submit().disabled).toBe(false));
  });
});
