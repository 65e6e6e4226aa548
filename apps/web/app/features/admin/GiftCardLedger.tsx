import type { AdminGiftCard, GiftCardEntry } from '@sprout/contracts';
import { money } from '../checkout/format';

/** A card's state in words: void, spent, expired or the balance left. */
export function giftCardState(card: Pick<AdminGiftCard, 'voided' | 'balance' | 'expires_at'>): string {
  if (card.voided) return 'Void';
  if (card.expires_at && new Date(card.expires_at).getTime() < Date.now()) return 'Expired';
  return card.balance > 0 ? 'Active' : 'Spent';
}

/** A card's ledger: every credit and debit, oldest first. */
export function GiftCardLedger({ entries, caption }: { entries: GiftCardEntry[]; caption: string }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={`${entry.created_at}-${entry.kind}-${entry.amount}`}>
              <td>{entry.created_at.slice(0, 16).replace('T', ' ')}</td>
              <th scope="row">{entry.description}</th>
              <td>{money(entry.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
