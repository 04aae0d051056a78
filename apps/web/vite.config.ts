import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

// In development Vite serves the app with reload and forwards platform calls to the server.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The server reads the manifest to preload the chunks of the page a visitor opens first.
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
