import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // A second build (for example with MAINTENANCE_MODE=true in the browser tests) can sit beside the main one.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  // Opted in early where the v8 behaviour needs no code change; middleware waits for its own decision.
  future: { v8_splitRouteModules: true, v8_trailingSlashAwareDataRequests: true },
} satisfies Config;
