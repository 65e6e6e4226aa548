import { signedInFailures } from './endpoint-failures';
import { declare } from './endpoints-types';
import {
  childBody,
  childParams,
  childResponse,
  childrenResponse,
  dishConflictsQuery,
  familyDishesResponse,
} from './families';

/** The family's children (docs/decisions/055); a customer session, another customer's child is 404. */
export const familiesEndpoints = {
  children: declare({
    summary: 'My children: each profile with its age band, allergens, dislikes and diet',
    method: 'GET',
    path: '/api/me/children',
    responses: { 200: childrenResponse, ...signedInFailures },
  }),
  addChild: declare({
    summary: 'Add a child (at most 8 per family)',
    method: 'POST',
    path: '/api/me/children',
    body: childBody,
    responses: { 201: childResponse, ...signedInFailures },
  }),
  updateChild: declare({
    summary: "Replace a child's whole profile",
    method: 'PUT',
    path: '/api/me/children/:childId',
    params: childParams,
    body: childBody,
    responses: { 200: childResponse, ...signedInFailures },
  }),
  removeChild: declare({
    summary: 'Remove a child and everything kept about them, ratings included',
    method: 'DELETE',
    path: '/api/me/children/:childId',
    params: childParams,
    responses: { 200: childResponse, ...signedInFailures },
  }),
  // ─── Flags and warnings (docs/decisions/055) ───
  dishConflicts: declare({
    summary: 'Whom these dishes do not suit in my family (the box page lists them)',
    method: 'GET',
    path: '/api/me/family/dish-conflicts',
    query: dishConflictsQuery,
    responses: { 200: familyDishesResponse, ...signedInFailures },
  }),
};
