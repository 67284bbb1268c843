// The hosted checkout page (pay.html, served for /pay/<token>) is built on its own, after the web
// app and into the same dist/ folder: a customer's first visit loads React, the envelope client
// and the page, never the back-office's chunks, and the web app's chunking (and the sign-in
// page's weight budget) stays exactly as it is. Its files are named assets/pay-*.
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.config.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    // The web app was built into dist/ just before: keep it.
    emptyOutDir: false,
    sourcemap: false,
    rolldownOptions: {
      input: path.resolve(import.meta.dirname, 'pay.html'),
      output: {
        entryFileNames: 'assets/pay-[hash].js',
        chunkFileNames: 'assets/pay-[name]-[hash].js',
        assetFileNames: 'assets/pay-[hash][extname]',
      },
    },
  },
});
