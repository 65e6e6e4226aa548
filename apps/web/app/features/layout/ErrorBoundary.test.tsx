// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub, data } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { expectConsoleError } from '../../../../../test/no-console-error';
import { ErrorBoundary } from '../../root';

afterEach(cleanup);

const Nothing = () => null;

function renderFailingRoute(path: string, loader: () => never) {
  const Stub = createRoutesStub([
    {
      path: '/',
      HydrateFallback: Nothing,
      ErrorBoundary: ErrorBoundary as never,
      children: [{ path: '*', Component: Nothing, loader }],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

describe('root error boundary', () => {
  it("shows 'Page Not Found' with the path for a 404", async () => {
    renderFailingRoute('/menus/nope', () => {
      throw new Response(null, { status: 404 });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Page Not Found: /menus/nope')).toBeTruthy();
  });

  it("a limit's refusal (429) shows its message, which says when to try again", async () => {
    const message = 'Too many changes from your connection. Please wait a minute and try again.';
    renderFailingRoute('/account', () => {
      throw data({ message }, { status: 429, headers: { 'Retry-After': '30' } });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Too Many Requests' })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it("shows 'Internal Server Error' for anything else and reports it", async () => {
    const reported = expectConsoleError(/database went away/);
    renderFailingRoute('/menus', () => {
      throw new Error('database went away');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeTruthy();
    expect(screen.getByText('Sorry, something went wrong. An error has occurred on the server')).toBeTruthy();
    expect(reported().length).toBeGreaterThanOrEqual(1);
  });
});
