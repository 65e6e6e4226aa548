import type { AccountGiftCards as Cards } from '@sprout/contracts';
import { useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { formatDay } from '../account/format';
import { money } from '../checkout/format';
import { TextInput } from '../forms/TextInput';
import './gift-cards.css';

export type RedeemActionData = { ok: true; message: string } | { ok: false; error: string };

const KIND_LABELS = {
  issue: 'Card issued',
  checkout: 'First box',
  renewal: 'Box',
  void: 'Voided',
  spend: 'Spent',
} as const;

/**
 * The account's gift cards (decision 024): the balance the next boxes take before the card, a form
 * to add a code (a real form: it works before the JavaScript loads), and each card's history.
 */
export function AccountGiftCards({
  cards,
  outcome,
}: {
  cards: Cards;
  outcome: RedeemActionData | undefined;
}) {
  const navigation = useNavigation();
  const adding = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) statusRef.current?.focus();
  }, [outcome]);
  return (
    <div className="account-page">
      <h1>Gift cards</h1>
      <section className="account-card" aria-labelledby="gift-balance-heading">
        <h2 id="gift-balance-heading">Your balance</h2>
        <p className="gift-card-balance">
          <strong data-gift-card-balance="">{money(cards.balance)}</strong>{' '}
          {cards.balance > 0
            ? 'pays your next boxes automatically, before your card is charged.'
            : cards.cards.length > 0
              ? 'Your gift cards are used up. Add another and it pays your next boxes automatically.'
              : 'Add a gift card and it pays your next boxes automatically.'}
        </p>
      </section>
      <section className="account-card" aria-labelledby="gift-add-heading">
        <h2 id="gift-add-heading">Add a gift card</h2>
        <Form method="post" className="gift-card-codes__row" aria-busy={adding}>
          <TextInput
            name="code"
            label="Gift card code"
            autoComplete="off"
            spellCheck={false}
            required
            error={outcome && !outcome.ok ? outcome.error : null}
          />
          <button type="submit" className="button button--primary" disabled={adding}>
            {adding ? 'Adding…' : 'Add to my account'}
          </button>
        </Form>
        {outcome?.ok ? (
          <p className="notice notice--success" role="status" ref={statusRef} tabIndex={-1}>
            {outcome.message}
          </p>
        ) : null}
      </section>
      {cards.cards.map((card) => (
        <section key={card.id} className="account-card" aria-labelledby={`gift-card-${card.id}`}>
          <h2 id={`gift-card-${card.id}`}>
            Gift card ending in {card.code_suffix}
            {card.voided ? ' (no longer valid)' : ''}
          </h2>
          <p>
            {money(card.balance)} left of {money(card.initial_amount)}
            {card.expires_at ? `, use it by ${formatDay(card.expires_at)}` : ''}.
          </p>
          <table className="gift-card-history">
            <caption className="visually-hidden">
              History of the gift card ending in {card.code_suffix}
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">What</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {card.entries.map((entry) => (
                <tr key={`${entry.created_at}-${entry.kind}-${entry.amount}`}>
                  <td>{formatDay(entry.created_at)}</td>
                  <td>
                    {KIND_LABELS[entry.kind]}
                    {entry.kind === 'checkout' || entry.kind === 'renewal' ? `: ${entry.description}` : ''}
                  </td>
                  <td className="num">
                    {entry.amount < 0 ? `−${money(-entry.amount)}` : money(entry.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
