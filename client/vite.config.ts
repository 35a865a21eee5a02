import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';

/** The server's address in development: `cargo run -p alphachess-server` listens here by default. */
const DEV_API = process.env.ALPHACHESS_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // The app runs on Preact (issue #26: at most 100 kB of gzipped JavaScript per screen; react-dom alone
  // was 67 kB). The preset aliases `react`, `react-dom` and their subpaths to `preact/compat`, for our
  // code, the libraries and vitest alike, so the source keeps React's imports and @types/react; it also
  // compiles JSX for Preact and gives the dev server Preact's hot reload (prefresh).
  plugins: [preact()],
  server: {
    proxy: { '/api': { target: DEV_API, changeOrigin: false } },
  },
  // Every browser the app supports has `<link rel=modulepreload>`: no polyfill in the first page's bundle.
  build: { outDir: 'dist', sourcemap: false, modulePreload: { polyfill: false } },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // The default; a test that renders components says `// @vitest-environment happy-dom` on its first line.
    environment: 'node',
    // Vitest loads packages from node_modules through Node, where the alias to Preact does not apply;
    // the libraries that import React are bundled through Vite instead, so they share Preact's hooks.
    server: { deps: { inline: ['@tanstack/react-query', 'react-chessboard', /@dnd-kit/] } },
  },
});
