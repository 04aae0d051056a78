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
  build: { manifest: true },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/auth': apiTarget,
      '/dev': apiTarget,
    },
  },
});
