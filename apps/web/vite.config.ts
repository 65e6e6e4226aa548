import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  define: {
    // Build-time flag (spec: "maintenance flag equals 'true'"): every page redirects to /maintenance.
    __MAINTENANCE_MODE__: JSON.stringify(process.env.MAINTENANCE_MODE === 'true'),
  },
  server: { port: 5173 },
});
