/**
 * The admin site's sections. Gift cards, blog posts and experiments are other engineers' areas
 * (issues 14, 15, 16): their entries are added here when those land.
 */
export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders', label: 'Orders', end: false },
  { to: '/admin/customers', label: 'Customers', end: false },
  { to: '/admin/products', label: 'Catalogue', end: false },
  { to: '/admin/promo-codes', label: 'Promo codes', end: false },
  { to: '/admin/partnerships', label: 'Referrals & partners', end: false },
  { to: '/admin/audit', label: 'Audit log', end: false },
] as const;
