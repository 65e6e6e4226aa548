import { Logo } from '../features/layout/Logo';

export const handle = { title: 'Maintenance' };

export default function MaintenancePage() {
  return (
    <div className="maintenance">
      <Logo />
      <h1>We'll be right back</h1>
      <p>
        Our kitchen is getting a quick tidy-up. The store will be open again in a few minutes: thank you for
        your patience.
      </p>
    </div>
  );
}
