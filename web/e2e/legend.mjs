// The piece legend and the Rules section (issue 44): for capablanca, shogi
// and spartan games against the computer, every piece on the board has a
// legend entry, and each entry's diagram (read from the DOM) is what the
// engine computes from the diagram's centre square — asked independently
// here by running the server binary (`houserules moves --fsf --variant V --fen F`
// on the diagram's lone-piece FEN, read as Fairy-Stockfish reads it: a diagram is no game position). A house-rule game shows the rule's
// display name and description; the home page shows the picked variant's
// pieces. Screenshot: docs/legend.png.
// Run with web/e2e/run.sh, or from web/:
// CHROMIUM=/usr/bin/chromium HOUSERULES_BIN=… node --test e2e/legend.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, ctx, newPage, shot, start, stop, waitState } from './lib.mjs';

const run = promisify(execFile);
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

before(start);
after(stop);

// engineMoves runs `houserules moves` and answers the target squares of
// the moves from square from (drops aside).
async function engineMoves(variant, fen, from) {
  const bin = process.env.HOUSERULES_BIN;
  assert.ok(bin, 'HOUSERULES_BIN must name the server binary (run.sh sets it)');
  const { stdout } = await run(bin, ['moves', '--fsf', '--variant', variant, '--fen', fen]);
  const out = new Set();
  for (const line of stdout.split('\n')) {
    const m = line.trim().match(/^([a-l]\d+)([a-l]\d+)/);
    if (m && m[1] === from && m[2] !== from) out.add(m[2]);
  }
  return [...out].sort();
}

// withPiece edits a FEN's board: letter ch on square sq (empty before).
function withPiece(fen, sq, ch) {
  const [board, ...rest] = fen.split(' ');
  const pocketAt = board.indexOf('[');
  const rows = (pocketAt >= 0 ? board.slice(0, pocketAt) : board).split('/');
  const pocket = pocketAt >= 0 ? board.slice(pocketAt) : '';
  const r = rows.length - 1 - (parseInt(sq.slice(1), 10) - 1);
  const cells = [];
  for (const m of rows[r].matchAll(/(\d+)|([^\d])/g)) {
    if (m[1]) for (let i = 0; i < +m[1]; i++) cells.push('.');
    else cells.push(m[2]);
  }
  const f = sq.charCodeAt(0) - 97;
  if (cells[f] !== '.') return null;
  cells[f] = ch;
  rows[r] = cells.join('').replace(/\.+/g, (s) => String(s.length));
  return [rows.join('/') + pocket, ...rest].join(' ');
}

// openRules creates a game against the computer and opens its Rules section.
async function openRules(body, width = 1400) {
  const r = await api('POST', '/api/games', { side: 'white', opponent: { type: 'ai', level: 1 }, ...body });
  assert.ok(r.id, JSON.stringify(r));
  const page = await newPage(width, 900);
  await page.goto(ctx.base + r.seatUrl);
  await waitState(page, 's.you === "white"');
  await page.click('#rules-panel > summary');
  await page.waitForSelector('#rules-panel[data-loaded] .legend-piece');
  return { page, id: r.id };
}

// readLegend reads every entry of the legend from the DOM.
const readLegend = (page, root = '#rules-panel') => page.evaluate((root) => [...document.querySelectorAll(root + ' .legend-piece')].map((e) => {
  const dg = e.querySelector('.dg');
  const img = e.querySelector('.legend-head > piece');
  return {
    letter: e.dataset.letter,
    name: e.dataset.name,
    fen: dg?.dataset.fen,
    from: dg?.dataset.from,
    image: img ? getComputedStyle(img).backgroundImage : 'none',
    imageBox: img ? img.getBoundingClientRect().width : 0,
    diagramPiece: dg?.querySelector('piece.dg-piece') ? getComputedStyle(dg.querySelector('piece.dg-piece')).backgroundImage : 'none',
    marks: [...(dg?.querySelectorAll('[data-kind]') ?? [])].map((m) => ({ sq: m.getAttribute('data-square'), kind: m.getAttribute('data-kind'), hop: m.hasAttribute('data-hop') })),
  };
}), root);

for (const variant of ['capablanca', 'shogi', 'spartan']) {
  test(`${variant}: every piece on the board has a legend entry whose diagram is the engine's moves`, async () => {
    const { page, id } = await openRules({ variant });
    const legend = await readLegend(page);
    const rules = await api('GET', `/api/games/${id}/rules`);
    assert.equal(legend.length, rules.legend.length, 'one entry per piece type of the rules');
    const byLetter = new Map(legend.map((p) => [p.letter, p]));
    // the letters of the pieces on the board (and in the pockets): a
    // promoted piece's role is "p" + its letter
    await page.waitForFunction(() => document.querySelectorAll('#board piece').length > 0);
    const roles = await page.evaluate(() => [...document.querySelectorAll('#board piece, .pocket piece')]
      .map((p) => [...p.classList].find((c) => c.endsWith('-piece'))).filter(Boolean));
    assert.ok(roles.length >= 16, `pieces on the board: ${roles.length}`);
    for (const role of new Set(roles)) {
      const l = role.replace(/-piece$/, '');
      const letter = byLetter.has(l) ? l : l.length === 2 && l[0] === 'p' ? l[1] : l;
      assert.ok(byLetter.has(letter), `${variant}: no legend entry for the board's ${role}`);
    }
    for (const p of legend) {
      const what = `${variant} ${p.letter} (${p.name})`;
      assert.notEqual(p.image, 'none', `${what}: the legend shows the piece's image`);
      assert.ok(p.imageBox > 10, `${what}: the image has a size`);
      assert.notEqual(p.diagramPiece, 'none', `${what}: the diagram shows the piece`);
      assert.ok(p.fen && p.from, `${what}: the diagram has its FEN and square`);
      const api = rules.legend.find((x) => x.letter === p.letter);
      // move squares = the engine's moves from the centre square
      const moves = p.marks.filter((m) => m.kind === 'move' || m.kind === 'both').map((m) => m.sq).sort();
      const engine = await engineMoves(variant, p.fen, p.from);
      assert.deepEqual(moves, engine, `${what}: diagram moves vs \`houserules moves --variant ${variant} --fen "${p.fen}"\` from ${p.from}`);
      assert.ok(moves.length > 0, `${what}: it moves`);
      // captures: the first capture square is taken with a black piece
      // there; a move-only square is not
      const caps = p.marks.filter((m) => m.kind === 'capture' || m.kind === 'both');
      assert.ok(caps.length > 0, `${what}: it captures somewhere`);
      for (const sq of [caps[0].sq, caps[caps.length - 1].sq]) {
        const fen = withPiece(p.fen, sq, api.diagram.captureWith);
        assert.ok(fen, `${what}: ${sq} is empty in the diagram's FEN`);
        assert.ok((await engineMoves(variant, fen, p.from)).includes(sq), `${what}: capture on ${sq} (${fen})`);
      }
      const quietOnly = p.marks.find((m) => m.kind === 'move');
      if (quietOnly) {
        const fen = withPiece(p.fen, quietOnly.sq, api.diagram.captureWith);
        assert.ok(!(await engineMoves(variant, fen, p.from)).includes(quietOnly.sq), `${what}: ${quietOnly.sq} is marked move only, but the engine captures there (${fen})`);
      }
      // initial squares: the moves from the initial square at the same offset
      const initial = p.marks.filter((m) => m.kind === 'initial');
      if (initial.length) {
        const d = api.diagram;
        const from0 = await engineMoves(variant, d.initialFen, d.initialFrom);
        const off = (a, b) => [a.charCodeAt(0) - b.charCodeAt(0), parseInt(a.slice(1), 10) - parseInt(b.slice(1), 10)];
        for (const m of initial) {
          const [df, dr] = off(m.sq, p.from);
          const t = String.fromCharCode(d.initialFrom.charCodeAt(0) + df) + (parseInt(d.initialFrom.slice(1), 10) + dr);
          assert.ok(from0.includes(t), `${what}: initial ${m.sq}: no move ${d.initialFrom}${t} in ${d.initialFen}`);
          assert.ok(!moves.includes(m.sq), `${what}: ${m.sq} is both a move and an initial square`);
        }
      }
    }
    // named pieces of each variant, with their real movement
    if (variant === 'shogi') {
      const gold = byLetter.get('g');
      assert.deepEqual(gold.marks.map((m) => m.sq).sort(), ['d5', 'd6', 'e4', 'e6', 'f5', 'f6']);
      assert.deepEqual(byLetter.get('l').marks.map((m) => m.sq).sort(), ['e6', 'e7', 'e8', 'e9']);
    }
    if (variant === 'capablanca') {
      const pawn = byLetter.get('p');
      assert.deepEqual(pawn.marks.map((m) => `${m.sq}:${m.kind}`).sort(), ['e5:capture', 'f5:move', 'f6:initial', 'g5:capture']);
      const keyKinds = await page.$$eval('#rules-panel .dg-key li', (l) => l.map((e) => e.dataset.kind));
      assert.deepEqual(keyKinds, ['move', 'capture', 'both', 'initial'], 'the key explains the marks used');
      await page.setViewportSize({ width: 1400, height: 1400 });
      const panel = page.locator('#rules-panel');
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: join(repo, 'docs', 'legend.png') });
    }
    if (variant === 'spartan') {
      const hoplite = byLetter.get('h');
      assert.deepEqual(hoplite.marks.map((m) => `${m.sq}:${m.kind}`).sort(), ['c6:initial', 'd5:move', 'e5:capture', 'f5:move', 'g6:initial']);
    }
    await shot(page, `legend-${variant}`);
    await page.context().close();
  });
}

test('a house-rule game names its rules in the Rules section', async () => {
  const { page } = await openRules({ variant: 'chess', presets: 'piece-hp' }, 900);
  const names = await page.$$eval('#rules-house li .rules-house-name', (l) => l.map((e) => e.textContent));
  assert.deepEqual(names, ['Hit Points']);
  const li = await page.textContent('#rules-house li[data-preset="piece-hp"]');
  assert.match(li, /Hit Points: .{20,}/, 'the description follows the name');
  const win = await page.$$eval('#rules-win li', (l) => l.map((e) => e.textContent));
  assert.ok(win.includes('Checkmate the enemy king to win.'), win.join(' | '));
  assert.match(await page.textContent('#rules-summary'), /Chess/);
  assert.equal(await page.locator('#rules-panel .legend-piece').count(), 6);
  // the open section does not push the page sideways
  const docWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(docWidth <= 900, `the page is ${docWidth}px wide`);
  await shot(page, 'legend-rules-900');
  await page.context().close();
});

test('the home page shows the pieces of the variant picked', async () => {
  const page = await newPage(1200, 900);
  await page.goto(ctx.base + '/');
  await page.waitForSelector('#variant option', { state: 'attached' });
  await page.selectOption('#variant', 'shogi');
  await page.waitForSelector('#verdict.ok');
  await page.click('#variant-pieces > summary');
  await page.waitForSelector('#variant-pieces .legend-piece[data-letter="g"]');
  const legend = await readLegend(page, '#variant-pieces');
  const check = await api('POST', '/api/rulesets/check', { variant: 'shogi' });
  assert.deepEqual(legend.map((p) => p.letter), check.legend.map((p) => p.letter));
  for (const p of legend) assert.notEqual(p.image, 'none', `${p.letter}: image`);
  // another variant replaces the list
  await page.selectOption('#variant', 'capablanca');
  await page.waitForSelector('#variant-pieces .legend-piece[data-letter="c"]');
  assert.deepEqual((await readLegend(page, '#variant-pieces')).map((p) => p.letter), ['p', 'n', 'b', 'r', 'q', 'a', 'c', 'k']);
  await page.context().close();
});
