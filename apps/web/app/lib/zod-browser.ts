/**
 * zod as the browser gets it (vite.config.ts points the client build's `zod` imports here).
 *
 * zod compiles a fast object parser with `new Function` unless told not to, and probes whether it
 * may when the first object schema is built. The store's Content-Security-Policy allows no eval,
 * so in the browser that probe is a CSP violation (a console error, and Lighthouse's best-practices
 * audit fails on every page whose scripts build a schema). `jitless` skips the probe and the
 * compiler; this module runs before any module that imports `zod`, so before any schema is built.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
