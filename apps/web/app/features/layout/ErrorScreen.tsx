import { Link } from 'react-router';
import { Logo } from './Logo';

export function ErrorScreen({ status, title, detail }: { status: number; title: string; detail: string }) {
  return (
    <main className="error-screen" data-status={status}>
      <Link to="/" className="error-screen__logo" aria-label="Sprout & Spoon home">
        <Logo />
      </Link>
      <p className="error-screen__status" aria-hidden="true">
        {status}
      </p>
      <h1>{title}</h1>
      <p className="error-screen__detail">{detail}</p>
      <div className="error-screen__actions">
        <Link className="button button--primary" to="/menus">
          Browse the menus
        </Link>
        <Link className="button button--ghost" to="/">
          Back to the home page
        </Link>
      </div>
    </main>
  );
}
