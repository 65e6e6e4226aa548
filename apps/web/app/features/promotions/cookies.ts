/**
 * The promo code cookies (decision 044): `?pc=CODE` sets auto_apply_promo_code and `pc_overwrite`
 * sets overwrite_promo_code, both for 365 days on the parent domain, so a link to the marketing
 * site (example.com) and the shop (shop.example.com) share them.
 */

export const AUTO_APPLY_PROMO_COOKIE = 'auto_apply_promo_code';
export const OVERWRITE_PROMO_COOKIE = 'overwrite_promo_code';
export const PROMO_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A code from a URL or cookie: trimmed, letters, digits, `_` and `-`, at most 64; else null. */
export function normalizeCode(raw: string | null | undefined): string | null {
  const code = raw?.trim() ?? '';
  return CODE_PATTERN.test(code) ? code : null;
}

/**
 * `pc_overwrite` (and the cookie it sets): present without a value, or 1/true/yes/on, means the
 * code from the link replaces a different code already on the cart; anything else means it does not.
 */
export function parseOverwrite(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  return ['', '1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

function isIpAddress(hostname: string): boolean {
  if (hostname.includes(':')) return true; // IPv6, with or without brackets
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The Domain attributes to try, broadest first: the last two labels (shop.example.com →
 * .example.com), then longer ones for hosts under two-label public suffixes (shop.example.co.uk:
 * browsers refuse .co.uk, then accept .example.co.uk). Empty for localhost, IP addresses and
 * single-label hosts: their cookies carry no Domain attribute.
 */
export function cookieDomainCandidates(hostname: string): string[] {
  const host = hostname
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  if (host === '' || isIpAddress(host)) return [];
  const labels = host.split('.');
  if (labels.length < 2 || labels.at(-1) === 'localhost') return [];
  const candidates: string[] = [];
  for (let count = 2; count <= labels.length; count += 1) {
    candidates.push(`.${labels.slice(-count).join('.')}`);
  }
  return candidates;
}

/** The parent domain for this host (the first candidate), or null when the cookie is host-only. */
export function cookieDomain(hostname: string): string | null {
  return cookieDomainCandidates(hostname)[0] ?? null;
}

export type CookieOptions = {
  domain?: string | null;
  /** Seconds; 0 deletes the cookie. */
  maxAgeSeconds: number;
  secure?: boolean;
  /** For Expires (older browsers ignore Max-Age); defaults to now. */
  now?: Date;
};

/** One Set-Cookie / document.cookie string: Path=/, SameSite=Lax, Max-Age and Expires, Domain when given. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const now = options.now ?? new Date();
  const expires = new Date(now.getTime() + options.maxAgeSeconds * 1000);
  const attributes = [
    'Path=/',
    'SameSite=Lax',
    `Max-Age=${options.maxAgeSeconds}`,
    `Expires=${(options.maxAgeSeconds > 0 ? expires : new Date(0)).toUTCString()}`,
  ];
  if (options.domain) attributes.push(`Domain=${options.domain}`);
  if (options.secure) attributes.push('Secure');
  return `${name}=${encodeURIComponent(value)}; ${attributes.join('; ')}`;
}

/** Where the server writes the promo cookies: the site's parent domain (SITE_URL), and whether https. */
export type PromoCookieSite = { siteUrl: string; secure: boolean };

function siteDomain(siteUrl: string): string | null {
  try {
    return cookieDomain(new URL(siteUrl).hostname);
  } catch {
    return null;
  }
}

/**
 * A link's `?pc=` as Set-Cookie lines: the code and whether it overwrites a code already on a cart,
 * 365 days on the parent domain of SITE_URL (host-only on localhost and IPs). The server cannot try
 * domains as the browser jar does: SITE_URL names a host the operator owns.
 */
export function promoCookieHeaders(code: string, overwrite: boolean, site: PromoCookieSite): string[] {
  const options = {
    domain: siteDomain(site.siteUrl),
    maxAgeSeconds: PROMO_COOKIE_MAX_AGE_SECONDS,
    secure: site.secure,
  };
  return [
    serializeCookie(AUTO_APPLY_PROMO_COOKIE, code, options),
    serializeCookie(OVERWRITE_PROMO_COOKIE, overwrite ? '1' : '0', options),
  ];
}

/** Both promo cookies expired, on the parent domain and host-only (either may have been written). */
export function clearedPromoCookieHeaders(site: PromoCookieSite): string[] {
  const domain = siteDomain(site.siteUrl);
  const lines: string[] = [];
  for (const name of [AUTO_APPLY_PROMO_COOKIE, OVERWRITE_PROMO_COOKIE]) {
    if (domain) lines.push(serializeCookie(name, '', { domain, maxAgeSeconds: 0, secure: site.secure }));
    lines.push(serializeCookie(name, '', { maxAgeSeconds: 0, secure: site.secure }));
  }
  return lines;
}

/** A cookie's value from a Cookie header or document.cookie; null when absent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

/** The promo cookies as the app start reads and writes them. */
export type CookieJar = {
  get(name: string): string | null;
  /** Writes the cookie for 365 days on the parent domain. */
  set(name: string, value: string): void;
  remove(name: string): void;
};

type CookieDocument = { cookie: string };
type CookieLocation = { hostname: string; protocol: string };

/**
 * document.cookie on the parent domain. Each candidate Domain is tried and read back: a browser
 * silently drops a cookie for a public suffix, so the first one that sticks wins, else host-only.
 */
export function browserCookieJar(
  doc: CookieDocument = document,
  location: CookieLocation = window.location,
): CookieJar {
  const secure = location.protocol === 'https:';
  const domains = cookieDomainCandidates(location.hostname);
  const write = (text: string) => {
    try {
      doc.cookie = text;
    } catch {
      // Cookies can be blocked: the code then only applies to this page view.
    }
  };
  const read = (name: string) => {
    try {
      return readCookie(doc.cookie, name);
    } catch {
      return null;
    }
  };
  return {
    get: read,
    set(name, value) {
      for (const domain of domains) {
        write(serializeCookie(name, value, { domain, maxAgeSeconds: PROMO_COOKIE_MAX_AGE_SECONDS, secure }));
        if (read(name) === value) return;
      }
      write(serializeCookie(name, value, { maxAgeSeconds: PROMO_COOKIE_MAX_AGE_SECONDS, secure }));
    },
    remove(name) {
      // The cookie may have been written on any of the candidate domains (or host-only): clear them all.
      for (const domain of domains) write(serializeCookie(name, '', { domain, maxAgeSeconds: 0, secure }));
      write(serializeCookie(name, '', { maxAgeSeconds: 0, secure }));
    },
  };
}

/** An in-memory jar for tests. */
export function memoryCookieJar(initial: Record<string, string> = {}): CookieJar & {
  values: Map<string, string>;
} {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: (name) => values.get(name) ?? null,
    set: (name, value) => {
      values.set(name, value);
    },
    remove: (name) => {
      values.delete(name);
    },
  };
}
