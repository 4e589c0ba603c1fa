// Precompresses the build (brotli and gzip) so the server sends small files without spending CPU.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
let count = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (COMPRESSIBLE.test(name)) {
      const data = readFileSync(full);
      if (data.length < 512) continue;
      writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      count++;
    }
  }
};
walk(process.argv[2] ?? 'dist');
console.log(`precompressed ${count} files`);
