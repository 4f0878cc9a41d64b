// Shared by the browser tests: a real `houserules serve` built from this
// checkout, Debian's Chromium driven by Playwright (playwright-core), and
// helpers to read the page's game state and click squares.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
export const outDir = join(here, 'output');
mkdirSync(outDir, { recursive: true });

// ctx holds the server's base URL and the browser once start() ran.
export const ctx = { base: '', browser: null, server: null, tmp: '' };

// start builds (or takes HOUSERULES_BIN) and starts the server on a free
// port over a fresh database, and launches Chromium; serveArgs are more
// flags for serve (lab.mjs: --lab 1).
export async function start(serveArgs = []) {
  ctx.tmp = mkdtempSync(join(tmpdir(), 'houserules-e2e-'));
  let bin = process.env.HOUSERULES_BIN;
  if (!bin) {
    bin = join(ctx.tmp, 'houserules');
    execFileSync('go', ['build', '-o', bin, './cmd/houserules'], { cwd: repo, stdio: 'inherit' });
  }
  ctx.server = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--db', join(ctx.tmp, 'e2e.db'), ...(Array.isArray(serveArgs) ? serveArgs : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  ctx.base = await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('serve did not start')), 30000);
    ctx.server.stdout.on('data', (d) => {
      const m = String(d).match(/http:\/\/[0-9.:]+/);
      if (m) { clearTimeout(t); resolve(m[0]); }
    });
    ctx.server.on('exit', (c) => reject(new Error('serve exited ' + c)));
  });
  ctx.browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

export async function stop() {
  await ctx.browser?.close();
  ctx.server?.kill('SIGTERM');
  if (ctx.tmp) rmSync(ctx.tmp, { recursive: true, force: true });
}

export async function newPage(width = 1200, height = 900) {
  const c = await ctx.browser.newContext({ viewport: { width, height } });
  const page = await c.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return page;
}

export const state = (page) => page.evaluate(() => window.__hr?.state ?? null);

// waitState waits until the page's game state satisfies fn (a predicate
// source over s, the state, and a, the argument).
export async function waitState(page, fnSrc, arg, timeout = 15000) {
  await page.waitForFunction(
    ([src, a]) => { const s = window.__hr?.state; return !!s && new Function('s', 'a', 'return ' + src)(s, a); },
    [fnSrc, arg], { timeout });
  return state(page);
}

// squareCentre is the page position of a square's centre (a1 … p16).
export async function squareCentre(page, sq) {
  const s = await state(page);
  const orient = await page.evaluate(() => window.__hr.cg.state.orientation);
  const box = await page.locator('#board cg-board').boundingBox();
  let x = sq.charCodeAt(0) - 97, y = s.ranks - parseInt(sq.slice(1), 10);
  if (orient === 'black') { x = s.files - 1 - x; y = s.ranks - 1 - y; }
  return [box.x + (x + 0.5) * box.width / s.files, box.y + (y + 0.5) * box.height / s.ranks];
}

// clickSquare clicks the centre of a square on the board.
export async function clickSquare(page, sq) {
  await page.mouse.click(...await squareCentre(page, sq));
}

export async function playByClicks(page, uci) {
  const from = uci.match(/^[a-p]\d+/)[0];
  const to = uci.slice(from.length).match(/^[a-p]\d+/)[0];
  await clickSquare(page, from);
  await clickSquare(page, to);
  const promo = uci.slice(from.length + to.length);
  if (promo) await page.click(`.promo-choice[data-uci="${uci}"]`);
}

export const shot = (page, name) => page.screenshot({ path: join(outDir, name + '.png') });

export async function api(method, path, body, token) {
  const res = await fetch(ctx.base + path, {
    method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: 'Bearer ' + token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

// catalogue is GET /api/variants: playable (in picker order) and
// unavailable ({name, error}) variants.
export async function catalogue() {
  const v = await api('GET', '/api/variants');
  return {
    families: v.families,
    playable: v.families.flatMap((f) => f.variants),
    unavailable: v.families.flatMap((f) => f.unavailable ?? []),
  };
}

// pocketPiece is the pocket slot of a piece (letter, colour) beside the
// board; data-nb holds its count.
export const pocketPiece = (page, letter, color) => page.locator(`.pocket piece[data-role="${letter}-piece"][data-color="${color}"]`);
