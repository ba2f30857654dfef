import { fileURLToPath } from 'node:url';
import { sharedSourceAliases } from '../../packages/shared/source-aliases.mjs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // '@/…' is apps/web/src (tsconfig.json `paths` says the same for the type checker and ESLint).
  resolve: {
    alias: [...sharedSourceAliases, { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  // The login page is rendered at build time (scripts/prerender-login.mjs); its footer's year must be the one
  // the client renders while hydrating.
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  // The prerender runs in Node: antd and its parts are bundled (their CommonJS builds import subpaths Node's
  // ESM loader cannot resolve); everything else is imported from node_modules as it is.
  ssr: { noExternal: true },
  server: {
    port: 3100,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  preview: { port: 3100 },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Read by scripts/prerender-login.mjs (the login page's chunks to preload), then deleted.
    manifest: 'prerender-manifest.json',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page needs (React, antd's core and style runtime) as one file: left to automatic
              // splitting it became dozens of small shared chunks, each compressed on its own, which made
              // the login page download 42 files instead of 25.
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/](util|motion|resize-observer|context)|antd[\\/]es[\\/](_util|config-provider|theme|locale|style|wave))[\\/]/,
            },
          ],
        },
      },
    },
  },
});
