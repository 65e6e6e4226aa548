// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SocialButtons } from './SocialButtons';

afterEach(cleanup);

function Buttons() {
  const { abandonedCartId } = useLoaderData() as { abandonedCartId: string | null };
  return <SocialButtons abandonedCartId={abandonedCartId} />;
}

function Loading() {
  return null;
}

/** The social sign-in links of the capture form, under the root's site settings. */
function renderButtons(socialProviders: string[], abandonedCartId: string | null) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ site: { socialProviders }, abandonedCartId }),
      HydrateFallback: Loading,
      Component: Buttons,
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

describe('SocialButtons', () => {
  it('the Google button goes to the login address carrying the abandoned cart id', async () => {
    renderButtons(['google'], '0b9f3c1e-6a57-4f4e-9d0c-6f2b3f0d8a11');
    const google = await screen.findByRole('link', { name: /Continue with Google/ });
    expect(google.getAttribute('href')).toBe(
      '/auth/google?abandoned_cart_id=0b9f3c1e-6a57-4f4e-9d0c-6f2b3f0d8a11',
    );
  });

  it('without a cart yet, the address carries no id', async () => {
    renderButtons(['google'], null);
    expect((await screen.findByRole('link', { name: /Continue with Google/ })).getAttribute('href')).toBe(
      '/auth/google',
    );
  });
});
