/** A customer without a subscription (never finished checkout, or canceled): the way to start one. */
export function NoSubscription() {
  return (
    <section className="account-card" aria-labelledby="no-subscription">
      <h2 id="no-subscription">No subscription yet</h2>
      <p>Choose a plan and fill your first box: we deliver every 1, 2 or 4 weeks.</p>
      {/* The storefront is another site: a full page load. */}
      <a href="/onboarding/plans" className="button button--primary">
        Choose a plan
      </a>
      <p>
        Had boxes with us before? <a href="/reactivate">Start them again</a> with your saved details.
      </p>
    </section>
  );
}
