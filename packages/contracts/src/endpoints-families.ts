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
  /** My children */
  children: declare({
    method: 'GET',
    path: '/api/me/children',
    responses: { 200: childrenResponse, ...signedInFailures },
  }),
  /** Add a child (at most 8) */
  addChild: declare({
    method: 'POST',
    path: '/api/me/children',
    body: childBody,
    responses: { 201: childResponse, ...signedInFailures },
  }),
  /** Change a child's profile (the whole profile) */
  updateChild: declare({
    method: 'PUT',
    path: '/api/me/children/:childId',
    params: childParams,
    body: childBody,
    responses: { 200: childResponse, ...signedInFailures },
  }),
  /** Remove a child and everything kept about them (ratings included) */
  removeChild: declare({
    method: 'DELETE',
    path: '/api/me/children/:childId',
    params: childParams,
    responses: { 200: childResponse, ...signedInFailures },
  }),
  // ─── Flags and warnings (docs/decisions/055) ───
  /** Whom these dishes do not suit in my family (the box page's list of conflicting dishes) */
  dishConflicts: declare({
    method: 'GET',
    path: '/api/me/family/dish-conflicts',
    query: dishConflictsQuery,
    responses: { 200: familyDishesResponse, ...signedInFailures },
  }),
};
