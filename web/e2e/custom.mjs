// Browser tests of the custom variant page (/custom, custom.ts): seed 002's
// Shaolin King block pasted, checked live, previewed and played (the
// Shaolin master flips form); a block with an unknown key shows the line
// and cannot be played; the #ini= share link and /custom?from=<id> bring
// the block back; the catalogue's Shaolin King plays from the picker.
// Screenshots: web/e2e/output/custom-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, ctx, newPage, playByClicks, shot, start, state, stop, waitState } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
// ../shared from the repository root (the worktree sits in /work)
const seeds = join(here, '..', '..', '..', 'shared', 'seeds');
let block = null;
if (existsSync(seeds)) {
  const f = readdirSync(seeds).find((n) => n.startsWith('002_') && n.endsWith('.txt'));
  if (f) {
    const text = readFileSync(join(seeds, f), 'utf8');
    const i = text.indexOf('Fairy-Stockfish rules');
    if (i >= 0) block = text.slice(i + 'Fairy-Stockfish rules'.length).trim() + '\n';
  }
}
const noSeed = block ? false : `no Shaolin King block: ${seeds}/002_*.txt is absent (the seeds live outside the repository, in ../shared)`;

before(start);
after(stop);

// pasteBlock puts text in the editor as a paste would (an input event).
async function pasteBlock(page, text) {
  await page.locator('#ini').fill(text);
}

// previewPieces counts the pieces on the preview board, once drawn.
async function previewPieces(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll('#preview-board piece:not(.ghost)').length === n, n, { timeout: 10000 });
  return page.locator('#preview-board piece:not(.ghost)').count();
}

// the class of the board's piece element on a square (white's view)
async function pieceClassOn(page, sq) {
  return page.evaluate((sq) => {
    const cg = window.__hr.cg;
    const s = window.__hr.state;
    const bounds = cg.state.dom.bounds();
    const x = sq.charCodeAt(0) - 97, y = s.ranks - parseInt(sq.slice(1), 10);
    // not a piece chessground is fading out (the square's previous piece, mid-animation)
    for (const p of document.querySelectorAll('#board piece:not(.fading)')) {
      const r = p.getBoundingClientRect();
      const cx = r.left + r.width / 2 - bounds.left, cy = r.top + r.height / 2 - bounds.top;
      if (Math.floor(cx / (bounds.width / s.files)) === x && Math.floor(cy / (bounds.height / s.ranks)) === y) return p.className;
    }
    return null;
  }, sq);
}

// boardAt is the FEN board field's piece on a square ("+K", "K", "p" …).
function boardAt(board, sq) {
  const rows = board.split('/');
  const row = rows[rows.length - parseInt(sq.slice(1), 10)];
  let f = 0;
  const want = sq.charCodeAt(0) - 97;
  for (let i = 0; i < row.length; i++) {
    let c = row[i];
    if (/\d/.test(c)) {
      let n = c;
      while (/\d/.test(row[i + 1] ?? '')) n += row[++i];
      f += parseInt(n, 10);
      continue;
    }
    if (c === '+') c += row[++i];
    if (f === want) return c;
    f++;
  }
  return '';
}

test('custom: the seed\'s Shaolin King block checks, previews 32 pieces, plays, and the master flips form', { skip: noSeed }, async () => {
  const page = await newPage(1300, 1000);
  await page.goto(ctx.base + '/');
  await page.click('#custom-link');
  await page.waitForURL(/\/custom$/);
  await pasteBlock(page, block);
  await page.waitForSelector('#custom-verdict.ok');
  assert.match(await page.textContent('#custom-verdict'), /shaolinking: 8×8, 7 piece types/);
  assert.equal(await previewPieces(page, 32), 32);
  assert.equal(await page.locator('#preview-board piece.k-piece.white').count(), 1);
  assert.equal(await page.locator('#ini-problems li').count(), 0);
  // the piece table: the master's two forms, k (Q) and g (pQ)
  assert.equal(await page.textContent('#piece-table tr[data-letter="k"] code'), 'Q');
  assert.equal(await page.textContent('#piece-table tr[data-letter="g"] code'), 'pQ');
  assert.match(await page.textContent('#piece-table tr[data-letter="k"]'), /promoted: G/);
  assert.equal(await page.isVisible('#section'), false, 'one section: no section picker');
  assert.equal(await page.isEnabled('#play'), true);
  // chess960 = true: the start is offered, the block's own by default
  assert.equal(await page.isVisible('#start'), true);
  assert.equal(await page.inputValue('#start'), 'standard');
  await shot(page, 'custom-shaolin-preview');

  await page.check('#custom-opp-ai');
  await page.click('#play');
  await page.waitForURL(/\/g\//);
  let s = await waitState(page, 's.you === "white" && s.turn === "white"');
  assert.equal(s.variant, 'shaolinking');
  assert.equal(s.custom, true);
  assert.equal(s.board, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
  assert.match(await page.textContent('#custom-chip'), /custom: shaolinking/);
  const id = s.id;

  await playByClicks(page, 'e2e4');
  s = await waitState(page, 's.ply >= 2 && s.turn === "white" && !s.aiThinking');
  const master = s.legal.find((m) => m.from === 'e1' && m.to === 'e2');
  assert.ok(master, 'the master may go to e2: ' + s.legal.map((m) => m.uci).join(' '));
  assert.equal(master.uci, 'e1e2+', 'the master\'s move is its flip (a promotion)');
  assert.equal(boardAt(s.board, 'e1'), 'K');
  const before = await pieceClassOn(page, 'e1');
  assert.match(before, /\bk-piece\b/);
  await playByClicks(page, 'e1e2');
  s = await waitState(page, 's.ply >= 3');
  assert.equal(s.moves[2].uci, 'e1e2+');
  assert.equal(boardAt(s.moves[2].fen.split(' ')[0], 'e2'), '+K', 'the master on e2 is in its other form (+K = g)');
  await page.waitForFunction(() => [...document.querySelectorAll('#board piece')].some((p) => /\bpk-piece\b/.test(p.className)), null, { timeout: 5000 });
  const after = await pieceClassOn(page, 'e2');
  assert.match(after, /\bpk-piece\b/, 'the piece element on e2 is the other form: ' + after);
  assert.notEqual(after, before);
  // and it is drawn as the other form: the image of g (customPiece3, pQ), not of k
  const images = await page.evaluate(() => {
    const img = (cls) => { const p = document.createElement('piece'); p.className = cls; document.body.append(p); const b = getComputedStyle(p).backgroundImage; p.remove(); return b; };
    return { pk: img('pk-piece white'), g: img('g-piece white'), k: img('k-piece white') };
  });
  assert.equal(images.pk, images.g);
  assert.notEqual(images.pk, images.k);
  await shot(page, 'custom-shaolin-flipped');

  // "View / reuse this variant" loads the block from the room
  await page.click('#custom-reuse');
  await page.waitForURL(/\/custom\?from=/);
  await page.waitForSelector('#custom-verdict.ok');
  assert.equal(await page.inputValue('#ini'), block);
  assert.equal(await page.inputValue('#section'), 'shaolinking');
  // and so does a fresh page at /custom?from=<id>
  const page2 = await newPage();
  await page2.goto(ctx.base + '/custom?from=' + id);
  await page2.waitForSelector('#custom-verdict.ok');
  assert.equal(await page2.inputValue('#ini'), block);
  assert.equal(await previewPieces(page2, 32), 32);
  // the stored game keeps the block (GET /api/games/{id})
  const g = await api('GET', '/api/games/' + id);
  assert.equal(g.ini, block);
});

test('custom: an unknown key shows its line and the block cannot be played', { skip: noSeed }, async () => {
  const page = await newPage(1300, 1000);
  await page.goto(ctx.base + '/custom');
  const lines = block.split('\n');
  const at = lines.findIndex((l) => l.startsWith('nMoveRule')) + 1; // 0-based index of the next line
  lines.splice(at, 0, 'fooBar = 1');
  await pasteBlock(page, lines.join('\n'));
  const line = at + 1;
  await page.waitForSelector('#custom-verdict.bad');
  const verdict = await page.textContent('#custom-verdict');
  assert.match(verdict, new RegExp(`unknown option fooBar \\(custom\\.ini:${line}\\)`));
  assert.equal(await page.textContent(`#ini-problems li[data-line="${line}"] a`), `Line ${line}`);
  assert.match(await page.textContent(`#ini-problems li[data-line="${line}"]`), /unknown option fooBar/);
  assert.equal(await page.getAttribute(`#ini-gutter .ln.bad`, 'data-line'), String(line));
  assert.equal(await page.locator('#ini-gutter .ln.bad').count(), 1);
  assert.equal(await page.isDisabled('#play'), true);
  assert.equal(await page.locator('#preview-board piece:not(.ghost)').count(), 0);
  // the server's report is the one `houserules check` prints
  assert.match(await page.textContent('#ini-report'), new RegExp(`^error shaolinking: unknown option fooBar \\(custom\\.ini:${line}\\)`));
  // a click on the line selects it in the editor
  await page.click(`#ini-problems li[data-line="${line}"] a`);
  const sel = await page.evaluate(() => { const t = document.getElementById('ini'); return t.value.slice(t.selectionStart, t.selectionEnd); });
  assert.equal(sel, 'fooBar = 1');
  await shot(page, 'custom-error-line');
  // fixing it enables Play again
  await pasteBlock(page, block);
  await page.waitForSelector('#custom-verdict.ok');
  assert.equal(await page.isEnabled('#play'), true);
  assert.equal(await page.locator('#ini-gutter .ln.bad').count(), 0);
});

test('custom: the #ini= link reproduces the block; several sections give a picker; a too long block is refused', { skip: noSeed }, async () => {
  const page = await newPage(1300, 1000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(ctx.base + '/custom');
  const two = block + '\n[tinyhouse:crazyhouse]\nmaxRank = 6\nmaxFile = 6\nstartFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR[] w - - 0 1\ncastling = false\ndoubleStep = false\npromotionRegionWhite = *6\npromotionRegionBlack = *1\n';
  await pasteBlock(page, two);
  await page.waitForSelector('#custom-verdict.ok');
  assert.equal(await page.isVisible('#section'), true);
  assert.deepEqual(await page.locator('#section option').evaluateAll((o) => o.map((x) => x.value)), ['shaolinking', 'tinyhouse']);
  await page.selectOption('#section', 'tinyhouse');
  await page.waitForFunction(() => /tinyhouse: 6×6/.test(document.getElementById('custom-verdict').textContent));
  assert.equal(await previewPieces(page, 24), 24);
  assert.equal(await page.isVisible('#pocket-top'), true, 'a variant with pockets shows them in the preview');
  await page.click('#copy-link');
  const url = await page.inputValue('#share-link');
  assert.match(url, /\/custom#ini=[A-Za-z0-9_-]+&variant=tinyhouse$/);
  // a fresh page from the link has the same block and section
  const page2 = await newPage();
  await page2.goto(url);
  await page2.waitForSelector('#custom-verdict.ok');
  assert.equal(await page2.inputValue('#ini'), two);
  assert.equal(await page2.inputValue('#section'), 'tinyhouse');
  // a block too long for a link: a clear message, no link
  await pasteBlock(page2, two + '\n# ' + 'x'.repeat(9000) + '\n');
  await page2.waitForSelector('#custom-verdict.ok');
  await page2.click('#copy-link');
  assert.equal(await page2.inputValue('#share-link'), '');
  assert.match(await page2.textContent('#share-note'), /too long for a link \(\d+ characters, at most 8000\)/);
});

test('custom: a file too large to send whole (picked with the file picker) is checked and played by its section, lines as in the file', { skip: noSeed }, async () => {
  const page = await newPage(1300, 1000);
  await page.goto(ctx.base + '/custom');
  const lines = block.split('\n');
  const at = lines.findIndex((l) => l.startsWith('nMoveRule')) + 1;
  lines.splice(at, 0, 'fooBar = 1');
  const filler = '[filler:chess]\n' + Array.from({ length: 120 }, (_, i) => `# filler line ${i} ${'x'.repeat(60)}`).join('\n') + '\n';
  const big = filler + lines.join('\n');
  const line = filler.split('\n').length - 1 + at + 1; // fooBar's line in the whole file
  await page.setInputFiles('#ini-file', { name: 'big.ini', mimeType: 'text/plain', buffer: Buffer.from(big) });
  await page.waitForFunction(() => document.getElementById('ini').value.startsWith('[filler:chess]'));
  await page.selectOption('#section', 'shaolinking');
  await page.waitForSelector('#custom-verdict.bad');
  assert.equal(await page.isVisible('#custom-extract'), true);
  assert.match(await page.textContent('#custom-extract'), /section shaolinking and the sections it inherits from/);
  await page.waitForFunction((l) => /custom\.ini:(\d+)/.exec(document.getElementById('custom-verdict').textContent)?.[1] === String(l), line);
  assert.equal(await page.getAttribute('#ini-gutter .ln.bad', 'data-line'), String(line));
  assert.equal(await page.isDisabled('#play'), true);
  // without the bad key the section plays (the game stores the extract)
  await pasteBlock(page, filler + block);
  await page.waitForSelector('#custom-verdict.ok');
  assert.deepEqual(await page.locator('#section option').evaluateAll((o) => o.map((x) => x.value)), ['filler', 'shaolinking']);
  await page.selectOption('#section', 'shaolinking');
  await page.waitForFunction(() => /shaolinking: 8×8/.test(document.getElementById('custom-verdict').textContent));
  await page.check('#custom-opp-human');
  await page.click('#play');
  await page.waitForURL(/\/g\//);
  const s = await waitState(page, 's.variant === "shaolinking"');
  const g = await api('GET', '/api/games/' + s.id);
  assert.equal(g.ini, block, 'the game stores the section cut out of the file');
});

test('custom: the preview draws any board: a xiangqi child on intersections, a section named like a built-in cannot be played', async () => {
  const page = await newPage(1300, 1000);
  await page.goto(ctx.base + '/custom');
  await pasteBlock(page, '[myxq:xiangqi]\n');
  await page.waitForSelector('#custom-verdict.ok');
  assert.equal(await previewPieces(page, 32), 32);
  assert.equal(await page.locator('#preview-board.geo-intersections').count(), 1);
  const box = await page.locator('#preview-board cg-board').boundingBox();
  assert.ok(Math.abs(box.width / box.height - 9 / 10) < 0.02, `9×10 board: ${box.width}×${box.height}`);
  await shot(page, 'custom-xiangqi-preview');
  // [chess] is Fairy-Stockfish's own: the section is skipped, so it may not be played as chess
  await pasteBlock(page, '[chess]\nmaxRank = 7\n');
  await page.waitForSelector('#custom-verdict.bad');
  assert.match(await page.textContent('#custom-verdict'), /"chess" is built in.*\(custom\.ini:1\)/);
  assert.equal(await page.isDisabled('#play'), true);
  assert.equal(await page.getAttribute('#ini-gutter .ln.bad', 'data-line'), '1');
});

test('custom: the catalogue\'s Shaolin King plays from the picker (a move and the AI\'s reply)', async () => {
  const page = await newPage();
  await page.goto(ctx.base + '/');
  await page.waitForSelector('#variant option', { state: 'attached' });
  const group = await page.locator('#variant option[value="shaolinking"]').evaluate((o) => o.parentElement.label);
  assert.equal(group, 'Community variants');
  await page.selectOption('#variant', 'shaolinking');
  await page.waitForSelector('#verdict.ok');
  await page.check('#opp-ai');
  await page.click('#create');
  await page.waitForURL(/\/g\//);
  let s = await waitState(page, 's.you === "white" && s.turn === "white"');
  assert.equal(s.variant, 'shaolinking');
  assert.equal(s.custom, undefined);
  assert.equal(s.board, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
  await playByClicks(page, 'd2d4');
  s = await waitState(page, 's.ply >= 2 && !s.aiThinking');
  assert.equal(s.moves[0].uci, 'd2d4');
  assert.equal(s.moves[1].by, 'black');
  assert.equal((await state(page)).status, 'active');
});
