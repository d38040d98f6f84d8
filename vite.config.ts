import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// In development the API runs beside Vite (npm run dev); these prefixes belong to it.
const apiTarget = `http://localhost:${process.env.API_PORT ?? process.env.PORT ?? 3000}`;
const apiPrefixes = ['/api', '/auth', '/rest', '/dev', '/test-checkout'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/budget.ts (which chunks each route loads before first paint) and by the server (which it preloads).
    manifest: true,
    rolldownOptions: {
      output: {
        // zod in one chunk of its own, which scripts/budget.ts keeps off the public pages' first paint: they read
        // what the server carries without it, and load it with their first call to the API (ADR 0096).
        codeSplitting: { groups: [{ name: 'zod-library', test: /[\\/]node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
});
