import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CARD_OF_ANOTHER_ACCOUNT_MESSAGE,
  type CardFieldErrors,
  cardBrand,
  cardDigits,
  cardExpired,
  cardFieldErrors,
  centsToDollars,
  DECLINE_MESSAGES,
  type DeclineCode,
  formatMoney,
  fullExpiryYear,
  type TestAuthenticateBody,
  type TestPaymentIntent,
  type TestPaymentMethod,
  type TestPaymentMethodBody,
  testCardBehavior,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import type {
  AuthorizeInput,
  CardSetup,
  OffSessionChargeInput,
  PaymentIntent,
  PaymentProvider,
  RefundInput,
  SavedCard,
  SavePaymentMethodInput,
  SetUpCardInput,
} from '../../domain/payment-provider';
import { AppError } from '../../errors/app-error';
import * as repository from './repository';

/**
 * The embedded test provider: behaves like a card processor in test mode (docs/decisions/011).
 * It stands in for an external service, so every statement runs on its own database handle,
 * never inside a caller's transaction; concurrency is handled by unique keys and guarded updates.
 */

/** An unguessable id with a Stripe-like prefix: 128 bits from the CSPRNG. */
export function newTestId(prefix: 'pi_test' | 'pm_test' | 're_test' | 'seti_test'): string {
  return `${prefix}_${randomBytes(16).toString('hex')}`;
}

const NO_SUCH_INTENT = 'No such payment intent.';
const NO_SUCH_SETUP = 'No such setup intent.';
const UNKNOWN_CARD = 'We could not find this card. Please enter your card details again.';

/**
 * The test provider's customer for what is being saved: the same inputs always name the same
 * customer (so a replay finds the card it saved), different ones never do (docs/decisions/036).
 */
function testCustomerId(...parts: string[]): string {
  return `cus_test_${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32)}`;
}

/** A card saved for another customer can be neither saved nor paid with by this one. */
function refuseAnotherCustomersCard(method: repository.TestPaymentMethodRow, customerId: string) {
  if (method.customerId !== null && method.customerId !== customerId) {
    throw AppError.invalidField('payment_method_id', CARD_OF_ANOTHER_ACCOUNT_MESSAGE);
  }
}

function declineMessage(code: string | null): string {
  return DECLINE_MESSAGES[(code ?? 'generic_decline') as DeclineCode] ?? DECLINE_MESSAGES.generic_decline;
}

/** Stripe keeps an intent whose off-session charge asked for authentication at requires_payment_method. */
function ourStatus(row: repository.TestPaymentIntentRow): PaymentIntent['status'] {
  if (row.status !== 'requires_payment_method') return row.status;
  return row.declineCode === 'authentication_required' ? 'requires_authentication' : 'declined';
}

function toIntent(row: repository.TestIntentWithCard): PaymentIntent {
  const status = ourStatus(row);
  return {
    id: row.id,
    status,
    amountCents: row.amountCents,
    clientSecret: row.clientSecret,
    declineMessage: status === 'declined' ? declineMessage(row.declineCode) : null,
    card: row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null,
  };
}

function sameSecret(expected: string, given: string): boolean {
  const left = Buffer.from(expected);
  const right = Buffer.from(given);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A replay must ask for exactly what the first request asked for. */
function replayOf(
  row: repository.TestIntentWithCard,
  input: Pick<AuthorizeInput, 'amountCents' | 'paymentMethodId'>,
): PaymentIntent {
  if (row.amountCents !== input.amountCents || row.paymentMethodId !== input.paymentMethodId) {
    throw new AppError(
      'conflict',
      'This idempotency key was already used for a payment with a different amount or card.',
    );
  }
  return toIntent(row);
}

/** What charging the card does right now. */
function outcomeFor(
  method: repository.TestPaymentMethodRow,
  now: Date,
): { status: repository.TestIntentStatus; declineCode: DeclineCode | null } {
  if (cardExpired(method.expMonth, method.expYear, now))
    return { status: 'declined', declineCode: 'expired_card' };
  switch (method.behavior) {
    case 'succeed':
    case 'declines_off_session':
      return { status: 'requires_capture', declineCode: null };
    case 'requires_action':
      return { status: 'requires_action', declineCode: null };
    case 'insufficient_funds':
      return { status: 'declined', declineCode: 'insufficient_funds' };
    case 'decline':
      return { status: 'declined', declineCode: 'generic_decline' };
  }
}

/**
 * What charging the saved card without the customer does right now: paid at once, declined, or
 * waiting for its customer to authenticate.
 */
function offSessionOutcome(
  method: repository.TestPaymentMethodRow,
  now: Date,
): { status: repository.TestIntentStatus; declineCode: DeclineCode | null } {
  const present = outcomeFor(method, now);
  if (present.status === 'declined') return present;
  // Nobody is there to answer the bank's authentication step. As Stripe's `authentication_required`:
  // the intent fails back to requires_payment_method and stays usable for an on-session
  // confirmation with the same card (confirmOnSession), which asks for the step (decision 041).
  if (present.status === 'requires_action')
    return { status: 'requires_payment_method', declineCode: 'authentication_required' };
  if (method.behavior === 'declines_off_session')
    return { status: 'declined', declineCode: 'generic_decline' };
  return { status: 'succeeded', declineCode: null };
}

/** The customer a subscription's first payment saves its card for: one per payment (its key). */
function checkoutCustomerId(input: AuthorizeInput): string | null {
  return input.saveForOffSession ? testCustomerId('payment', input.idempotencyKey) : null;
}

/** How many cards one process keeps read (a demo store's, so a bound only against a runaway). */
const KEPT_CARDS = 10_000;

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date = () => new Date(),
    /**
     * Keys the card fingerprints. It lives only in this process, never in the database: a
     * fingerprint with the brand and last four digits next to it could otherwise be reversed by
     * trying the few numbers left. So fingerprints are stable for the life of the process (a demo
     * store's), like a processor's are for its account.
     */
    private readonly fingerprintKey: Buffer = randomBytes(32),
  ) {}

  /**
   * Cards are written once and never changed, so a card read once is kept (up to a bound): checkout
   * asks for the fingerprint, then authorizes, then captures with the same card, one read in all.
   */
  private readonly methods = new Map<string, repository.TestPaymentMethodRow>();

  private async method(id: string): Promise<repository.TestPaymentMethodRow | null> {
    const known = this.methods.get(id);
    if (known) return known;
    const row = await repository.findTestPaymentMethod(this.db, id);
    return row ? this.keep(row) : null;
  }

  private keep(row: repository.TestPaymentMethodRow): repository.TestPaymentMethodRow {
    if (this.methods.size >= KEPT_CARDS) this.methods.delete(this.methods.keys().next().value!);
    this.methods.set(row.id, row);
    return row;
  }

  /** The same number always gives the same fingerprint; the number cannot be read back from it. */
  private fingerprintOf(digits: string): string {
    return `fp_test_${createHmac('sha256', this.fingerprintKey).update(digits).digest('hex').slice(0, 32)}`;
  }

  async cardFingerprint(paymentMethodId: string): Promise<string | null> {
    return (await this.method(paymentMethodId))?.fingerprint ?? null;
  }

  async authorize(input: AuthorizeInput): Promise<PaymentIntent> {
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new AppError(
        'internal',
        `A payment needs a positive whole number of cents, not ${input.amountCents}.`,
      );
    }
    const method = await this.method(input.paymentMethodId);
    if (!method) {
      const existing = await repository.findTestIntentByKey(this.db, input.idempotencyKey);
      if (existing) return this.withSavedCard(replayOf(existing, input), input);
      throw AppError.invalidField('payment_method_id', UNKNOWN_CARD);
    }
    const outcome = outcomeFor(method, this.clock());
    const id = newTestId('pi_test');
    const intent = {
      id,
      idempotencyKey: input.idempotencyKey,
      clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
      amountCents: input.amountCents,
      currency: input.currency,
      paymentMethodId: method.id,
      status: outcome.status,
      declineCode: outcome.declineCode,
      description: input.description,
    };
    const customerId = checkoutCustomerId(input);
    // One statement for a new key; the same key again (a double submit) reads the intent it made.
    // A payment that keeps its card saves it in that statement, unless another customer has it.
    const inserted = customerId
      ? await repository.insertTestIntentSavingCard(this.db, intent, customerId, {
          save: outcome.status !== 'declined',
        })
      : await repository.insertTestIntentIfAbsent(this.db, intent);
    if (inserted) {
      return this.withSavedCard(
        replayOf({ ...inserted, brand: method.brand, last4: method.last4 }, input),
        input,
      );
    }
    // The key was used before (or a concurrent call with it won the insert): its intent answers.
    const stored = await repository.findTestIntentByKey(this.db, input.idempotencyKey);
    if (stored) return this.withSavedCard(replayOf(stored, input), input);
    if (customerId) throw AppError.invalidField('payment_method_id', CARD_OF_ANOTHER_ACCOUNT_MESSAGE);
    throw new AppError('internal', 'The payment intent vanished after it was created.');
  }

  /**
   * A payment that keeps its card (a subscription's first) saved it for the payment's customer with
   * its intent, as Stripe's setup_future_usage does (a declined one saved nothing).
   */
  private withSavedCard(intent: PaymentIntent, input: AuthorizeInput): PaymentIntent {
    const customerId = checkoutCustomerId(input);
    if (!customerId || intent.status === 'declined') return intent;
    return { ...intent, savedPaymentMethod: { paymentMethodId: input.paymentMethodId, customerId } };
  }

  /** Saves the card for the customer; a concurrent save for another customer that won is refused. */
  private async attach(paymentMethodId: string, customerId: string): Promise<void> {
    if (await repository.attachTestPaymentMethod(this.db, paymentMethodId, customerId)) {
      this.methods.delete(paymentMethodId);
      return;
    }
    throw AppError.invalidField('payment_method_id', CARD_OF_ANOTHER_ACCOUNT_MESSAGE);
  }

  /**
   * The card as it is now: the kept copy holds what never changes (brand, behaviour…), but whose
   * customer it is may have changed in another process since.
   */
  private async freshMethod(
    method: repository.TestPaymentMethodRow,
  ): Promise<repository.TestPaymentMethodRow> {
    if (method.customerId !== null) return method;
    return (await repository.findTestPaymentMethod(this.db, method.id)) ?? method;
  }

  async chargeOffSession(input: OffSessionChargeInput): Promise<PaymentIntent> {
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new AppError(
        'internal',
        `A payment needs a positive whole number of cents, not ${input.amountCents}.`,
      );
    }
    const existing = await repository.findTestIntentByKey(this.db, input.idempotencyKey);
    if (existing) return replayOf(existing, input);
    const method = await repository.findTestPaymentMethod(this.db, input.paymentMethodId);
    const outcome: { status: repository.TestIntentStatus; declineCode: DeclineCode | null } = method
      ? offSessionOutcome(method, this.clock())
      : { status: 'declined', declineCode: 'generic_decline' };
    const id = newTestId('pi_test');
    await repository.insertTestIntentIfAbsent(this.db, {
      id,
      idempotencyKey: input.idempotencyKey,
      clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
      amountCents: input.amountCents,
      currency: input.currency,
      paymentMethodId: input.paymentMethodId,
      status: outcome.status,
      declineCode: outcome.declineCode,
      // Captured as soon as it succeeds, now or after its customer's 3-D Secure step.
      captureMethod: 'automatic',
      capturedCents: outcome.status === 'succeeded' ? input.amountCents : 0,
      description: input.description,
    });
    const stored = await repository.findTestIntentByKey(this.db, input.idempotencyKey);
    if (!stored) throw new AppError('internal', 'The payment intent vanished after it was created.');
    return replayOf(stored, input);
  }

  /**
   * The customer is back (a renewal's link): the intent is confirmed again with its card. The
   * bank asks for the 3-D Secure step (requires_action, answered by `authenticate`), or takes it
   * as it is. Only an intent waiting for authentication, or whose step failed, can be confirmed
   * again; one already moving on answers its state; a canceled one is a conflict.
   */
  async confirmOnSession(intentId: string): Promise<PaymentIntent> {
    const row = await this.row(intentId);
    const again =
      row.status === 'requires_payment_method' ||
      (row.status === 'declined' && row.declineCode === 'authentication_failed');
    if (!again) {
      if (row.status === 'canceled' || row.status === 'declined') {
        throw new AppError('conflict', `This payment cannot be confirmed: it is ${row.status}.`);
      }
      return toIntent(row);
    }
    const method = await this.method(row.paymentMethodId);
    const outcome = method
      ? outcomeFor(method, this.clock())
      : { status: 'declined' as const, declineCode: 'generic_decline' as const };
    const paid = outcome.status === 'requires_capture' && row.captureMethod === 'automatic';
    await repository.transitionTestIntent(this.db, intentId, ['requires_payment_method', 'declined'], {
      status: paid ? 'succeeded' : outcome.status,
      declineCode: outcome.declineCode,
      capture: paid,
    });
    return toIntent(await this.row(intentId));
  }

  /**
   * The test provider keeps every card it made; saving one checks it exists and is not a card that
   * declines everything (Stripe refuses to attach those too). A card that succeeds now and declines
   * off-session (4000 0000 0000 0341) is saved, as Stripe saves it.
   */
  async savePaymentMethod(input: SavePaymentMethodInput): Promise<SavedCard> {
    const method = await repository.findTestPaymentMethod(this.db, input.paymentMethodId);
    if (!method) {
      throw AppError.invalidField(
        'payment_method_id',
        'We could not read this card. Please enter your card details again.',
      );
    }
    // A subscription without a customer yet (saved before customers were kept) gets one for this
    // card and this account: the same account saving it again finds the same customer.
    const customerId =
      input.customerId ?? testCustomerId('card', input.paymentMethodId, input.email.toLowerCase());
    refuseAnotherCustomersCard(method, customerId);
    if (method.behavior === 'decline' || method.behavior === 'insufficient_funds') {
      throw AppError.invalidField('payment_method_id', 'Your card was declined. Please try another card.');
    }
    await this.attach(method.id, customerId);
    return {
      paymentMethodId: method.id,
      customerId,
      card: { brand: method.brand, last4: method.last4 },
    };
  }

  /**
   * A card saved with nothing charged: checked as a payment would check it (expired, declining
   * and insufficient-funds cards are refused, as Stripe refuses to set them up; 3155 asks for
   * 3-D Secure), then kept for the setup's customer once it succeeds.
   */
  async setUpCard(input: SetUpCardInput): Promise<CardSetup> {
    const customerId = testCustomerId('setup', input.idempotencyKey);
    const existing = await repository.findTestSetupByKey(this.db, input.idempotencyKey);
    if (existing) return this.setupAnswer(setupReplayOf(existing, input));
    const method = await this.method(input.paymentMethodId);
    if (!method) throw AppError.invalidField('payment_method_id', UNKNOWN_CARD);
    refuseAnotherCustomersCard(await this.freshMethod(method), customerId);
    const outcome = setupOutcome(method, this.clock());
    const id = newTestId('seti_test');
    const inserted = await repository.insertTestSetupIfAbsent(this.db, {
      id,
      idempotencyKey: input.idempotencyKey,
      clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
      paymentMethodId: method.id,
      customerId,
      status: outcome.status,
      declineCode: outcome.declineCode,
      description: input.description,
    });
    // The key was used before (or a concurrent call with it won the insert): its setup answers.
    const setup = inserted ?? (await repository.findTestSetupByKey(this.db, input.idempotencyKey));
    if (!setup) throw new AppError('internal', 'The setup intent vanished after it was created.');
    return this.setupAnswer(setupReplayOf(setup, input));
  }

  async cancelSetup(setupId: string): Promise<void> {
    const moved = await repository.transitionTestSetup(this.db, setupId, ['requires_action'], {
      status: 'canceled',
    });
    if (!moved && !(await repository.findTestSetup(this.db, setupId))) throw AppError.notFound(NO_SUCH_SETUP);
  }

  /** A setup as the interface answers it; a succeeded one has saved its card for its customer. */
  private async setupAnswer(setup: repository.TestSetupIntentRow): Promise<CardSetup> {
    const method = await this.method(setup.paymentMethodId);
    if (setup.status === 'succeeded') await this.attach(setup.paymentMethodId, setup.customerId);
    return {
      id: setup.id,
      status: setup.status,
      clientSecret: setup.clientSecret,
      declineMessage: setup.status === 'declined' ? declineMessage(setup.declineCode) : null,
      card: method ? { brand: method.brand, last4: method.last4 } : null,
      savedPaymentMethod:
        setup.status === 'succeeded'
          ? { paymentMethodId: setup.paymentMethodId, customerId: setup.customerId }
          : null,
    };
  }

  async retrieve(intentId: string): Promise<PaymentIntent> {
    return toIntent(await this.row(intentId));
  }

  async capture(intentId: string): Promise<PaymentIntent> {
    const moved = await repository.transitionTestIntent(this.db, intentId, ['requires_capture'], {
      status: 'succeeded',
      capture: true,
    });
    if (moved) {
      const method = await this.method(moved.paymentMethodId);
      return toIntent({ ...moved, brand: method?.brand ?? null, last4: method?.last4 ?? null });
    }
    const row = await this.row(intentId);
    if (row.status === 'succeeded') return toIntent(row);
    throw new AppError('conflict', `This payment cannot be captured: it is ${row.status.replace('_', ' ')}.`);
  }

  async cancel(intentId: string): Promise<PaymentIntent> {
    const moved = await repository.transitionTestIntent(
      this.db,
      intentId,
      ['requires_payment_method', 'requires_action', 'requires_capture', 'declined'],
      { status: 'canceled' },
    );
    const row = await this.row(intentId);
    if (moved || row.status === 'canceled') return toIntent(row);
    throw new AppError('conflict', 'This payment was already captured: refund it instead.');
  }

  async refund(input: RefundInput): Promise<{ id: string; amountCents: number }> {
    const replay = await this.refundReplay(input);
    if (replay) return replay;

    const intent = await this.row(input.intentId);
    if (intent.status !== 'succeeded') {
      throw AppError.invalidField('amount', 'Only a captured payment can be refunded.');
    }
    const refundable = intent.capturedCents - intent.refundedCents;
    const amountCents = input.amountCents ?? refundable;
    if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > refundable) {
      throw AppError.invalidField('amount', refundLimitMessage(refundable));
    }

    const id = newTestId('re_test');
    const outcome = await this.db.transaction(async (tx) => {
      const recorded = await repository.insertTestRefundIfAbsent(tx, {
        id,
        paymentIntentId: intent.id,
        idempotencyKey: input.idempotencyKey,
        amountCents,
      });
      // A concurrent refund with the same key won: its answer is this one's too (read after commit).
      if (!recorded) return 'replayed' as const;
      // Throwing rolls the refund row back with it.
      if (!(await repository.addRefundedAmount(tx, intent.id, amountCents))) {
        throw AppError.invalidField('amount', refundLimitMessage(null));
      }
      return 'created' as const;
    });
    if (outcome === 'replayed') {
      const replayed = await this.refundReplay(input);
      if (replayed) return replayed;
    }
    return { id, amountCents };
  }

  private async refundReplay(input: RefundInput): Promise<{ id: string; amountCents: number } | null> {
    const existing = await repository.findTestRefundByKey(this.db, input.idempotencyKey);
    if (!existing) return null;
    if (
      existing.paymentIntentId !== input.intentId ||
      (input.amountCents !== undefined && input.amountCents !== existing.amountCents)
    ) {
      throw new AppError('conflict', 'This idempotency key was already used for a different refund.');
    }
    return { id: existing.id, amountCents: existing.amountCents };
  }

  private async row(intentId: string): Promise<repository.TestIntentWithCard> {
    const row = await repository.findTestIntent(this.db, intentId);
    if (!row) throw AppError.notFound(NO_SUCH_INTENT);
    return row;
  }

  // --- The browser-facing API (the processor's own JS API) -----------------------------------

  /** Checks a card and keeps only what a processor shows back: brand, last four, expiry and behaviour. */
  async createPaymentMethod(card: TestPaymentMethodBody): Promise<TestPaymentMethod> {
    const errors = cardFieldErrors(card, this.clock());
    const fields = Object.entries(errors) as [keyof CardFieldErrors, string][];
    if (fields.length > 0) {
      throw new AppError('validation', fields[0]![1], {
        fieldErrors: Object.fromEntries(fields.map(([field, message]) => [field, [message]])),
      });
    }
    const digits = cardDigits(card.number);
    const method = {
      id: newTestId('pm_test'),
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: card.exp_month,
      expYear: fullExpiryYear(card.exp_year),
      behavior: testCardBehavior(digits),
      fingerprint: this.fingerprintOf(digits),
    };
    // Kept as written: the checkout that follows reads its fingerprint without a statement.
    this.keep(await repository.insertTestPaymentMethod(this.db, method));
    return { id: method.id, brand: method.brand, last4: method.last4 };
  }

  /**
   * The customer finished the bank's 3-D Secure step: approve moves requires_action to
   * requires_capture, fail declines it. Only the holder of the client secret may do this; a wrong
   * secret looks exactly like an unknown intent. Repeats answer the intent's current state.
   */
  async authenticate(intentId: string, body: TestAuthenticateBody): Promise<TestPaymentIntent> {
    const row = await repository.findTestIntent(this.db, intentId);
    if (!row || !sameSecret(row.clientSecret, body.client_secret)) throw AppError.notFound(NO_SUCH_INTENT);
    // An automatic-capture intent (a renewal confirmed by its customer) is paid by the approval.
    const automatic = row.captureMethod === 'automatic';
    await repository.transitionTestIntent(
      this.db,
      intentId,
      ['requires_action'],
      body.outcome === 'approve'
        ? { status: automatic ? 'succeeded' : 'requires_capture', capture: automatic }
        : { status: 'declined', declineCode: 'authentication_failed' },
    );
    // Read again whether or not this call moved it: a concurrent call may have moved it first.
    const current = await this.row(intentId);
    const intent = toIntent(current);
    return { id: intent.id, status: current.status, decline_message: intent.declineMessage };
  }

  /**
   * The bank's 3-D Secure step for a card setup: approve saves the card (succeeded), fail declines
   * it. The same rules as for an intent: the client secret or nothing, repeats answer the state.
   */
  async authenticateSetup(setupId: string, body: TestAuthenticateBody): Promise<TestPaymentIntent> {
    const row = await repository.findTestSetup(this.db, setupId);
    if (!row || !sameSecret(row.clientSecret, body.client_secret)) throw AppError.notFound(NO_SUCH_SETUP);
    await repository.transitionTestSetup(
      this.db,
      setupId,
      ['requires_action'],
      body.outcome === 'approve'
        ? { status: 'succeeded' }
        : { status: 'declined', declineCode: 'authentication_failed' },
    );
    const current = await repository.findTestSetup(this.db, setupId);
    if (!current) throw AppError.notFound(NO_SUCH_SETUP);
    return {
      id: current.id,
      status: current.status,
      decline_message: current.status === 'declined' ? declineMessage(current.declineCode) : null,
    };
  }
}

/** A replay must name the card the first request named. */
function setupReplayOf(
  setup: repository.TestSetupIntentRow,
  input: Pick<SetUpCardInput, 'paymentMethodId'>,
): repository.TestSetupIntentRow {
  if (setup.paymentMethodId !== input.paymentMethodId) {
    throw new AppError('conflict', 'This idempotency key was already used to save a different card.');
  }
  return setup;
}

/** What setting the card up does right now: nothing is charged, but the bank still checks it. */
function setupOutcome(
  method: repository.TestPaymentMethodRow,
  now: Date,
): { status: repository.TestSetupStatus; declineCode: DeclineCode | null } {
  const present = outcomeFor(method, now);
  if (present.status === 'requires_capture') return { status: 'succeeded', declineCode: null };
  return {
    status: present.status === 'requires_action' ? 'requires_action' : 'declined',
    declineCode: present.declineCode,
  };
}

function refundLimitMessage(refundableCents: number | null): string {
  if (refundableCents === null) return 'A refund cannot exceed what was captured and not yet refunded.';
  const most = formatMoney(centsToDollars(refundableCents), { alwaysShowCents: true });
  return `A refund must be more than $0 and at most ${most}, what was captured and not yet refunded.`;
}
