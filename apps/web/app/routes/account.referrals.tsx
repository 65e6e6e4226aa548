import { endpoints } from '@sprout/contracts';
import { readMine, requireCustomer } from '../features/account/account.server';
import { formatDay } from '../features/account/format';
import { ShareLink } from '../features/account/ShareLink';
import { money } from '../features/checkout/format';
import type { Route } from './+types/account.referrals';

export const handle = { title: 'Referrals' };

/** /account/referrals: the customer's code and share link, and the credits friends brought. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCustomer(request, context);
  const answer = await readMine(context.api, endpoints.account.referrals);
  return { referrals: answer.data };
}

export default function ReferralsPage({ loaderData }: Route.ComponentProps) {
  const { referrals } = loaderData;
  const { credits } = referrals;
  return (
    <div className="account-page">
      <h1>Referrals</h1>
      <section className="account-card" aria-labelledby="share-heading">
        <h2 id="share-heading">Share your code</h2>
        <p>
          Your code is <strong className="referral-code">{referrals.code}</strong>.
          {referrals.friend_offer ? ` What a friend gets with it: “${referrals.friend_offer}”.` : ''}
        </p>
        <ShareLink url={referrals.share_url} />
      </section>
      <section className="account-card" aria-labelledby="credits-heading">
        <h2 id="credits-heading">Your credits</h2>
        <dl className="credit-figures">
          <div>
            <dt>Earned</dt>
            <dd>{money(credits.earned)}</dd>
          </div>
          <div>
            <dt>Pending</dt>
            <dd>{money(credits.pending)}</dd>
          </div>
          <div>
            <dt>Available for your next boxes</dt>
            <dd>{money(credits.available)}</dd>
          </div>
        </dl>
        <p className="muted">A credit is pending until your friend's first box is delivered.</p>
        {referrals.referrals.length > 0 ? (
          <table className="order-lines">
            <caption className="visually-hidden">Friends who used your code</caption>
            <thead>
              <tr>
                <th scope="col">Friend</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Credit
                </th>
              </tr>
            </thead>
            <tbody>
              {referrals.referrals.map((entry) => (
                <tr key={`${entry.date}-${entry.first_name}-${entry.status}-${entry.amount}`}>
                  <th scope="row">{entry.first_name ?? 'A friend'}</th>
                  <td>{formatDay(entry.date)}</td>
                  <td>{entry.status === 'earned' ? 'Earned' : 'Pending'}</td>
                  <td className="num">{money(entry.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>No friend has used your code yet.</p>
        )}
      </section>
    </div>
  );
}
