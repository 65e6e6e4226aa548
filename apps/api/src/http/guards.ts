import { SESSION_COOKIE } from '@sprout/contracts';
import type { schema } from '@sprout/db';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { readCookie } from './cookies';

/** A live session and its customer, as the auth module finds it from the session cookie. */
export type SignedInSession = {
  idHash: string;
  expiresAt: Date;
  impersonatorUserId: number | null;
  user: typeof schema.users.$inferSelect;
  referralCode: string | null;
};

/**
 * How a request's session is found: the auth module's lookup, given to the app once at start-up
 * (app.ts). Declared here so that every module guards its routes without importing the auth
 * module (modules are leaves: ARCHITECTURE.md, docs/decisions/048).
 */
export type SessionLookup = (sessionToken: string | undefined) => Promise<SignedInSession | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    findSession: SessionLookup;
  }
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin: the route guard (route-guard.ts) or the route's own hook. */
    signedInSession?: SignedInSession;
  }
}

/** The request's live session, if its cookie carries one (visitors get undefined). */
export function currentSession(request: FastifyRequest): Promise<SignedInSession | undefined> {
  return request.server.findSession(readCookie(request, SESSION_COOKIE));
}

/** Route pre-handler: a 401 for a visitor without a live session; the handler reads signedIn(request). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const session = await currentSession(request);
  if (!session) throw new AppError('unauthenticated', 'Please sign in.');
  request.signedInSession = session;
}

/** Route pre-handler: requireUser, then a 403 for a customer. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.signedInSession!.user.isAdmin) {
    throw new AppError('forbidden', 'Only admins can do this.');
  }
}

/** The session the route's pre-handler found; a route without one is a programming error. */
export function signedIn(request: FastifyRequest): SignedInSession {
  if (!request.signedInSession) throw new Error(`${request.routeOptions.url} is not guarded by requireUser`);
  return request.signedInSession;
}
