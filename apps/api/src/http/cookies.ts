import {
  IMPERSONATION_COOKIE,
  IMPERSONATOR_SESSION_COOKIE,
  SESSION_COOKIE,
  TRUSTED_DEVICE_COOKIE,
} from '@sprout/contracts';
import { parse as parseCookies, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse } from 'tldts';

/** How long a session and a trusted device last: the cookie's Max-Age and the row's expiry alike. */
export const SESSION_DAYS = 30;
export const TRUSTED_DEVICE_DAYS = 30;

/**
 * shop.example.com → example.com, a.example.co.uk → example.co.uk: the registrable domain by the
 * public-suffix list (tldts, bundled: no network), never a public suffix such as co.uk, which
 * browsers refuse and which would share the cookie with every site under it. localhost, IP
 * addresses and bare suffixes have no parent domain.
 */
export function parentDomain(hostname: string): string | undefined {
  if (hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return undefined;
  const parsed = parse(hostname.toLowerCase(), { allowPrivateDomains: true });
  if (parsed.isIp || !parsed.domain || parsed.domain === parsed.publicSuffix) return undefined;
  return parsed.domain;
}

export type CookieSettings = { secure: boolean; siteHostname: string };

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  return parseCookies(request.headers.cookie ?? '')[name];
}

/** Sets a cookie on the answer, replacing an earlier one of the same name: one Set-Cookie per name. */
function append(reply: FastifyReply, cookie: string) {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  const name = `${cookie.slice(0, cookie.indexOf('='))}=`;
  // Fastify appends whatever is given for set-cookie: remove first, or earlier cookies repeat.
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...list.filter((earlier) => !String(earlier).startsWith(name)), cookie]);
}

export function setSessionCookies(
  reply: FastifyReply,
  settings: CookieSettings,
  issued: { sessionToken?: string | undefined; trustedDeviceToken?: string | undefined },
) {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: settings.secure, path: '/' };
  if (issued.sessionToken) {
    append(reply, serialize(SESSION_COOKIE, issued.sessionToken, { ...base, maxAge: SESSION_DAYS * 86_400 }));
  }
  if (issued.trustedDeviceToken) {
    append(
      reply,
      serialize(TRUSTED_DEVICE_COOKIE, issued.trustedDeviceToken, {
        ...base,
        maxAge: TRUSTED_DEVICE_DAYS * 86_400,
      }),
    );
  }
  // A fresh sign-in ends any impersonation view the admin site left behind.
  clearImpersonationCookie(reply, settings);
}

/**
 * The customer's session for an admin acting as them, and the impersonation cookie on the parent
 * domain (readable by the storefront, the account and the admin sites) that says so.
 */
export function setImpersonationCookies(
  reply: FastifyReply,
  settings: CookieSettings,
  impersonation: { sessionToken: string; maxAgeSeconds: number; adminSessionToken?: string | undefined },
) {
  if (impersonation.adminSessionToken) {
    // The admin's own session, kept aside (httpOnly, this host only) to go back to when done.
    append(
      reply,
      serialize(IMPERSONATOR_SESSION_COOKIE, impersonation.adminSessionToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure: settings.secure,
        path: '/',
        maxAge: impersonation.maxAgeSeconds,
      }),
    );
  }
  append(
    reply,
    serialize(SESSION_COOKIE, impersonation.sessionToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: settings.secure,
      path: '/',
      maxAge: impersonation.maxAgeSeconds,
    }),
  );
  const domain = parentDomain(settings.siteHostname);
  append(
    reply,
    // A flag only, unreadable by scripts: who is impersonated is the session's business, not a cookie's.
    serialize(IMPERSONATION_COOKIE, '1', {
      httpOnly: true,
      path: '/',
      maxAge: impersonation.maxAgeSeconds,
      sameSite: 'lax',
      secure: settings.secure,
      ...(domain ? { domain } : {}),
    }),
  );
}

export function clearImpersonationCookie(reply: FastifyReply, settings: CookieSettings) {
  const domain = parentDomain(settings.siteHostname);
  append(
    reply,
    serialize(IMPERSONATOR_SESSION_COOKIE, '', { httpOnly: true, path: '/', maxAge: 0, sameSite: 'lax' }),
  );
  append(
    reply,
    serialize(IMPERSONATION_COOKIE, '', {
      httpOnly: true,
      path: '/',
      maxAge: 0,
      sameSite: 'lax',
      ...(domain ? { domain } : {}),
    }),
  );
}

export function clearSessionCookie(reply: FastifyReply, settings: CookieSettings) {
  append(
    reply,
    serialize(SESSION_COOKIE, '', {
      httpOnly: true,
      sameSite: 'lax',
      secure: settings.secure,
      path: '/',
      maxAge: 0,
    }),
  );
}
