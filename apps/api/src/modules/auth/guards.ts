import { SESSION_COOKIE } from '@sprout/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error';
import { readCookie } from './cookies';
import { sessionUser } from './service';

export type SignedInSession = NonNullable<Awaited<ReturnType<typeof sessionUser>>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin: the route guard (route-guard.ts) or the route's own hook. */
    signedInSession?: SignedInSession;
  }
}

/** Route pre-handler: a 401 for a visitor without a live session; the handler reads signedIn(request). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const session = await sessionUser(request.server.database.db, readCookie(request, SESSION_COOKIE));
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
