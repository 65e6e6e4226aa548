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
