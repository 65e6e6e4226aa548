/**
 * Shown on every page of the storefront and the account site while an admin acts as a customer:
 * who they are acting as, and one button that ends it (a plain form: works before hydration).
 */
export function ActingAsBar({ email }: { email: string }) {
  return (
    <section className="acting-as-bar" aria-label="Acting as a customer">
      <p>
        Acting as <strong>{email}</strong>
      </p>
      <form method="post" action="/admin/impersonation">
        <button type="submit">Stop acting as this customer</button>
      </form>
    </section>
  );
}
