import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The server's address in development: `cargo run -p alphachess-server` listens here by default. */
const DEV_API = process.env.ALPHACHESS_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // The app runs on React 19 (react-dom; issue #39): the plugin compiles JSX and gives the dev server
  // React's Fast Refresh.
  plugins: [react()],
  server: {
    proxy: { '/api': { target: DEV_API, changeOrigin: false } },
  },
  // Every browser the app supports has `<link rel=modulepreload>`: no polyfill in the first page's bundle.
  build: { outDir: 'dist', sourcemap: false, modulePreload: { polyfill: false } },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // The default; a test that renders components says `// @vitest-environment happy-dom` on its first line.
    environment: 'node',
  },
});
