// Writes .br and .gz beside every text asset of the build, so the server sends them compressed without
// spending CPU per request (the server's static plugin picks them by Accept-Encoding).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/i;
let files = 0;
let raw = 0;
let gz = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(entry.name) && fs.statSync(file).size >= 1024) {
      const body = fs.readFileSync(file);
      const gzip = zlib.gzipSync(body, { level: 9 });
      const br = zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      fs.writeFileSync(`${file}.gz`, gzip);
      fs.writeFileSync(`${file}.br`, br);
      files++;
      raw += body.length;
      gz += gzip.length;
    }
  }
}

walk(dist);
console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB → ${(gz / 1024).toFixed(0)} KB gzip`);
