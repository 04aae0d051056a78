import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pageChunks } from './page-chunks';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

// In development Vite serves the app with reload and forwards platform calls to the server.
export default defineConfig({
  // The page registry names the chunk of each page that loads on demand (page-chunks.ts).
  plugins: [react(), tailwindcss(), pageChunks({ registry: 'src/app/page-switch.tsx' })],
  // The server reads the manifest and the page list to preload the chunks of the page a visitor
  // opens first (docs/architecture.md §2.7).
  build: {
    manifest: true,
    rolldownOptions: {
      // Inlining needs it; the app's entry exports nothing a page reads.
      preserveEntrySignatures: false,
      output: {
        // Fewer, larger requests on a slow line (docs/decisions/022): the first page's modules
        // make one chunk, and the small chunks lazy pages share are copied into each page that
        // reads them (one module state still, kept by Rolldown's runtime). The auth page went
        // from 14 requests to 3.
        codeSplitting: {
          groups: [{ name: 'first-page', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/auth': apiTarget,
      '/dev': apiTarget,
    },
  },
});
