import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every screen of the store, grouped by the layout it renders in. Route ids are stable route names,
 * so guards and analytics can refer to them.
 */
export default [
  layout('layouts/default.tsx', { id: 'layout-default' }, [
    index('routes/home.tsx', { id: 'index' }),
    route('how-it-works', 'routes/how-it-works.tsx', { id: 'how-it-works' }),
    route('gift-cards', 'routes/gift-cards.tsx', { id: 'gift-cards' }),
    route('faq', 'routes/content-page.tsx', { id: 'faq' }),
    route('contact-us', 'routes/content-page.tsx', { id: 'contact-us' }),
    route('food-nutrition', 'routes/content-page.tsx', { id: 'food-nutrition' }),
    route('packaging', 'routes/content-page.tsx', { id: 'packaging' }),
    route('privacy-policy', 'routes/content-page.tsx', { id: 'privacy-policy' }),
    route('terms', 'routes/content-page.tsx', { id: 'terms' }),
    route('what-we-stand-for', 'routes/content-page.tsx', { id: 'what-we-stand-for' }),
    route('cancellation-processing', 'routes/lifecycle-outcome.tsx', { id: 'cancellation-processing' }),
    route('offer-accepted-processing', 'routes/lifecycle-outcome.tsx', { id: 'offer-accepted-processing' }),
    route('pausing-processing', 'routes/lifecycle-outcome.tsx', { id: 'pausing-processing' }),
    // Abandoned-cart reminder links (decision 026).
    route('cart/restore', 'routes/cart.restore.tsx', { id: 'cart-restore' }),
    route('email/unsubscribe', 'routes/email.unsubscribe.tsx', { id: 'email-unsubscribe' }),
    // The ratings email's link: one delivered order, no sign-in (decision 055, Ratings).
    route('rate', 'routes/rate.tsx', { id: 'rate' }),
  ]),
  layout('layouts/menu-page.tsx', { id: 'layout-menu-page-default' }, [
    route('menus/:slug?', 'routes/menus.tsx', { id: 'menus' }),
    // No `onboarding-checkout-processing` route: the checkout's Pay button is that state
    // ("Processing…", docs/decisions/047).
    route('onboarding/checkout', 'routes/onboarding.checkout.tsx', { id: 'onboarding-checkout' }),
  ]),
  layout('layouts/regflow.tsx', { id: 'layout-regflow-new' }, [
    route('onboarding/plans', 'routes/onboarding.plans.tsx', { id: 'onboarding-plans' }),
    route('onboarding/signup', 'routes/onboarding.signup.tsx', { id: 'onboarding-signup' }),
    // The optional children step after the capture (docs/decisions/055).
    route('onboarding/children', 'routes/onboarding.children.tsx', { id: 'onboarding-children' }),
  ]),
  layout('layouts/no-footer.tsx', { id: 'layout-no-footer' }, [
    route('onboarding/login', 'routes/onboarding.login.tsx', { id: 'onboarding-login' }),
    route('onboarding/verification', 'routes/onboarding.verification.tsx', { id: 'onboarding-verification' }),
    route('onboarding/forgot-password', 'routes/onboarding.forgot-password.tsx', {
      id: 'onboarding-forgot-password',
    }),
    route('onboarding/reset-password', 'routes/onboarding.reset-password.tsx', {
      id: 'onboarding-reset-password',
    }),
  ]),
  layout('layouts/checkout-success.tsx', { id: 'layout-checkout-page-success' }, [
    route('onboarding/checkout/success', 'routes/onboarding.checkout.success.tsx', {
      id: 'onboarding-checkout-success',
    }),
  ]),
  layout('layouts/empty.tsx', { id: 'layout-empty' }, [
    route('maintenance', 'routes/maintenance.tsx', { id: 'maintenance' }),
    route('reactivate', 'routes/reactivate.tsx', { id: 'reactivate' }),
  ]),
  // The bare /onboarding path has no screen of its own.
  route('onboarding', 'routes/onboarding.tsx', { id: 'onboarding' }),
  layout('layouts/blog.tsx', { id: 'layout-blog-page-default' }, [
    route('gift-cards/index-old', 'routes/gift-cards.index-old.tsx', { id: 'gift-cards-index-old' }),
  ]),
  ...prefix('blog', [
    layout('layouts/blog.tsx', { id: 'layout-blog-default' }, [
      index('routes/blog.tsx', { id: 'blog' }),
      route('search', 'routes/blog.search.tsx', { id: 'blog-search' }),
      route('page/:number', 'routes/blog.tsx', { id: 'blog-page' }),
    ]),
    layout('layouts/blog.tsx', { id: 'layout-blog-slug' }, [
      route(':slug', 'routes/blog.post.tsx', { id: 'blog-post' }),
    ]),
    layout('layouts/blog.tsx', { id: 'layout-blog-category' }, [
      route('category/:slug', 'routes/blog.category.tsx', { id: 'blog-category-page' }),
      route('category/:slug/page/:number', 'routes/blog.category.tsx', { id: 'blog-category-page-number' }),
    ]),
    // The feed (a resource route: no page of its own).
    route('rss.xml', 'routes/blog.rss.ts', { id: 'blog-rss' }),
  ]),
  // What crawlers read (resource routes).
  route('sitemap.xml', 'routes/sitemap.ts', { id: 'sitemap' }),
  route('robots.txt', 'routes/robots.ts', { id: 'robots' }),
  // The account site: its own layout and bundle, a customer session required.
  layout('layouts/account.tsx', { id: 'layout-account' }, [
    ...prefix('account', [
      index('routes/account.overview.tsx', { id: 'account' }),
      route('deliveries', 'routes/account.deliveries.tsx', { id: 'account-deliveries' }),
      route('deliveries/:date', 'routes/account.delivery.tsx', { id: 'account-delivery' }),
      route('deliveries/:date/pay', 'routes/account.delivery-pay.tsx', { id: 'account-delivery-pay' }),
      route('plan', 'routes/account.plan.tsx', { id: 'account-plan' }),
      route('orders', 'routes/account.orders.tsx', { id: 'account-orders' }),
      route('orders/:orderId', 'routes/account.order.tsx', { id: 'account-order' }),
      route('address', 'routes/account.address.tsx', { id: 'account-address' }),
      route('referrals', 'routes/account.referrals.tsx', { id: 'account-referrals' }),
      route('gift-cards', 'routes/account.gift-cards.tsx', { id: 'account-gift-cards' }),
      route('family', 'routes/account.family.tsx', { id: 'account-family' }),
      route('profile', 'routes/account.profile.tsx', { id: 'account-profile' }),
      route('pause', 'routes/account.pause.tsx', { id: 'account-pause' }),
      route('resume', 'routes/account.resume.tsx', { id: 'account-resume' }),
      route('cancel', 'routes/account.cancel.tsx', { id: 'account-cancel' }),
    ]),
  ]),
  route('account/sign-out', 'routes/account.sign-out.ts', { id: 'account-sign-out' }),
  // The admin site (decision 027): its own layout and bundle, an admin session required.
  layout('layouts/admin.tsx', { id: 'layout-admin' }, [
    ...prefix('admin', [
      index('routes/admin.dashboard.tsx', { id: 'admin' }),
      route('orders', 'routes/admin.orders.tsx', { id: 'admin-orders' }),
      route('orders/:id', 'routes/admin.order.tsx', { id: 'admin-order' }),
      route('customers', 'routes/admin.customers.tsx', { id: 'admin-customers' }),
      route('customers/:id', 'routes/admin.customer.tsx', { id: 'admin-customer' }),
      route('products', 'routes/admin.products.tsx', { id: 'admin-products' }),
      route('products/:id', 'routes/admin.product.tsx', { id: 'admin-product' }),
      route('categories', 'routes/admin.categories.tsx', { id: 'admin-categories' }),
      route('menus', 'routes/admin.menus.tsx', { id: 'admin-menus' }),
      route('promo-codes', 'routes/admin.promo-codes.tsx', { id: 'admin-promo-codes' }),
      route('promo-codes/new', 'routes/admin.promo-code-new.tsx', { id: 'admin-promo-code-new' }),
      route('promo-codes/:id', 'routes/admin.promo-code.tsx', { id: 'admin-promo-code' }),
      route('gift-cards', 'routes/admin.gift-cards.tsx', { id: 'admin-gift-cards' }),
      route('gift-cards/:id', 'routes/admin.gift-card.tsx', { id: 'admin-gift-card' }),
      route('posts', 'routes/admin.posts.tsx', { id: 'admin-posts' }),
      route('posts/new', 'routes/admin.post-new.tsx', { id: 'admin-post-new' }),
      route('posts/:id', 'routes/admin.post.tsx', { id: 'admin-post' }),
      route('partnerships', 'routes/admin.partnerships.tsx', { id: 'admin-partnerships' }),
      route('experiments', 'routes/admin.experiments.tsx', { id: 'admin-experiments' }),
      route('experiments/:id', 'routes/admin.experiment.tsx', { id: 'admin-experiment' }),
      route('audit', 'routes/admin.audit.tsx', { id: 'admin-audit' }),
    ]),
  ]),
  // Ends acting as a customer (the "acting as" bar's form; no page of its own).
  route('admin/impersonation', 'routes/admin.impersonation.ts', { id: 'admin-impersonation' }),
  route('account/payment-method', 'routes/account.payment-method.ts', { id: 'account-payment-method' }),
  // The marketing tracker's client module (decision 026): loaded as a script, not a page.
  route('__marketing/tracker', 'routes/marketing.tracker.ts', { id: 'marketing-tracker' }),
  // Cart changes (a resource route: no page of its own).
  route('cart', 'routes/cart.ts', { id: 'cart' }),
  // The cart panel's recommendations (decision 026): data for a fetcher, not a page.
  route('cart/also-loved', 'routes/cart.also-loved.ts', { id: 'cart-also-loved' }),
  route('*', 'routes/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
