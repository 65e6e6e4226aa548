// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentFields, type PaymentFieldsHandle } from './PaymentFields';

const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js', () => stripeJs);

const TEST_CONFIG = { provider: 'test' as const, publishable_key: null };
const FUTURE = `12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;
beforeEach(() => {
  fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  stripeJs.loadStripe.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderFields(config: Parameters<typeof PaymentFields>[0]['config'] = TEST_CONFIG) {
  const ref = createRef<PaymentFieldsHandle>();
  render(<PaymentFields ref={ref} config={config} amountCents={4599} />);
  return ref;
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillCard(number: string, expiry = FUTURE, cvc = '123') {
  type('Card number', number);
  type(/Expiry/, expiry);
  type('CVC', cvc);
}

async function requestBody(call = 0) {
  const request = fetchMock.mock.calls[call]![0];
  return { request, body: JSON.parse(await request.text()) };
}

describe('PaymentFields with the test provider', () => {
  it('labels the fields for autofill and numeric keyboards, never names them, and shows the test cards', () => {
    renderFields();
    const number = screen.getByLabelText('Card number') as HTMLInputElement;
    const expiry = screen.getByLabelText('Expiry (MM / YY)') as HTMLInputElement;
    const cvc = screen.getByLabelText('CVC') as HTMLInputElement;
    expect([number.autocomplete, expiry.autocomplete, cvc.autocomplete]).toEqual([
      'cc-number',
      'cc-exp',
      'cc-csc',
    ]);
    for (const input of [number, expiry, cvc]) {
      expect(input.inputMode).toBe('numeric');
      // No name: the card can never be submitted with a surrounding form.
      expect(input.getAttribute('name')).toBeNull();
    }
    expect(screen.getByText(/any future date, any CVC/).textContent).toContain('4242 4242 4242 4242');
    expect(screen.getByText('4000 0000 0000 0002')).toBeTruthy();
    expect(screen.getByText('4000 0000 0000 9995')).toBeTruthy();
    expect(screen.getByText('4000 0025 0000 3155').parentElement?.textContent).toContain('3-D Secure');
    expect(screen.getByText('4000 0000 0000 0341').parentElement?.textContent).toContain(
      'declines later renewals',
    );
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it('formats the number in groups of four and names the brand', () => {
    renderFields();
    type('Card number', '5555555555554444');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('5555 5555 5555 4444');
    expect(screen.getByText('Mastercard')).toBeTruthy();
    type(/Expiry/, '1234');
    expect((screen.getByLabelText(/Expiry/) as HTMLInputElement).value).toBe('12 / 34');
  });

  it('shows every field error inline, focuses the first, and sends nothing', async () => {
    const ref = renderFields();
    let result: Awaited<ReturnType<PaymentFieldsHandle['createPaymentMethod']>> | undefined;
    await act(async () => {
      result = await ref.current!.createPaymentMethod();
    });
    expect(result).toEqual({ error: 'Your card number is incomplete.' });
    expect(screen.getByText('Your card number is incomplete.')).toBeTruthy();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeTruthy();
    expect(screen.getByText("Your card's security code is invalid.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'));
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    // Fixing a field clears its error.
    type('Card number', '4242424242424241');
    expect(screen.queryByText('Your card number is incomplete.')).toBeNull();
    fireEvent.blur(screen.getByLabelText('Card number'));
    expect(screen.getByText('Your card number is invalid.')).toBeTruthy();
  });

  it('refuses an expired card before asking the provider', async () => {
    const ref = renderFields();
    fillCard('4242424242424242', '01 / 20');
    let result: unknown;
    await act(async () => {
      result = await ref.current!.createPaymentMethod();
    });
    expect(result).toEqual({ error: 'Your card has expired.' });
    expect(document.activeElement).toBe(screen.getByLabelText(/Expiry/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the card as JSON to the test provider (same origin) and answers the payment method id', async () => {
    fetchMock.mockResolvedValue(json(201, { id: 'pm_test_abc', brand: 'visa', last4: '4242' }));
    const ref = renderFields();
    fillCard('4242 4242 4242 4242', FUTURE, '123');
    let result: unknown;
    await act(async () => {
      result = await ref.current!.createPaymentMethod();
    });
    expect(result).toEqual({ id: 'pm_test_abc' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { request, body } = await requestBody();
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/test-provider/v1/payment-methods');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.credentials).toBe('same-origin');
    expect(body).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2000 + Number(FUTURE.slice(-2)),
      cvc: '123',
    });
  });

  it("shows the provider's field errors on the matching fields", async () => {
    fetchMock.mockResolvedValue(
      json(422, { message: 'Your card has expired.', errors: { exp_year: ['Your card has expired.'] } }),
    );
    const ref = renderFields();
    fillCard('4242424242424242');
    let result: unknown;
    await act(async () => {
      result = await ref.current!.createPaymentMethod();
    });
    expect(result).toEqual({ error: 'Your card has expired.' });
    expect(screen.getByLabelText(/Expiry/).getAttribute('aria-invalid')).toBe('true');
  });

  it('answers a readable error when the provider cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const ref = renderFields();
    fillCard('4242424242424242');
    let result: unknown;
    await act(async () => {
      result = await ref.current!.createPaymentMethod();
    });
    expect(result).toEqual({ error: 'No response received from server' });
  });
});

describe('3-D Secure with the test provider', () => {
  // The intent's amount differs from the page's 4599 cents: the bank confirms the intent's.
  const intent = { paymentIntentId: 'pi_test_1', clientSecret: 'pi_test_1_secret_x', amount: 52.1 };

  it('opens the bank’s dialog with the intent’s amount, and completing it approves the intent', async () => {
    fetchMock.mockResolvedValue(
      json(200, { id: 'pi_test_1', status: 'requires_capture', decline_message: null }),
    );
    const ref = renderFields();
    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = ref.current!.handleNextAction(intent);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('Sprout Test Bank')).toBeTruthy();
    expect(within(dialog).getByText('$52.10')).toBeTruthy();
    expect(within(dialog).queryByText('$45.99')).toBeNull();
    const complete = within(dialog).getByRole('button', { name: 'Complete authentication' });
    await waitFor(() => expect(document.activeElement).toBe(complete));

    fireEvent.click(complete);
    await expect(pending).resolves.toEqual({ ok: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const { request, body } = await requestBody();
    expect(new URL(request.url).pathname).toBe('/test-provider/v1/payment-intents/pi_test_1/authenticate');
    expect(body).toEqual({ client_secret: 'pi_test_1_secret_x', outcome: 'approve' });
  });

  it('keeps focus inside the dialog', async () => {
    fetchMock.mockResolvedValue(
      json(200, { id: 'pi_test_1', status: 'requires_capture', decline_message: null }),
    );
    const ref = renderFields();
    act(() => {
      void ref.current!.handleNextAction(intent);
    });
    const dialog = await screen.findByRole('dialog');
    const [complete, fail] = within(dialog).getAllByRole('button');
    await waitFor(() => expect(document.activeElement).toBe(complete));
    fail!.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(complete);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(fail);
  });

  it.each([
    ['the fail button', () => fireEvent.click(screen.getByRole('button', { name: 'Fail authentication' }))],
    ['Escape', () => fireEvent.keyDown(document, { key: 'Escape' })],
  ])('%s fails the authentication and answers the decline message', async (_name, act_) => {
    const message = 'We could not verify your card. Please try again or use another card.';
    fetchMock.mockResolvedValue(json(200, { id: 'pi_test_1', status: 'declined', decline_message: message }));
    const ref = renderFields();
    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = ref.current!.handleNextAction(intent);
    });
    await screen.findByRole('dialog');
    act_();
    await expect(pending).resolves.toEqual({ error: message });
    expect((await requestBody()).body).toEqual({ client_secret: 'pi_test_1_secret_x', outcome: 'fail' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('3-D Secure of a card setup (a first box that costs $0)', () => {
  it('asks to confirm saving the card, charging nothing, and completes the setup', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'seti_test_1', status: 'succeeded', decline_message: null }));
    const ref = renderFields();
    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = ref.current!.handleNextAction({
        paymentIntentId: 'seti_test_1',
        clientSecret: 'seti_test_1_secret_x',
        amount: 0,
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your card' });
    expect(dialog.textContent).toContain('Nothing is charged today');
    expect(within(dialog).queryByText('$0.00')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    await expect(pending).resolves.toEqual({ ok: true });
    const { request, body } = await requestBody();
    expect(new URL(request.url).pathname).toBe('/test-provider/v1/setup-intents/seti_test_1/authenticate');
    expect(body).toEqual({ client_secret: 'seti_test_1_secret_x', outcome: 'approve' });
  });
});

describe('3-D Secure hand-over', () => {
  it('answers after the dialog has closed and given focus back to what had it (the Pay button)', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'pi_test_1', status: 'declined', decline_message: 'No.' }));
    const ref = createRef<PaymentFieldsHandle>();
    render(
      <>
        <PaymentFields ref={ref} config={TEST_CONFIG} amountCents={4599} />
        <button type="button">Pay</button>
      </>,
    );
    const pay = screen.getByRole('button', { name: 'Pay' });
    pay.focus();
    let focusedWhenAnswered: Element | null = null;
    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = ref.current!.handleNextAction({ paymentIntentId: 'pi_test_1', clientSecret: 's', amount: 1 });
      void pending.then(() => {
        focusedWhenAnswered = document.activeElement;
      });
    });
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    await expect(pending).resolves.toEqual({ error: 'No.' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focusedWhenAnswered).toBe(pay);
  });
});

describe('PaymentFields with Stripe', () => {
  function fakeStripe() {
    const element = { mount: vi.fn(), destroy: vi.fn(), update: vi.fn(), on: vi.fn() };
    const elements = {
      create: vi.fn(() => element),
      submit: vi.fn(async () => ({})),
      update: vi.fn(async () => undefined),
    };
    const stripe = {
      elements: vi.fn(() => elements),
      createPaymentMethod: vi.fn(async () => ({ paymentMethod: { id: 'pm_stripe_1' } })),
      handleNextAction: vi.fn(async () => ({ paymentIntent: { status: 'requires_capture' } })),
    };
    stripeJs.loadStripe.mockResolvedValue(stripe);
    return { stripe, elements, element };
  }

  it('mounts the Payment Element in deferred, manual-capture mode and creates the payment method through it', async () => {
    const { stripe, elements, element } = fakeStripe();
    const ref = renderFields({ provider: 'stripe', publishable_key: 'pk_test_123' });
    await waitFor(() => expect(element.mount).toHaveBeenCalled());
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({
        mode: 'payment',
        amount: 4599,
        currency: 'usd',
        captureMethod: 'manual',
        paymentMethodCreation: 'manual',
      }),
    );
    expect(elements.create).toHaveBeenCalledWith('payment', expect.anything());

    let result: unknown;
    await act(async () => {
      result = await ref.current!.createPaymentMethod();
    });
    expect(result).toEqual({ id: 'pm_stripe_1' });
    expect(elements.submit).toHaveBeenCalledBefore(stripe.createPaymentMethod);
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ elements });

    await act(async () => {
      result = await ref.current!.handleNextAction({
        paymentIntentId: 'pi_1',
        clientSecret: 'pi_1_secret',
        amount: 45.99,
      });
    });
    expect(result).toEqual({ ok: true });
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('at $0 mounts the element in setup mode (the card is saved, nothing charged) and completes a setup', async () => {
    const { stripe, element } = fakeStripe();
    const ref = createRef<PaymentFieldsHandle>();
    render(
      <PaymentFields
        ref={ref}
        config={{ provider: 'stripe', publishable_key: 'pk_test_123' }}
        amountCents={0}
      />,
    );
    await waitFor(() => expect(element.mount).toHaveBeenCalled());
    expect(stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'setup', currency: 'usd', paymentMethodCreation: 'manual' }),
    );
    expect(stripe.elements).not.toHaveBeenCalledWith(expect.objectContaining({ captureMethod: 'manual' }));

    stripe.handleNextAction.mockResolvedValueOnce({ setupIntent: { status: 'succeeded' } } as never);
    let result: unknown;
    await act(async () => {
      result = await ref.current!.handleNextAction({
        paymentIntentId: 'seti_1',
        clientSecret: 'seti_1_secret',
        amount: 0,
      });
    });
    expect(result).toEqual({ ok: true });
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'seti_1_secret' });
    stripe.handleNextAction.mockResolvedValueOnce({
      setupIntent: { status: 'requires_payment_method', last_setup_error: { message: 'Declined.' } },
    } as never);
    await act(async () => {
      result = await ref.current!.handleNextAction({
        paymentIntentId: 'seti_1',
        clientSecret: 'seti_1_secret',
        amount: 0,
      });
    });
    expect(result).toEqual({ error: 'Declined.' });
  });

  it("answers Stripe's own messages for invalid fields and failed authentication", async () => {
    const { stripe, elements, element } = fakeStripe();
    const ref = renderFields({ provider: 'stripe', publishable_key: 'pk_test_123' });
    await waitFor(() => expect(element.mount).toHaveBeenCalled());
    elements.submit.mockResolvedValueOnce({ error: { message: 'Your card number is incomplete.' } });
    let result: unknown;
    await act(async () => {
      result = await ref.current!.createPaymentMethod();
    });
    expect(result).toEqual({ error: 'Your card number is incomplete.' });
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();

    stripe.handleNextAction.mockResolvedValueOnce({
      error: { message: 'We are unable to authenticate your payment method.' },
    } as never);
    await act(async () => {
      result = await ref.current!.handleNextAction({
        paymentIntentId: 'pi_1',
        clientSecret: 'pi_1_secret',
        amount: 45.99,
      });
    });
    expect(result).toEqual({ error: 'We are unable to authenticate your payment method.' });
  });
});

describe('server rendering', () => {
  it('renders either provider without touching the browser, and never loads Stripe.js on the server', () => {
    const testHtml = renderToString(<PaymentFields config={TEST_CONFIG} amountCents={4599} />);
    expect(testHtml).toContain('Card number');
    expect(testHtml).not.toContain('name=');
    const stripeHtml = renderToString(
      <PaymentFields config={{ provider: 'stripe', publishable_key: 'pk_test_123' }} amountCents={4599} />,
    );
    expect(stripeHtml).toContain('Loading the secure payment form');
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });
});
