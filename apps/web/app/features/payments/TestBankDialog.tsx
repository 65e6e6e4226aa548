import { CARD_DECLINED_MESSAGE, DECLINE_MESSAGES, formatMoney, isCardSetupId } from '@sprout/contracts';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '../cart/useModal';
import type { TestProviderApi } from './test-provider-api';

export type NextActionResult = { ok: true } | { error: string };
export type Challenge = {
  paymentIntentId: string;
  clientSecret: string;
  /** The payment intent's amount in dollars (the server's answer), never the page's; 0 for a card setup. */
  amount: number;
};

export const TEST_BANK_NAME = 'Sprout Test Bank';

/**
 * The test provider's 3-D Secure step: what a bank's verification window is to a real card. The
 * customer approves or fails it (Escape counts as failing, like closing a bank's window), and the
 * provider moves the payment intent accordingly. Rendered into the body so that it stays usable
 * while the checkout behind it is busy (and inert).
 */
export function TestBankDialog({
  challenge,
  api,
  onDone,
}: {
  challenge: Challenge;
  api: TestProviderApi;
  onDone(result: NextActionResult): void;
}) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const approveRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const [working, setWorking] = useState(false);
  const workingRef = useRef(false);

  async function decide(outcome: 'approve' | 'fail') {
    if (workingRef.current) return;
    workingRef.current = true;
    setWorking(true);
    const result = await api.authenticate(challenge.paymentIntentId, {
      client_secret: challenge.clientSecret,
      outcome,
    });
    if (result.kind === 'ok') {
      const { status, decline_message: declineMessage } = result.data;
      if (status === 'requires_capture' || status === 'succeeded') onDone({ ok: true });
      else if (status === 'declined')
        onDone({ error: declineMessage ?? DECLINE_MESSAGES.authentication_failed });
      else onDone({ error: CARD_DECLINED_MESSAGE });
    } else if (result.kind === 'error') {
      onDone({ error: result.error.message });
    } else {
      onDone({ error: DECLINE_MESSAGES.authentication_failed });
    }
  }

  useModal(dialogRef, { open: true, onClose: () => void decide('fail'), initialFocus: approveRef });
  // A card saved for the next boxes with nothing charged today (decision 036) is confirmed as such.
  const setup = isCardSetupId(challenge.paymentIntentId);

  return createPortal(
    <div className="test-bank-overlay">
      <div
        ref={dialogRef}
        className="test-bank"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        aria-busy={working || undefined}
        tabIndex={-1}
      >
        <p className="test-bank__issuer">{TEST_BANK_NAME}</p>
        <h2 id={titleId} className="test-bank__title">
          {setup ? 'Confirm your card' : 'Confirm your payment'}
        </h2>
        {setup ? (
          <p id={textId} className="test-bank__text">
            Your bank asks you to confirm that Sprout & Spoon may save your card for later payments. Nothing
            is charged today. This is a test: no real bank is involved.
          </p>
        ) : (
          <p id={textId} className="test-bank__text">
            Your bank asks you to confirm a payment of{' '}
            <strong>{formatMoney(challenge.amount, { alwaysShowCents: true })}</strong> to Sprout & Spoon.
            This is a test: no real bank is involved.
          </p>
        )}
        <div className="test-bank__actions">
          <button
            ref={approveRef}
            type="button"
            className="button button--primary"
            aria-disabled={working || undefined}
            onClick={() => void decide('approve')}
          >
            Complete authentication
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={working || undefined}
            onClick={() => void decide('fail')}
          >
            Fail authentication
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/**
 * The test bank's step as a promise: `handleNextAction` opens the dialog and resolves once the
 * customer answered and the dialog has closed (focus is back where it was, so the caller decides
 * where it goes next). `dialog` is rendered by the caller. Used by the card fields (checkout) and by
 * a renewal's confirmation page (decision 041).
 */
export function useTestBankChallenge(api: TestProviderApi): {
  handleNextAction(challenge: Challenge): Promise<NextActionResult>;
  dialog: ReactNode;
} {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  /** Settles the promise handleNextAction returned for the open challenge. */
  const settleRef = useRef<((result: NextActionResult) => void) | null>(null);
  /** The customer's answer, handed over once the dialog has closed and given focus back. */
  const doneRef = useRef<NextActionResult | null>(null);

  useEffect(() => {
    if (challenge !== null || doneRef.current === null) return;
    const result = doneRef.current;
    const settle = settleRef.current;
    doneRef.current = null;
    settleRef.current = null;
    settle?.(result);
  }, [challenge]);

  const handleNextAction = useCallback((next: Challenge) => {
    settleRef.current?.({ error: 'The card check was replaced by a new one.' });
    doneRef.current = null;
    return new Promise<NextActionResult>((resolve) => {
      settleRef.current = resolve;
      setChallenge(next);
    });
  }, []);

  const dialog = challenge ? (
    <TestBankDialog
      challenge={challenge}
      api={api}
      onDone={(result) => {
        doneRef.current = result;
        setChallenge(null);
      }}
    />
  ) : null;
  return { handleNextAction, dialog };
}
