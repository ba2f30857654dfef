// Vite/Vitest aliases that read the shared contract from source, so neither the web's dev server and
// build nor any test run needs `packages/shared` built first. One list for every config.
import { fileURLToPath } from 'node:url';

const source = (file) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

export const sharedSourceAliases = [
  { find: /^@district\/shared$/, replacement: source('index.ts') },
  { find: /^@district\/shared\/schemas$/, replacement: source('schemas.ts') },
];
