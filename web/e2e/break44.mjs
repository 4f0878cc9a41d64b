// Issue 44, hostile inputs: the custom variant page (/custom) and the game
// page's Rules section with blocks a new or hostile user pastes (CRLF, BOM,
// tabs, Unicode, syntax errors, odd boards, a start position that does not
// set up): no page error, no answer 500, no overflow at 390 px, and Play
// enabled only for a block that plays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, ctx, newPage, start, stop } from './lib.mjs';

before(start);
after(stop);

// watch collects the page's errors and the server's 5xx answers.
function watch(page) {
  const bad = [];
  page.on('pageerror', (e) => bad.push('pageerror: ' + e.message));
  page.on('response', (r) => { if (r.status() >= 500) bad.push(`${r.status()} ${r.url()}`); });
  return bad;
}

// paste puts text in the editor as a paste does (one input event; fill
// is slow on 70 KB).
async function paste(page, text) {
  await page.waitForSelector('#ini');
  await page.evaluate((t) => {
    const a = document.querySelector('#ini');
    a.value = t;
    a.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

// verdict waits for the live check's verdict to start with mark (✓ or ✗).
async function verdict(page, mark) {
  await page.waitForFunction((m) => document.querySelector('.verdict')?.textContent?.startsWith(m), mark, { timeout: 10000 });
  return page.locator('.verdict').textContent();
}

async function overflow(page) {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const out = [];
    for (const e of document.querySelectorAll('body *')) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > w + 1 && getComputedStyle(e).position !== 'fixed') out.push(`${e.tagName}.${e.className}#${e.id} right=${Math.round(r.right)}`);
    }
    return { w, scroll: document.documentElement.scrollWidth, out: out.slice(0, 8) };
  });
}

const mini = '[tiny:chess]\nmaxRank = 6\nmaxFile = f\nstartFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\ncastling = false\n';

test('hostile blocks: CRLF, BOM, tabs, Unicode, a 3×3 and a 12×12 board load and preview; no page error, no 500', async () => {
  const page = await newPage(1200, 900);
  const bad = watch(page);
  await page.goto(ctx.base + '/custom');
  const blocks = {
    crlf: mini.replaceAll('\n', '\r\n'),
    bom: '\ufeff' + mini,
    tabs: mini.replaceAll(' = ', '\t=\t'),
    unicode: '# ♔ échecs ♚\n[échecs:chess]\n',
    three: '[tri:chess]\nmaxRank = 3\nmaxFile = c\nstartFen = k2/3/2K w - - 0 1\ncastling = false\ndoubleStep = false\n',
    twelve: '[big:chess]\nmaxRank = 12\nmaxFile = l\nstartFen = rnbqkbnrrnbq/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/RNBQKBNRRNBQ w - - 0 1\ncastling = false\n',
  };
  for (const [name, b] of Object.entries(blocks)) {
    await paste(page, b);
    const v = await verdict(page, '✓');
    assert.ok(!(await page.locator('#play').isDisabled()), `${name}: ${v}: Play disabled`);
  }
  assert.deepEqual(bad, []);
  await page.close();
});

test('a syntax error on line 1 is marked on line 1 and cannot be played', async () => {
  const page = await newPage(1200, 900);
  const bad = watch(page);
  await page.goto(ctx.base + '/custom');
  await paste(page, 'tiny:chess]\nmaxRank = 6\n');
  await verdict(page, '✗');
  assert.ok(await page.locator('#play').isDisabled());
  await page.waitForFunction(() => document.querySelector('.ini-problem[data-line="1"]'));
  assert.deepEqual(bad, []);
  await page.close();
});

test('a block whose startFen does not set up is not ✓ and cannot be played', async () => {
  const page = await newPage(1200, 900);
  const bad = watch(page);
  await page.goto(ctx.base + '/custom');
  // Fairy-Stockfish's rookmate: a check count where the castling field goes
  await paste(page, '[rookmate:3check]\npieceToCharTable = PNBRQC...............Kpnbrqc...............k\nstartFen = rnbqcbnk/pppppppp/8/8/8/8/PPPPPPPP/RNBQCBNK w 7+7 0 1\nking = k:R\ncommoner = c\nextinctionPieceCount = 1\nextinctionValue = loss\nextinctionPieceTypes = *\n');
  const v = await verdict(page, '✗');
  assert.match(v, /castling|start/i);
  assert.ok(await page.locator('#play').isDisabled());
  assert.deepEqual(bad, []);
  await page.close();
});

test('at 390 px /custom with a 12×12 preview and its legend does not overflow', async () => {
  const page = await newPage(390, 844);
  const bad = watch(page);
  await page.goto(ctx.base + '/custom');
  await paste(page, '[big:chess]\nmaxRank = 12\nmaxFile = l\nstartFen = rnbqkbnrrnbq/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/RNBQKBNRRNBQ w - - 0 1\ncastling = false\n');
  await verdict(page, '✓');
  await page.waitForFunction(() => document.querySelectorAll('#preview-board piece').length === 48);
  const o = await overflow(page);
  assert.ok(o.scroll <= o.w, `scrollWidth ${o.scroll} > ${o.w}: ${o.out.join(', ')}`);
  assert.deepEqual(bad, []);
  await page.close();
});

test('at 390 px the Rules section of a custom 12×12 game does not overflow', async () => {
  const ini = '[big:chess]\nmaxRank = 12\nmaxFile = l\nstartFen = rnbqkbnrrnbq/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/RNBQKBNRRNBQ w - - 0 1\ncastling = false\n';
  const g = await api('POST', '/api/games', { variant: 'big', ini, opponent: { type: 'human' } });
  const page = await newPage(390, 844);
  const bad = watch(page);
  await page.goto(ctx.base + g.seatUrl);
  await page.waitForFunction(() => window.__hr?.state);
  await page.waitForTimeout(1500);
  const o = await overflow(page);
  assert.ok(o.scroll <= o.w, `scrollWidth ${o.scroll} > ${o.w}: ${o.out.join(', ')}`);
  assert.deepEqual(bad, []);
  await page.close();
});

test('at 390 px the opened Rules section of catalogue games (big, irregular, drop boards) does not overflow; no page error', async () => {
  const page = await newPage(390, 844);
  const bad = watch(page);
  let seen = 0;
  for (const variant of ['grand', 'xiangqi', 'shogi', 'janggi', 'shaolinking', 'coregal', 'ataxx', 'omicron', 'crazyhouse']) {
    let g;
    try {
      g = await api('POST', '/api/games', { variant, opponent: { type: 'human' } });
    } catch (e) {
      continue; // not in this catalogue
    }
    await page.goto(ctx.base + g.seatUrl);
    await page.waitForFunction(() => window.__hr?.state);
    await page.locator('#rules-panel > summary').click();
    await page.waitForFunction(() => document.querySelectorAll('#rules-win li').length > 0 && document.querySelector('#rules-body .legend, #rules-body [class*="legend"]'), null, { timeout: 10000 });
    await page.waitForTimeout(200);
    const o = await overflow(page);
    assert.ok(o.scroll <= o.w, `${variant}: scrollWidth ${o.scroll} > ${o.w}: ${o.out.join(', ')}`);
    seen++;
  }
  assert.ok(seen >= 7, `${seen} variants shown`);
  assert.deepEqual(bad, []);
  await page.close();
});

test('a share link that is not a block, a ?from= game that does not exist: a message, no page error', async () => {
  const page = await newPage(1200, 900);
  const bad = watch(page);
  await page.goto(ctx.base + '/custom#ini=%%%not-base64%%%');
  await page.waitForFunction(() => document.querySelector('#ini'));
  await page.waitForTimeout(500);
  await page.goto(ctx.base + '/custom?from=doesnotexist');
  await page.waitForFunction(() => /Could not load/.test(document.body.textContent ?? ''), null, { timeout: 10000 });
  assert.deepEqual(bad.filter((b) => !b.startsWith('404')), []);
  await page.close();
});

test('the whole of Fairy-Stockfish\'s variants.ini pasted: a child section plays with its parents, a bad one is marked on its line', async () => {
  const { readFileSync, existsSync } = await import('node:fs');
  const { join, dirname } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'testdata', 'variants', 'fairy-stockfish-variants.ini');
  if (!existsSync(file)) return;
  const text = readFileSync(file, 'utf8');
  const page = await newPage(1200, 900);
  const bad = watch(page);
  await page.goto(ctx.base + '/custom');
  await paste(page, text);
  await page.waitForFunction(() => document.querySelectorAll('#section option').length > 100, null, { timeout: 15000 });
  // gale inherits from snort, which inherits from ataxx (built in)
  await page.selectOption('#section', 'gale');
  await page.waitForFunction(() => /^✓ gale/.test(document.querySelector('.verdict')?.textContent ?? ''), null, { timeout: 15000 });
  assert.ok(!(await page.locator('#play').isDisabled()));
  // rookmate's startFen does not set up: ✗, marked on its line of the whole file
  const line = text.split('\n').findIndex((l) => l.startsWith('startFen = rnbqcbnk')) + 1;
  await page.selectOption('#section', 'rookmate');
  await verdict(page, '✗');
  await page.waitForFunction((l) => document.querySelector(`.ini-problem[data-line="${l}"]`), line, { timeout: 10000 });
  assert.ok(await page.locator('#play').isDisabled());
  assert.deepEqual(bad, []);
  await page.close();
});

test('a text over the server\'s 8 KiB: long comments are left out, a section too large says so (not "the body is over the limit")', async () => {
  const page = await newPage(1200, 900);
  const bad = watch(page);
  await page.goto(ctx.base + '/custom');
  const comments = Array.from({ length: 300 }, (_, i) => `# comment line ${i} ` + 'x'.repeat(40)).join('\n') + '\n';
  // 15 KB of comments inside the section: checked without them, plays
  await paste(page, '[tiny:chess]\n' + comments + 'maxRank = 6\nmaxFile = f\nstartFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\ncastling = false\n');
  let v = await verdict(page, '✓');
  assert.match(v, /tiny: 6×6/);
  assert.ok(!(await page.locator('#play').isDisabled()));
  // a mistake after the comments is marked on its line of the whole text
  await paste(page, '[tiny:chess]\n' + comments + 'maxRank = 6\nfooBar = 1\n');
  await verdict(page, '✗');
  await page.waitForFunction(() => document.querySelector('.ini-problem[data-line="303"]'), null, { timeout: 10000 });
  // comments only: no section
  await paste(page, comments);
  v = await verdict(page, '✗ no [section]');
  // a section of 9 KB of keys: too large, said in words
  await paste(page, '[huge:chess]\n' + Array.from({ length: 400 }, (_, i) => `customPiece${(i % 25) + 1} = a:${'W'.repeat(10)}`).join('\n') + '\n');
  v = await verdict(page, '✗ section huge is too large');
  assert.doesNotMatch(v, /body is over/);
  assert.ok(await page.locator('#play').isDisabled());
  assert.deepEqual(bad, []);
  await page.close();
});
