import { sharedSourceAliases } from '../../packages/shared/source-aliases.mjs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: sharedSourceAliases },
  server: {
    port: 3100,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  preview: { port: 3100 },
  build: {
    outDir: 'dist',
    sourcemap: false,
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
