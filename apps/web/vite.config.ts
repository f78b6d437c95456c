import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API and the live feed to a Flare server on port 3000.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/cable': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
