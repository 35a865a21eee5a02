import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The server's address in development: `cargo run -p alphachess-server` listens here by default. */
const DEV_API = process.env.ALPHACHESS_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': { target: DEV_API, changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: false },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // The default; a test that renders React says `// @vitest-environment happy-dom` on its first line.
    environment: 'node',
  },
});
