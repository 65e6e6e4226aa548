/** The admin site's sections, in the order the nav shows them. */
export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders', label: 'Orders', end: false },
  { to: '/admin/customers', label: 'Customers', end: false },
  { to: '/admin/products', label: 'Catalogue', end: false },
  { to: '/admin/promo-codes', label: 'Promo codes', end: false },
  { to: '/admin/gift-cards', label: 'Gift cards', end: false },
  { to: '/admin/posts', label: 'Blog', end: false },
  { to: '/admin/partnerships', label: 'Referrals & partners', end: false },
  { to: '/admin/experiments', label: 'Experiments', end: false },
  { to: '/admin/audit', label: 'Audit log', end: false },
] as const;
