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
  viewedPage: declare({
    summary: 'A visitor with a cart viewed a page (stored for the email service provider)',
    method: 'POST',
    path: endpointPaths.viewedPage,
    body: viewedPageBody,
    responses: { 201: eventRecordedResponse, ...readFailures },
  }),
  pickyEaterPopupOpen: declare({
    summary: 'The picky-eater popup opened',
    method: 'POST',
    path: endpointPaths.pickyEaterPopupOpen,
    body: pickyEaterEventBody,
    responses: { 201: eventRecordedResponse, ...readFailures },
  }),
  pickyEatersPopupCtaClicked: declare({
    summary: "The picky-eater popup's call to action was clicked",
    method: 'POST',
    path: endpointPaths.pickyEatersPopupCtaClicked,
    body: pickyEaterEventBody,
    responses: { 201: eventRecordedResponse, ...readFailures },
  }),
  alsoLovedClicked: declare({
    summary: 'A "customers also loved" recommendation was clicked (added to the box)',
    method: 'POST',
    path: endpointPaths.alsoLoved,
    body: alsoLovedClickBody,
    responses: { 201: eventRecordedResponse, ...readFailures },
  }),
  chooseNonprofit: declare({
    summary: 'The customer chose a nonprofit to receive a share of their order',
    method: 'POST',
    path: '/api/marketing/beam/nonprofit',
    body: nonprofitSelectionBody,
    responses: { 201: nonprofitSelectionResponse, ...signedInFailures },
  }),
  removeNonprofit: declare({
    summary: 'The customer took the charity off their order',
    method: 'DELETE',
    path: '/api/marketing/beam/nonprofit',
    body: nonprofitRemovalBody,
    responses: { 204: noContentResponse, ...signedInFailures },
  }),
  experiments: declare({
    summary: "The running experiments' variants of this visitor (assigned on first ask, then kept)",
    method: 'GET',
    path: '/api/experiments',
    query: experimentsQuery,
    responses: { 200: experimentsResponse, 403: messageErrorBody, 422: validationErrorBody },
  }),
  experimentExposure: declare({
    summary: 'The visitor saw what their variant changes (first exposure kept)',
    method: 'POST',
    path: endpointPaths.experimentExposure,
    body: experimentExposureBody,
    responses: { 204: noContentResponse, ...readFailures },
  }),
  restoreCart: declare({
    summary: "A reminder email's link: the cart it restores (while it is still open)",
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
  unsubscribe: declare({
    summary: "A reminder's one-click unsubscribe: no more reminders to that address",
    method: 'POST',
    path: '/api/marketing/unsubscribe',
    body: reminderTokenBody,
    responses: { 200: unsubscribeResponse, ...readFailures },
  }),
};
