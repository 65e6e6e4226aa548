// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './LoginForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Where() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function LoginPage() {
  return <LoginForm email="demo@example.com" />;
}

function renderLogin(answer: Response, initial = '/onboarding/login') {
  const fetch = vi.fn(async (_request: Request) => answer);
  vi.stubGlobal('fetch', fetch);
  const Stub = createRoutesStub([
    { path: '/onboarding/login', Component: LoginPage },
    { path: '/onboarding/verification', Component: Where },
  ]);
  render(<Stub initialEntries={[initial]} />);
  return fetch;
}

async function submitWith(password: string) {
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  const submit = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
  await waitFor(() => expect(submit.disabled).toBe(false));
  fireEvent.click(submit);
}

describe('LoginForm', () => {
  it('is disabled until the prefilled email has a password', () => {
    renderLogin(json(200, {}));
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('demo@example.com');
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the one wrong-credentials message and focuses it', async () => {
    const fetch = renderLogin(
      json(422, {
        message: 'The email and password combination is incorrect.',
        errors: { email: ['The email and password combination is incorrect.'] },
      }),
    );
    await submitWith('wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The email and password combination is incorrect.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    const request = fetch.mock.calls[0]?.[0] as Request;
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({ email: 'demo@example.com', password: 'wrong' });
    // The visitor can simply try another password.
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the rate-limit message', async () => {
    renderLogin(json(429, { message: 'Too many attempts. Please try again in 15 minutes.' }));
    await submitWith('again');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please try again in 15 minutes.',
    );
  });

  it('goes to the verification step with the verification id', async () => {
    renderLogin(
      json(200, {
        authenticated: false,
        nextAction: 'verification',
        verificationId: 'v-123',
        is_admin: false,
        errors: null,
      }),
    );
    await submitWith('mealtime-demo');
    expect(await screen.findByText('At /onboarding/verification?code=v-123')).toBeTruthy();
  });
});
