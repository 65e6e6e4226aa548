import { CARD_DECLINED_MESSAGE, CARD_OF_ANOTHER_ACCOUNT_MESSAGE } from '@sprout/contracts';
import Stripe from 'stripe';
import type {
  AuthorizeInput,
  CardSetup,
  CardSetupStatus,
  OffSessionChargeInput,
  PaymentIntent,
  PaymentIntentStatus,
  PaymentProvider,
  RefundInput,
  SavedCard,
  SavePaymentMethodInput,
  SetUpCardInput,
} from '../../domain/payment-provider';
import { AppError } from '../../errors/app-error';

/**
 * Stripe behind the PaymentProvider interface (docs/decisions/011): PaymentIntents with manual
 * capture, confirmed on creation with the payment method the Payment Element created in the
 * browser. The Stripe client is passed in, so tests point it at a local imitation of the API.
 */

export type StripeSettings = { secretKey: string; publishableKey: string; webhookSecret: string | undefined };

/** The SDK client for the configured secret key. `api` is for tests only: a local imitation of Stripe. */
export function createStripeClient(
  secretKey: string,
  api?: { host: string; port: number; protocol: 'http' | 'https' },
): Stripe {
  return new Stripe(secretKey, {
    // Every call is already idempotent (our keys, or the SDK's own retry key on POSTs).
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'sprout-and-spoon' },
    ...(api ?? {}),
  });
}

const EXPAND = ['payment_method'];

const { StripeCardError, StripeIdempotencyError, StripeInvalidRequestError } = Stripe.errors;

function ourStatus(intent: Stripe.PaymentIntent): PaymentIntentStatus {
  switch (intent.status) {
    case 'requires_capture':
      return 'requires_capture';
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    case 'requires_action':
      return 'requires_action';
    // We always confirm on creation: back at requires_payment_method means the card failed
    // (a decline, or a failed 3-D Secure step).
    case 'requires_payment_method':
      return 'declined';
    default:
      throw new AppError(
        'internal',
        `Stripe payment intent ${intent.id} is in an unexpected state: ${intent.status}.`,
      );
  }
}

function cardOf(method: string | Stripe.PaymentMethod | null | undefined): PaymentIntent['card'] {
  if (!method || typeof method === 'string' || !method.card) return null;
  return { brand: method.card.brand, last4: method.card.last4 };
}

/**
 * Stripe's answer when an off-session charge needs its customer: the error's `code` (or, on a
 * `card_declined`, its `decline_code`) is `authentication_required` and the intent is left at
 * requires_payment_method, usable for an on-session confirmation with the same card.
 */
const AUTHENTICATION_REQUIRED = 'authentication_required';

function asksForAuthentication(
  error: { code?: string | null; decline_code?: string | null } | null | undefined,
) {
  return error?.code === AUTHENTICATION_REQUIRED || error?.decline_code === AUTHENTICATION_REQUIRED;
}

function fromStripe(intent: Stripe.PaymentIntent, declineMessage?: string): PaymentIntent {
  const stripeStatus = ourStatus(intent);
  // Waiting for its customer, not declined (decision 041): read back the same after a retrieve.
  const status =
    stripeStatus === 'declined' && asksForAuthentication(intent.last_payment_error)
      ? 'requires_authentication'
      : stripeStatus;
  return {
    id: intent.id,
    status,
    amountCents: intent.amount,
    clientSecret: intent.client_secret ?? '',
    declineMessage:
      status === 'declined'
        ? (declineMessage ?? intent.last_payment_error?.message ?? CARD_DECLINED_MESSAGE)
        : null,
    card: cardOf(intent.payment_method),
  };
}

function ourSetupStatus(setup: Stripe.SetupIntent): CardSetupStatus {
  switch (setup.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'canceled';
    // Confirmed on creation: back at requires_payment_method means the bank refused the card.
    case 'requires_payment_method':
      return 'declined';
    default:
      throw new AppError(
        'internal',
        `Stripe setup intent ${setup.id} is in an unexpected state: ${setup.status}.`,
      );
  }
}

function customerIdOf(customer: string | { id: string } | null | undefined): string | null {
  if (!customer) return null;
  return typeof customer === 'string' ? customer : customer.id;
}

function fromStripeSetup(setup: Stripe.SetupIntent, declineMessage?: string): CardSetup {
  const status = ourSetupStatus(setup);
  const method = setup.payment_method;
  const paymentMethodId = typeof method === 'string' ? method : (method?.id ?? null);
  return {
    id: setup.id,
    status,
    clientSecret: setup.client_secret ?? '',
    declineMessage:
      status === 'declined'
        ? (declineMessage ?? setup.last_setup_error?.message ?? CARD_DECLINED_MESSAGE)
        : null,
    card: cardOf(method),
    savedPaymentMethod:
      status === 'succeeded' && paymentMethodId
        ? { paymentMethodId, customerId: customerIdOf(setup.customer) }
        : null,
  };
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** The customer-facing text Stripe gives for a card error. */
function customerMessage(error: Stripe.errors.StripeError): string {
  return error.userMessage || error.message || CARD_DECLINED_MESSAGE;
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    readonly stripe: Stripe,
    readonly publishableKey: string,
  ) {}

  async authorize(input: AuthorizeInput): Promise<PaymentIntent> {
    const { customerId, ...intent } = await this.createAuthorization(input);
    if (!customerId || intent.status === 'declined') return intent;
    return { ...intent, savedPaymentMethod: { paymentMethodId: input.paymentMethodId, customerId } };
  }

  /** Stripe's `card.fingerprint`: one value per card number within the Stripe account. */
  async cardFingerprint(paymentMethodId: string): Promise<string | null> {
    try {
      const method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
      return method.card?.fingerprint ?? null;
    } catch (error) {
      // An unknown payment method: authorize answers the customer about it.
      if (error instanceof StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw this.unexpected(error, 'read a card');
    }
  }

  /**
   * A subscription's first payment also saves the card: Stripe only charges a card off-session
   * later when it is attached to a customer and the first payment said so (setup_future_usage).
   * The customer is created with a key derived from the payment's, so a retry makes no second one.
   */
  private async customerFor(input: AuthorizeInput): Promise<string | null> {
    if (!input.saveForOffSession) return null;
    try {
      const customer = await this.stripe.customers.create(
        {
          email: input.saveForOffSession.email,
          name: input.saveForOffSession.name,
          metadata: input.metadata,
        },
        { idempotencyKey: `customer-${input.idempotencyKey}` },
      );
      return customer.id;
    } catch (error) {
      throw this.unexpected(error, 'create customer');
    }
  }

  private async createAuthorization(
    input: AuthorizeInput,
  ): Promise<PaymentIntent & { customerId: string | null }> {
    const customerId = await this.customerFor(input);
    let intent: Stripe.Response<Stripe.PaymentIntent>;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          payment_method: input.paymentMethodId,
          capture_method: 'manual',
          confirm: true,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: input.description,
          metadata: input.metadata,
          ...(customerId ? { customer: customerId, setup_future_usage: 'off_session' as const } : {}),
          expand: EXPAND,
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      return { ...this.declinedOrThrow(error, 'authorize'), customerId };
    }
    // Stripe replays the first answer for a key it has seen; the intent may have moved on since
    // (the customer completed 3-D Secure), and the interface promises its current state.
    if (intent.lastResponse?.headers?.['idempotent-replayed'] === 'true') {
      return { ...(await this.retrieve(intent.id)), customerId };
    }
    return { ...fromStripe(intent), customerId };
  }

  /**
   * A renewal: the saved card charged without the customer (`off_session`), confirmed and captured
   * at once. Stripe answers a repeated key with the first answer, decline included, so a renewal
   * run twice never charges twice. A bank that asks for authentication (Stripe's
   * `authentication_required`, or an intent left at requires_action) is no decline: the intent
   * waits for its customer, who confirms it on-session (confirmOnSession; decision 041).
   */
  async chargeOffSession(input: OffSessionChargeInput): Promise<PaymentIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          payment_method: input.paymentMethodId,
          ...(input.customerId ? { customer: input.customerId } : {}),
          off_session: true,
          confirm: true,
          // Its customer may have to confirm it on this site later: never a redirect.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: input.description,
          metadata: input.metadata,
          expand: EXPAND,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      // A replayed key answers its first answer: the intent may have been paid since.
      const current =
        intent.lastResponse?.headers?.['idempotent-replayed'] === 'true'
          ? await this.retrieve(intent.id)
          : fromStripe(intent);
      return current.status === 'requires_action'
        ? { ...current, status: 'requires_authentication' }
        : current;
    } catch (error) {
      if (error instanceof StripeCardError && error.payment_intent && asksForAuthentication(error)) {
        // The first answer again for a replayed key: the customer may have confirmed it since.
        const current = await this.retrieve(error.payment_intent.id);
        if (current.status !== 'declined')
          return { ...current, card: current.card ?? cardOf(error.payment_method) };
        return {
          ...current,
          status: 'requires_authentication',
          declineMessage: null,
          card: current.card ?? cardOf(error.payment_method),
        };
      }
      return this.declinedOrThrow(error, 'charge off-session');
    }
  }

  /**
   * The customer is back for a renewal that asked for authentication: the intent is confirmed again
   * with its own card, on-session, so the bank can ask for 3-D Secure (requires_action, completed in
   * the browser with `stripe.handleNextAction`, as at checkout). Stripe captures it when it succeeds.
   */
  async confirmOnSession(intentId: string): Promise<PaymentIntent> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: EXPAND });
    } catch (error) {
      throw this.unexpected(error, 'retrieve');
    }
    if (intent.status === 'canceled') {
      throw new AppError('conflict', 'This payment cannot be confirmed: it is canceled.');
    }
    if (intent.status !== 'requires_payment_method') return fromStripe(intent);
    const method = intent.payment_method ?? intent.last_payment_error?.payment_method ?? null;
    const paymentMethodId = typeof method === 'string' ? method : (method?.id ?? null);
    if (!paymentMethodId) {
      throw new AppError('conflict', 'This payment has no card to confirm it with.');
    }
    try {
      const confirmed = await this.stripe.paymentIntents.confirm(intentId, {
        payment_method: paymentMethodId,
        off_session: false,
        expand: EXPAND,
      });
      return fromStripe(confirmed);
    } catch (error) {
      return this.declinedOrThrow(error, 'confirm on-session');
    }
  }

  /**
   * A first box that costs $0 still saves the card for the next boxes: a SetupIntent for a new
   * customer (its key derived from the setup's, so a retry makes no second one), confirmed at once
   * for off-session use. Nothing is charged; the bank may still ask for 3-D Secure, which the
   * browser completes with `stripe.handleNextAction` as for a payment.
   */
  async setUpCard(input: SetUpCardInput): Promise<CardSetup> {
    let customerId: string;
    try {
      const customer = await this.stripe.customers.create(
        { email: input.customer.email, name: input.customer.name, metadata: input.metadata },
        { idempotencyKey: `customer-${input.idempotencyKey}` },
      );
      customerId = customer.id;
    } catch (error) {
      throw this.unexpected(error, 'create customer');
    }
    let setup: Stripe.Response<Stripe.SetupIntent>;
    try {
      setup = await this.stripe.setupIntents.create(
        {
          customer: customerId,
          payment_method: input.paymentMethodId,
          confirm: true,
          usage: 'off_session',
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: input.description,
          metadata: input.metadata,
          expand: EXPAND,
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      if (error instanceof StripeIdempotencyError) {
        throw new AppError('conflict', 'This idempotency key was already used to save a different card.');
      }
      // A declined card answers 402 with the setup it left at requires_payment_method.
      if (error instanceof StripeCardError && error.setup_intent) {
        const declined = fromStripeSetup(error.setup_intent, customerMessage(error));
        return { ...declined, status: 'declined', card: declined.card ?? cardOf(error.payment_method) };
      }
      if (error instanceof StripeInvalidRequestError && error.param === 'payment_method') {
        throw AppError.invalidField(
          'payment_method_id',
          'We could not read this card. Please enter your card details again.',
        );
      }
      throw this.unexpected(error, 'set up a card');
    }
    // A replayed answer is the first one: after a 3-D Secure step the setup has moved on.
    if (setup.lastResponse?.headers?.['idempotent-replayed'] === 'true') {
      try {
        return fromStripeSetup(await this.stripe.setupIntents.retrieve(setup.id, { expand: EXPAND }));
      } catch (error) {
        throw this.unexpected(error, 'retrieve a setup');
      }
    }
    return fromStripeSetup(setup);
  }

  /** Only an unfinished setup can be canceled at Stripe; a succeeded one keeps its card, charging nothing. */
  async cancelSetup(setupId: string): Promise<void> {
    try {
      await this.stripe.setupIntents.cancel(setupId);
    } catch (error) {
      if (error instanceof StripeInvalidRequestError && error.code === 'setup_intent_unexpected_state')
        return;
      throw this.unexpected(error, 'cancel a setup');
    }
  }

  /**
   * Replaces the card later boxes are charged to: attached to the subscription's customer (one is
   * made for a subscription that has none) and made its default, so off-session charges use it. A
   * card attached to another customer (someone else's saved card) is refused before anything is
   * made or attached.
   */
  async savePaymentMethod(input: SavePaymentMethodInput): Promise<SavedCard> {
    let customerId = input.customerId;
    try {
      const current = await this.stripe.paymentMethods.retrieve(input.paymentMethodId);
      const owner = customerIdOf(current.customer);
      if (owner !== null && owner !== customerId) {
        throw AppError.invalidField('payment_method_id', CARD_OF_ANOTHER_ACCOUNT_MESSAGE);
      }
      if (!customerId) {
        const customer = await this.stripe.customers.create(
          { email: input.email, name: input.name },
          { idempotencyKey: `customer-card-${input.paymentMethodId}` },
        );
        customerId = customer.id;
      }
      const method = await this.stripe.paymentMethods.attach(input.paymentMethodId, { customer: customerId });
      await this.stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: method.id },
      });
      return { paymentMethodId: method.id, customerId, card: cardOf(method) };
    } catch (error) {
      if (error instanceof StripeCardError) {
        throw AppError.invalidField('payment_method_id', customerMessage(error));
      }
      if (
        error instanceof StripeInvalidRequestError &&
        (error.param === 'payment_method' || error.code === 'resource_missing')
      ) {
        throw AppError.invalidField(
          'payment_method_id',
          'We could not read this card. Please enter your card details again.',
        );
      }
      throw this.unexpected(error, 'save a card');
    }
  }

  /** A card decline answers 402 with the intent it left at requires_payment_method; anything else throws. */
  private declinedOrThrow(error: unknown, operation: string): PaymentIntent {
    if (error instanceof StripeIdempotencyError) {
      throw new AppError(
        'conflict',
        'This idempotency key was already used for a payment with a different amount or card.',
      );
    }
    // A payment method Stripe will not use here (unknown, or attached to another customer).
    if (error instanceof StripeInvalidRequestError && error.param === 'payment_method') {
      throw AppError.invalidField(
        'payment_method_id',
        'We could not use this card. Please enter your card details again.',
      );
    }
    if (error instanceof StripeCardError && error.payment_intent) {
      const declined = fromStripe(error.payment_intent, customerMessage(error));
      return { ...declined, status: 'declined', card: declined.card ?? cardOf(error.payment_method) };
    }
    throw this.unexpected(error, operation);
  }

  async retrieve(intentId: string): Promise<PaymentIntent> {
    try {
      return fromStripe(await this.stripe.paymentIntents.retrieve(intentId, { expand: EXPAND }));
    } catch (error) {
      throw this.unexpected(error, 'retrieve');
    }
  }

  async capture(intentId: string): Promise<PaymentIntent> {
    try {
      return fromStripe(await this.stripe.paymentIntents.capture(intentId, { expand: EXPAND }));
    } catch (error) {
      if (!this.unexpectedState(error)) throw this.unexpected(error, 'capture');
    }
    const current = await this.retrieve(intentId);
    if (current.status === 'succeeded') return current;
    throw new AppError(
      'conflict',
      `This payment cannot be captured: it is ${current.status.replace('_', ' ')}.`,
    );
  }

  async cancel(intentId: string): Promise<PaymentIntent> {
    try {
      return fromStripe(await this.stripe.paymentIntents.cancel(intentId, { expand: EXPAND }));
    } catch (error) {
      if (!this.unexpectedState(error)) throw this.unexpected(error, 'cancel');
    }
    const current = await this.retrieve(intentId);
    if (current.status === 'canceled') return current;
    throw new AppError('conflict', 'This payment was already captured: refund it instead.');
  }

  async refund(input: RefundInput): Promise<{ id: string; amountCents: number }> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: input.intentId,
          ...(input.amountCents === undefined ? {} : { amount: input.amountCents }),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id, amountCents: refund.amount };
    } catch (error) {
      if (error instanceof StripeIdempotencyError) {
        throw new AppError('conflict', 'This idempotency key was already used for a different refund.');
      }
      // More than is left to refund, or an intent that was never captured.
      if (
        error instanceof StripeInvalidRequestError &&
        ['amount_too_large', 'charge_already_refunded', 'payment_intent_unexpected_state'].includes(
          error.code ?? '',
        )
      ) {
        throw AppError.invalidField('amount', error.message);
      }
      throw this.unexpected(error, 'refund');
    }
  }

  /** Verifies a webhook's signature on its raw body and parses it; throws on a bad signature. */
  constructWebhookEvent(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
  }

  private unexpectedState(error: unknown): boolean {
    return error instanceof StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state';
  }

  /** An unknown intent is a 404; anything else is ours to log (500) without leaking Stripe's text. */
  private unexpected(error: unknown, operation: string): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof StripeInvalidRequestError && error.code === 'resource_missing') {
      return AppError.notFound('No such payment intent.');
    }
    const detail = isStripeError(error)
      ? `${error.type} ${error.code ?? ''} ${error.message} (request ${error.requestId ?? 'unknown'})`
      : String(error);
    const wrapped = new AppError('internal', `Stripe ${operation} failed: ${detail}`);
    wrapped.cause = error;
    return wrapped;
  }
}
