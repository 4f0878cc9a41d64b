// Builds the front end into dist/ with esbuild: dist/index.html,
// dist/assets/app.js, dist/assets/app.css, and dist/SOURCES.sha256 (the
// hash of the sources the bundle was built from, which `go test ./web`
// checks without npm).
//
//   node build.mjs           build into dist/
//   node build.mjs --check   build into a temporary folder and fail when
//                            dist/ differs (the committed bundle is stale)
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const check = process.argv.includes('--check');
const out = check ? mkdtempSync(join(tmpdir(), 'houserules-web-')) : join(root, 'dist');

// The cburnett piece images that chessgroundx ships (as CSS with data
// URIs for .pawn.white …), exposed to the app as a module.
function cburnettPlugin() {
  return {
    name: 'cburnett',
    setup(build) {
      build.onResolve({ filter: /^virtual:cburnett$/ }, (a) => ({ path: a.path, namespace: 'cburnett' }));
      build.onLoad({ filter: /.*/, namespace: 'cburnett' }, () => {
        const css = readFileSync(join(root, 'node_modules/chessgroundx/assets/chessground.cburnett.css'), 'utf8');
        const images = { white: {}, black: {} };
        const re = /piece\.(\w+)\.(white|black)\s*\{\s*background-image:\s*url\('([^']+)'\)/g;
        for (const m of css.matchAll(re)) images[m[2]][m[1]] = m[3];
        return { contents: 'export default ' + JSON.stringify(images) + ';', loader: 'js' };
      });
    },
  };
}

// sourcesHash hashes the files the bundle depends on. Keep in step with
// sourcesHash in web/dist_test.go.
function sourcesHash() {
  const files = ['build.mjs', 'package-lock.json'];
  const walk = (d) => {
    for (const n of readdirSync(join(root, d)).sort()) {
      const p = join(d, n);
      if (statSync(join(root, p)).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk('src');
  files.sort();
  const h = createHash('sha256');
  for (const f of files) {
    const data = readFileSync(join(root, f));
    h.update(f.split('\\').join('/') + '\n' + createHash('sha256').update(data).digest('hex') + '\n');
  }
  return h.digest('hex');
}

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'assets'), { recursive: true });
await esbuild.build({
  entryPoints: { app: join(root, 'src/main.ts'), style: join(root, 'src/style.css') },
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2020'],
  outdir: join(out, 'assets'),
  entryNames: '[name]',
  plugins: [cburnettPlugin()],
  legalComments: 'eof',
  logLevel: 'warning',
});
copyFileSync(join(root, 'src/index.html'), join(out, 'index.html'));
writeFileSync(join(out, 'SOURCES.sha256'), sourcesHash() + '\n');

if (check) {
  const list = (d, base = d) =>
    readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? list(join(d, n), base) : [relative(base, join(d, n))])).sort();
  const want = list(out), have = list(join(root, 'dist'));
  const stale = [];
  for (const f of new Set([...want, ...have])) {
    let a = null, b = null;
    try { a = readFileSync(join(out, f)); } catch {}
    try { b = readFileSync(join(root, 'dist', f)); } catch {}
    if (!a || !b || !a.equals(b)) stale.push(f);
  }
  rmSync(out, { recursive: true, force: true });
  if (stale.length) {
    console.error('web/dist is not up to date with web/src: ' + stale.join(', ') + '\nrun: cd web && npm ci && npm run build, then commit web/dist');
    process.exit(1);
  }
  console.log('web/dist is up to date');
}
