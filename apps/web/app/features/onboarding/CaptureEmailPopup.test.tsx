// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartProvider } from '../cart/CartProvider';
import { createCartController } from '../cart/controller';
import { createCartStore } from '../cart/state';
import { memoryCartStorage } from '../cart/storage';
import { CART_ID, fakeCartApi } from '../cart/testing';
import { CaptureEmailPopup } from './CaptureEmailPopup';

afterEach(cleanup);

const MAC = { sku: 'SS-TOD-001', name: 'Butternut Mac & Cheese' };

type Harness = {
  store: ReturnType<typeof createCartStore>;
  controller: ReturnType<typeof createCartController>;
};
let harness: Harness | null = null;

/** The popup in an app shell with a page behind it, on the cart of the current test. */
function PopupPage() {
  if (!harness) throw new Error('renderPopup() sets the harness first');
  return (
    <CartProvider value={harness}>
      <div data-app-shell="">
        <main className="layout">
          <button type="button">Behind</button>
        </main>
        <CaptureEmailPopup />
      </div>
    </CartProvider>
  );
}

async function renderPopup() {
  const api = fakeCartApi({ existing: { planId: 1 } });
  const store = createCartStore();
  const storage = memoryCartStorage(CART_ID);
  const navigate = vi.fn();
  const controller = createCartController({
    api,
    store,
    storage,
    navigate,
    flash: () => {},
    location: () => ({ origin: 'http://shop.test', pathname: '/menus', search: '', hash: '' }),
    revalidate: () => {},
  });
  await controller.actions.restoreOrCreateCart();
  harness = { store, controller };
  const Stub = createRoutesStub([{ path: '/menus', Component: PopupPage }]);
  render(<Stub initialEntries={['/menus']} />);
  await screen.findByRole('button', { name: 'Behind' });
  // A visitor without details adds a product: the popup opens with it pending.
  await act(() => controller.addProduct(MAC));
  const dialog = await screen.findByRole('dialog', { name: "Let's Get Started!" });
  return { api, store, storage, controller, dialog, navigate };
}

const emailInput = () => screen.getByLabelText('Email address') as HTMLInputElement;
const zipInput = () => screen.getByLabelText('Zip code') as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

function type(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
}
function focus(input: HTMLInputElement) {
  act(() => input.focus());
}

describe('capture-email popup', () => {
  it('is a labelled modal with the spec content; focus starts on the email; signupUsed is set', async () => {
    const { dialog, storage } = await renderPopup();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('nutritious meals and snacks');
    expect(document.activeElement).toBe(emailInput());
    // No social sign-in is configured here: no button that would lead nowhere (defect 5).
    expect(screen.queryByText('OR')).toBeNull();
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/onboarding/login');
    expect(dialog.textContent).toContain('Already a customer? Log in');
    expect(storage.signupUsed).toBe(true);
    expect(document.querySelector('main')?.hasAttribute('inert')).toBe(true);
    expect(emailInput().id).toMatch(/^input-\d{1,4}$/);
  });

  it('validates on blur: messages only while the field is not focused; submit waits for valid fields', async () => {
    await renderPopup();
    expect(submitButton().disabled).toBe(true);
    type(emailInput(), 'pat');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    focus(zipInput());
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    focus(emailInput());
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(screen.getByText('This field is required')).toBeTruthy();
    type(emailInput(), 'pat@example.com');
    type(zipInput(), '10001');
    expect(submitButton().disabled).toBe(false);
  });

  it('submits: updates the cart, adds the pending product, closes', async () => {
    const { api, store } = await renderPopup();
    type(emailInput(), 'pat@example.com');
    type(zipInput(), '10001');
    fireEvent.click(submitButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls).toContain('updateCart {"email":"pat@example.com","zip_code":"10001"}');
    expect(store.getState().cart.items.map((item) => item.sku)).toEqual([MAC.sku]);
    expect(document.querySelector('main')?.hasAttribute('inert')).toBe(false);
  });

  it("shows the server's zip error on the zip field until it is edited", async () => {
    await renderPopup();
    type(emailInput(), 'pat@example.com');
    type(zipInput(), '00000');
    fireEvent.click(submitButton());
    expect(await screen.findByText('We could not find this zip code.')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    type(zipInput(), '10001');
    expect(screen.queryByText('We could not find this zip code.')).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it('Escape or the close icon closes it and drops the pending product', async () => {
    const { store, controller } = await renderPopup();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().onboarding.pendingCartItem).toBeNull();

    await act(() => controller.addProduct(MAC));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().onboarding.pendingCartItem).toBeNull();
  });

  it('a click outside the dialog closes it', async () => {
    const { dialog } = await renderPopup();
    const backdrop = dialog.parentElement as HTMLElement;
    fireEvent.mouseDown(dialog);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    fireEvent.mouseDown(backdrop);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
