/**
 * The store's name and addresses as mails, links and cookies need them, built once from the config
 * at start-up (app.ts) and handed to every flow and module in the dependency set (workflows/deps.ts).
 */
export type Site = {
  name: string;
  /** The storefront's origin (SITE_URL). */
  url: string;
  /** The account site as configured (ACCOUNT_SITE_URL: a path on the storefront or an origin). */
  accountUrl: string;
  /** The admin site as configured (ADMIN_SITE_URL). */
  adminUrl: string;
};

/**
 * A page of the account site, absolute, for mails and redirects: ACCOUNT_SITE_URL is a path on the
 * storefront ("/account") or an origin of its own, so every link into the account is built here.
 * `page` is relative to the account site's root ("orders/12", "/deliveries"); none: the root.
 */
export function accountPageUrl(site: Pick<Site, 'url' | 'accountUrl'>, page = ''): string {
  const root = new URL(site.accountUrl, site.url).href.replace(/\/$/, '');
  const path = page.replace(/^\//, '');
  return path ? `${root}/${path}` : root;
}

export function siteOf(config: {
  SITE_NAME: string;
  SITE_URL: string;
  ACCOUNT_SITE_URL: string;
  ADMIN_SITE_URL: string;
}): Site {
  return {
    name: config.SITE_NAME,
    url: config.SITE_URL,
    accountUrl: config.ACCOUNT_SITE_URL,
    adminUrl: config.ADMIN_SITE_URL,
  };
}
