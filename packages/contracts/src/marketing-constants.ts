/**
 * Marketing constants without zod (decision 026): the browser's bundle imports these, so this file
 * must stay free of schemas (zod would join the /menus budget).
 */

/** The data layer's defaults, used when none is configured. */
export const DEFAULT_DATA_LAYER_NAME = 'dataLayer';
export const DEFAULT_VIEW_EVENT = 'content-view';
/** The tag-manager id: GTM- then digits or capitals. */
export const GTM_ID_PATTERN = /^GTM-[0-9A-Z]+$/;
/** Error reports per browser session: 10 unless configured, never outside 1 to 100. */
export const ERROR_REPORTS_DEFAULT_MAX_EVENTS = 10;
export const ERROR_REPORTS_MAX_EVENTS_RANGE = { min: 1, max: 100 } as const;
export const RELOAD_GUARD_MS = 10_000;
export const MAX_QUEUED_ROUTE_PRELOADS = 4;
export const BUILD_MANIFEST_POLL_MS = 60 * 60 * 1000;

/** The capture popup's submit-label experiment (seeded): the variant decides the button's words. */
export const CAPTURE_LABEL_EXPERIMENT = 'capture-submit-label';
/**
 * The variant's words start with the form's default, so assistive names (and journeys) that look
 * for "Continue" still find the button.
 */
export const CAPTURE_LABEL_VARIANTS: Record<string, string> = {
  control: 'Continue',
  'continue-to-my-box': 'Continue to my box',
};
export const DEFAULT_CAPTURE_SUBMIT_LABEL = 'Continue';

export const REMINDER_LINK_INVALID = 'This link is not valid.';
export const REMINDER_CART_GONE = 'This box has already been ordered or is no longer available.';
