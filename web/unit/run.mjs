// Unit tests of the front end's logic (web/unit/*.test.ts): each file is
// bundled with esbuild (TypeScript → ESM, the app's modules included) into
// a temporary folder and run with node's test runner.
//
//   node unit/run.mjs        (npm test)
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'houserules-unit-'));
const tests = readdirSync(here).filter((f) => f.endsWith('.test.ts')).sort();
try {
  await esbuild.build({
    entryPoints: tests.map((f) => join(here, f)),
    bundle: true,
    format: 'esm',
    platform: 'node',
    outdir: out,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
    // the cburnett images stand in as their names ("cburnett:white:knight")
    plugins: [{ name: 'cburnett-stub', setup(b) {
      b.onResolve({ filter: /^virtual:cburnett$/ }, (a) => ({ path: a.path, namespace: 'stub' }));
      b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: "const side = (c) => new Proxy({}, { get: (_, k) => 'cburnett:' + c + ':' + String(k) });\nexport default { white: side('white'), black: side('black') };", loader: 'js' }));
    } }],
  });
  const files = tests.map((f) => join(out, f.replace(/\.ts$/, '.mjs')));
  const r = spawnSync(process.execPath, ['--test', ...files], { stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
