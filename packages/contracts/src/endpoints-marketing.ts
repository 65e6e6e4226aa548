import { readFailures, signedInFailures } from './endpoint-failures';
import { endpointPaths } from './endpoint-paths';
import { declare } from './endpoints-types';
import { messageErrorBody, validationErrorBody } from './errors';
import {
  alsoLovedClickBody,
  cartRestoreResponse,
  eventRecordedResponse,
  experimentExposureBody,
  experimentsQuery,
  experimentsResponse,
  noContentResponse,
  nonprofitRemovalBody,
  nonprofitSelectionBody,
  nonprofitSelectionResponse,
  pickyEaterEventBody,
  reminderTokenBody,
  unsubscribeResponse,
  viewedPageBody,
} from './marketing';

export const marketingEndpoints = {
  /** A visitor with a cart viewed a page (stored for the email service provider) */
  viewedPage: declare({
    method: 'POST',
    path: endpointPaths.viewedPage,
    body: viewedPageBody,
    responses: { 201: eventRecordedResponse, ...readFailures },
  }),
  /** The picky-eater popup opened */
  pickyEaterPopupOpen: declare({
    method: 'POST',
    path: endpointPaths.pickyEaterPopupOpen,
    body: pickyEaterEventBody,
    responses: { 201: eventRecordedResponse, ...readFailures },
  }),
  /** The picky-eater popup's call to action was clicked */
  pickyEatersPopupCtaClicked: declare({
    method: 'POST',
    path: endpointPaths.pickyEatersPopupCtaClicked,
    body: pickyEaterEventBody,
    responses: { 201: eventRecordedResponse, ...readFailures },
  }),
  /** A "customers also loved" recommendation was clicked (added to the box) */
  alsoLovedClicked: declare({
    method: 'POST',
    path: endpointPaths.alsoLoved,
    body: alsoLovedClickBody,
    responses: { 201: eventRecordedResponse, ...readFailures },
  }),
  /** The customer chose a nonprofit to receive a share of their order */
  chooseNonprofit: declare({
    method: 'POST',
    path: '/api/marketing/beam/nonprofit',
    body: nonprofitSelectionBody,
    responses: { 201: nonprofitSelectionResponse, ...signedInFailures },
  }),
  /** The customer took the charity off their order */
  removeNonprofit: declare({
    method: 'DELETE',
    path: '/api/marketing/beam/nonprofit',
    body: nonprofitRemovalBody,
    responses: { 204: noContentResponse, ...signedInFailures },
  }),
  /** The running experiments' variants of this visitor (assigned on first ask, then kept) */
  experiments: declare({
    method: 'GET',
    path: '/api/experiments',
    query: experimentsQuery,
    responses: { 200: experimentsResponse, 403: messageErrorBody, 422: validationErrorBody },
  }),
  /** The visitor saw what their variant changes (first exposure kept) */
  experimentExposure: declare({
    method: 'POST',
    path: endpointPaths.experimentExposure,
    body: experimentExposureBody,
    responses: { 204: noContentResponse, ...readFailures },
  }),
  /** A reminder email's link: the cart it restores (while it is still open) */
  restoreCart: declare({
    method: 'POST',
    path: '/api/marketing/cart-reminders/restore',
    body: reminderTokenBody,
    responses: {
      200: cartRestoreResponse,
      400: messageErrorBody,
      404: messageErrorBody,
      422: validationErrorBody,
    },
  }),
  /** A reminder's one-click unsubscribe: no more reminders to that address */
  unsubscribe: declare({
    method: 'POST',
    path: '/api/marketing/unsubscribe',
    body: reminderTokenBody,
    responses: { 200: unsubscribeResponse, ...readFailures },
  }),
};
