import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server runs on :3000 in development; the dev server forwards the API and the dev
// outbox to it so the app talks to one origin, exactly as it does when the server serves dist/.
const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '^/dev/': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return 'vendor-react';
          if (/node_modules\/(@mantine|@floating-ui|react-transition-group|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|tslib|get-nonce|clsx)\//.test(id)) return 'vendor-mantine';
          if (/node_modules\/(zod|@hookform|react-hook-form)\//.test(id)) return 'vendor-forms';
          if (/node_modules\/@tanstack\//.test(id)) return 'vendor-query';
          return undefined;
        },
      },
    },
  },
});
