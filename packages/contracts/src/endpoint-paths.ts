/**
 * The paths the browser reaches without the typed client, written once and free of zod: the
 * declarations in `endpoints-*.ts` take their `path` from here, and the browser's beacons, the social
 * sign-in link and the robots rules read them here, so no schema reaches a page's chunk
 * (docs/decisions/051).
 */

/** Where the API's endpoints live, and the sign-in's. */
export const API_PREFIX = '/api';
export const AUTH_PREFIX = '/auth';

export const endpointPaths = {
  /** A visitor with a cart viewed a page (the tracker's beacon). */
  viewedPage: '/api/marketing/esp/events/viewed-page',
  /** The picky-eater popup opened. */
  pickyEaterPopupOpen: '/api/marketing/events/picky-eater-popup-open',
  /** The picky-eater popup's call to action was clicked. */
  pickyEatersPopupCtaClicked: '/api/marketing/events/picky-eaters-popup-cta-clicked',
  /** "Customers also loved": read (GET) and a click on one recorded (POST). */
  alsoLoved: '/api/customers-also-loved-clicked',
  /** The visitor saw their experiment's variant. */
  experimentExposure: '/api/experiments/exposures',
  /** Start a social sign-in (a link: the provider's page follows). */
  socialStart: '/auth/:provider',
} as const;
