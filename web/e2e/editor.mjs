// Browser tests of the board editor (/editor) and the home page's recent
// games. Run with web/e2e/run.sh, or from web/:
// CHROMIUM=/usr/bin/chromium HOUSERULES_BIN=… node --test e2e/editor.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, catalogue, ctx, newPage, playByClicks, start, stop, waitState } from './lib.mjs';

before(start);
after(stop);

// ed is the editor's test hook (window.__editor) without the board API.
const ed = (page) => page.evaluate(() => ({ fen: window.__editor.fen(), valid: window.__editor.valid, error: window.__editor.error, check: window.__editor.check }));

// waitValid waits for the engine's verdict on the editor's position.
async function waitValid(page, want) {
  await page.waitForFunction((w) => window.__editor?.valid === w, want, { timeout: 15000 });
  return ed(page);
}

// edSquare is the page position of a square's centre on the editor's board.
async function edSquare(page, sq) {
  const { files, ranks, orient } = await page.evaluate(() => {
    const s = window.__editor.cg.state;
    return { files: s.dimensions.width, ranks: s.dimensions.height, orient: s.orientation };
  });
  const box = await page.locator('#board cg-board').boundingBox();
  let x = sq.charCodeAt(0) - 97, y = ranks - parseInt(sq.slice(1), 10);
  if (orient === 'black') { x = files - 1 - x; y = ranks - 1 - y; }
  return [box.x + (x + 0.5) * box.width / files, box.y + (y + 0.5) * box.height / ranks];
}

// pieceAt is the piece chessgroundx shows on a square ("K", "r" …) or "".
const RANKS = '123456789:;<=>?@';
const pieceAt = (page, sq) => page.evaluate((key) => {
  const p = window.__editor.cg.state.boardState.pieces.get(key);
  if (!p) return '';
  const l = p.role.slice(0, p.role.indexOf('-'));
  return p.color === 'white' ? l.toUpperCase() : l;
}, sq[0] + RANKS[parseInt(sq.slice(1), 10) - 1]);

// place clicks a palette piece, then a square
async function place(page, id, sq) {
  await page.click('#' + id);
  await page.mouse.click(...await edSquare(page, sq));
  await settle(page);
}

// settle lets chessgroundx's change event run: it calls it on a timer after
// the board changed (so a check right after an edit would read the page
// before the editor saw the edit).
const settle = (page) => page.evaluate(() => new Promise((r) => setTimeout(r, 30)));

// dragTo drags a palette piece (or a board square's piece) onto a square.
async function dragTo(page, from, sq) {
  const [fx, fy] = typeof from === 'string' && from.startsWith('#')
    ? await page.locator(from).boundingBox().then((b) => [b.x + b.width / 2, b.y + b.height / 2])
    : await edSquare(page, from);
  const [x, y] = await edSquare(page, sq);
  await page.mouse.move(fx, fy);
  await page.mouse.down();
  await page.mouse.move((fx + x) / 2, (fy + y) / 2, { steps: 5 });
  await page.mouse.move(x, y, { steps: 5 });
  await frames(page); // chessgroundx starts a drag on an animation frame
  await page.mouse.up();
  await settle(page);
}

// frames waits for two animation frames of the page.
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// boardPieces counts the piece elements chessgroundx drew on the board.
async function boardPieces(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll('#board cg-board piece:not(.ghost)').length === n, n, { timeout: 5000 });
}

test('chess: clear, place kings and a rook, validation, side to move, FEN both ways, play vs the computer, edit again', async () => {
  const page = await newPage();
  await page.goto(ctx.base + '/');
  await page.click('#setup-link');
  await page.waitForURL(/\/editor\?variant=chess/);
  let e = await waitValid(page, true);
  assert.equal(e.fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  assert.match(await page.textContent('#editor-verdict'), /white to move, 20 legal moves/);
  await boardPieces(page, 32);

  await page.click('#ed-clear');
  e = await waitValid(page, false);
  assert.match(e.error, /board: white has 0 kings/, 'the engine names the field and the fault');
  await boardPieces(page, 0);
  // a white king by clicks, the black king dragged from the palette
  await place(page, 'spare-white-k', 'e1');
  e = await waitValid(page, false);
  assert.equal(await pieceAt(page, 'e1'), 'K');
  assert.match(await page.textContent('#editor-verdict'), /✗ .*board: black has 0 kings/);
  assert.ok(await page.isDisabled('#play-ai'), 'no play while invalid');
  assert.ok(await page.isDisabled('#play-friend'));
  await dragTo(page, '#spare-black-k', 'e8');
  assert.equal(await pieceAt(page, 'e8'), 'k');
  await place(page, 'spare-white-r', 'a1');
  assert.equal(await pieceAt(page, 'a1'), 'R');
  e = await waitValid(page, true);
  assert.equal(e.fen, '4k3/8/8/8/8/8/8/R3K3 w - - 0 1');
  assert.equal(await page.isDisabled('#play-ai'), false);
  // a pawn on the first rank is refused, by the placement check
  await place(page, 'spare-white-p', 'h1');
  e = await waitValid(page, false);
  assert.match(e.error, /board: rank 1: white piece 'P' \(pawn\) on h1 could never get there/);
  await page.click('#tool-delete');
  await page.mouse.click(...await edSquare(page, 'h1'));
  assert.equal(await pieceAt(page, 'h1'), '');
  // black to move and White's O-O-O
  await page.click('#turn-black');
  await page.check('#castle-Q');
  assert.equal(await page.locator('#castle-K').count(), 0, 'no O-O without a kingside rook');
  e = await waitValid(page, true);
  assert.equal(await page.inputValue('#ed-fen'), '4k3/8/8/8/8/8/8/R3K3 b Q - 0 1');
  assert.equal(e.check.fen, '4k3/8/8/8/8/8/8/R3K3 b Q - 0 1');
  assert.match(await page.textContent('#editor-verdict'), /black to move, 5 legal moves/);
  // moving the rook off its square takes the right away
  await page.click('#tool-move');
  await dragTo(page, 'a1', 'a2');
  assert.equal(await pieceAt(page, 'a2'), 'R');
  await waitValid(page, true);
  assert.equal(await page.inputValue('#ed-fen'), '4k3/8/8/8/8/8/R7/4K3 b - - 0 1');

  // a pasted FEN: the board shows it
  const pasted = 'r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1';
  await page.fill('#ed-fen', pasted);
  await page.press('#ed-fen', 'Enter');
  e = await waitValid(page, true);
  await boardPieces(page, 4);
  assert.equal(await pieceAt(page, 'h1'), 'R');
  assert.equal(await pieceAt(page, 'a8'), 'r');
  assert.equal(await pieceAt(page, 'a2'), '');
  assert.ok(await page.isChecked('#turn-black'));
  assert.ok(await page.isChecked('#castle-K') && await page.isChecked('#castle-q'));
  // a broken FEN: the parser's message with the field
  await page.fill('#ed-fen', 'r3k3/8/8/8/8/8/8/4K2R x Kq - 0 1');
  await page.press('#ed-fen', 'Enter');
  e = await waitValid(page, false);
  assert.match(e.error, /side: "x" is not w or b/);
  await page.fill('#ed-fen', pasted);
  await page.press('#ed-fen', 'Enter');
  await waitValid(page, true);

  // play it vs the computer (as White: the AI moves first)
  await page.selectOption('#ed-side', 'white');
  await page.click('#play-ai');
  await page.waitForURL(/\/g\//);
  const s = await waitState(page, 's.moves.length >= 1');
  assert.equal(s.startFen, pasted, 'the game starts from the edited position');
  assert.equal(s.moves[0].by, 'black', 'the AI answered');
  assert.equal(s.you, 'white');
  // "Edit position" opens the editor with the game's position
  await page.click('#edit-position');
  await page.waitForURL(/\/editor\?/);
  e = await waitValid(page, true);
  assert.equal(await page.inputValue('#ed-fen'), s.fen);
});

test('crazyhouse: pocket editing, the FEN holds the pocket; play with a friend', async () => {
  const page = await newPage();
  await page.goto(ctx.base + '/editor?variant=crazyhouse');
  let e = await waitValid(page, true);
  assert.match(e.fen, /\[\] w KQkq - 0 1$/);
  assert.equal(await page.isVisible('#ed-pocket-white'), true);
  await page.click('#pocket-white-q-plus');
  await page.click('#pocket-black-n-plus');
  await page.click('#pocket-black-n-plus');
  assert.equal(await page.textContent('#pocket-black-n'), '2');
  await page.click('#pocket-black-n-minus');
  e = await waitValid(page, true);
  assert.equal(e.fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1');
  assert.equal(e.check.fen, e.fen, 'the engine reads the pocket');
  assert.deepEqual(e.check.pockets.white.find((x) => x.letter === 'q').count, 1);
  // a pasted FEN with the pocket as an extra rank
  await page.fill('#ed-fen', 'r3k3/8/8/8/8/8/8/4K3/RPp b - - 0 1');
  await page.press('#ed-fen', 'Enter');
  e = await waitValid(page, true);
  assert.equal(await page.textContent('#pocket-white-r'), '1');
  assert.equal(await page.textContent('#pocket-black-p'), '1');
  await page.click('#pocket-white-r-minus');
  e = await waitValid(page, true);
  assert.equal(e.fen, 'r3k3/8/8/8/8/8/8/4K3[Pp] b - - 0 1');
  await page.click('#play-friend');
  await page.waitForURL(/\/g\//);
  const s = await waitState(page, 's.you === "white"');
  assert.equal(s.startFen, 'r3k3/8/8/8/8/8/8/4K3[Pp] b - - 0 1');
  assert.equal(s.status, 'waiting');
  assert.equal(s.pockets.white.find((x) => x.letter === 'p').count, 1);
});

test('capablanca (10×8) and xiangqi (9×10, palaces): other boards', async () => {
  const page = await newPage();
  await page.goto(ctx.base + '/editor?variant=capablanca');
  let e = await waitValid(page, true);
  await boardPieces(page, 40);
  assert.equal(await page.evaluate(() => window.__editor.cg.state.dimensions.width), 10);
  assert.ok(await page.locator('#spare-white-a').count() && await page.locator('#spare-black-c').count(), 'archbishop and chancellor in the palette');
  await page.click('#ed-clear');
  await place(page, 'spare-white-k', 'f1');
  await place(page, 'spare-black-k', 'f8');
  await place(page, 'spare-white-a', 'j1');
  await place(page, 'spare-black-c', 'a8');
  assert.equal(await pieceAt(page, 'j1'), 'A');
  e = await waitValid(page, true);
  assert.equal(e.fen, 'c4k4/10/10/10/10/10/10/5K3A w - - 0 1');
  assert.equal(e.check.fen, e.fen);
  // flipped: Black's side at the bottom, squares still put where clicked
  await page.click('#ed-flip');
  assert.equal(await page.evaluate(() => window.__editor.cg.state.orientation), 'black');
  const [a8x, a8y] = await edSquare(page, 'a8');
  const [j1x, j1y] = await edSquare(page, 'j1');
  assert.ok(a8y > j1y && a8x > j1x, 'a8 at the bottom right');
  await place(page, 'spare-white-c', 'b1');
  assert.equal(await pieceAt(page, 'b1'), 'C');
  e = await waitValid(page, true);
  assert.equal(e.fen, 'c4k4/10/10/10/10/10/10/1C3K3A w - - 0 1');
  await page.click('#ed-flip');

  await page.selectOption('#ed-variant', 'xiangqi');
  e = await waitValid(page, true);
  assert.equal(await page.evaluate(() => window.__editor.cg.state.dimensions.height), 10);
  assert.equal(await page.getAttribute('#board', 'data-geometry'), 'intersections');
  await boardPieces(page, 32);
  assert.match(page.url(), /variant=xiangqi/);
  // the king out of its palace: refused by the engine
  await dragTo(page, 'e1', 'e5');
  assert.equal(await pieceAt(page, 'e5'), 'K');
  e = await waitValid(page, false);
  assert.match(e.error, /board: rank 5: white piece 'K' \(king\) on e5 stands outside the squares its type may go to/);
  await dragTo(page, 'e5', 'e2');
  e = await waitValid(page, true);
  // dragged off the board: removed
  const box = await page.locator('#board cg-board').boundingBox();
  const [x, y] = await edSquare(page, 'a1');
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + 150, y, { steps: 8 });
  await frames(page);
  await page.mouse.up();
  assert.equal(await pieceAt(page, 'a1'), '');
  await boardPieces(page, 31);
  // right-click empties a square
  await page.mouse.click(...await edSquare(page, 'i1'), { button: 'right' });
  assert.equal(await pieceAt(page, 'i1'), '');
  e = await waitValid(page, true);
  assert.match(e.fen, /^rnbakabnr\/9\/1c5c1\/p1p1p1p1p\/9\/9\/P1P1P1P1P\/1C5C1\/4K4\/1NBA1ABN1 w/);
});

test('fischerandom: castling rights by the rooks\' files, kept through edits', async () => {
  const page = await newPage();
  await page.goto(ctx.base + '/editor?variant=fischerandom');
  let e = await waitValid(page, true);
  assert.equal(await page.locator('#ed-chess960').count(), 0, 'no Chess960 switch: the variant always castles so');
  await page.fill('#ed-fen', '1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1');
  await page.press('#ed-fen', 'Enter');
  e = await waitValid(page, true);
  assert.equal(e.check.fen, '1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1');
  for (const l of ['G', 'B', 'g', 'b']) assert.ok(await page.isChecked('#castle-' + l), l);
  await page.uncheck('#castle-b');
  e = await waitValid(page, true);
  assert.equal(await page.inputValue('#ed-fen'), '1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBg - 0 1');
  assert.equal(e.check.fen, '1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBg - 0 1');
  // a rook moved off the castling rank takes its right with it
  await dragTo(page, 'g1', 'g3');
  // the field follows the board on the next check (a loaded machine may take a while)
  await page.waitForFunction((f) => document.querySelector('#ed-fen').value === f, '1r2k1r1/8/8/8/8/6R1/8/1R2K3 w Bg - 0 1', { timeout: 10000 })
    .catch(() => {});
  e = await waitValid(page, true);
  assert.equal(await page.inputValue('#ed-fen'), '1r2k1r1/8/8/8/8/6R1/8/1R2K3 w Bg - 0 1');
  // and the game starts from it with those rights
  await page.click('#play-friend');
  await page.waitForURL(/\/g\//);
  const s = await waitState(page, 's.you === "white"');
  assert.equal(s.startFen, '1r2k1r1/8/8/8/8/6R1/8/1R2K3 w Bg - 0 1');
});

test('every catalogue variant: the editor shows its start position, valid, on a board of its size with its pieces', async () => {
  const { playable } = await catalogue();
  const page = await newPage();
  await page.goto(ctx.base + '/editor?variant=chess');
  await waitValid(page, true);
  const bad = [];
  for (const v of playable) {
    // a fresh verdict for each (selectOption dispatches change even for the selected value)
    await page.evaluate(() => { window.__editor.check = null; window.__editor.valid = null; });
    await page.selectOption('#ed-variant', v.name);
    await page.waitForFunction((n) => window.__editor.valid !== null && window.__editor.check?.variant === n || window.__editor.valid === false, v.name, { timeout: 15000 }).catch(() => {});
    const e = await ed(page);
    const dims = await page.evaluate(() => window.__editor.cg?.state.dimensions);
    const spares = await page.locator('[id^="spare-white-"]').count();
    if (e.valid !== true || e.check?.variant !== v.name) bad.push(`${v.name}: ${e.error || 'no verdict'}`);
    else if (dims.width !== v.files || dims.height !== v.ranks) bad.push(`${v.name}: board ${dims.width}×${dims.height}, want ${v.files}×${v.ranks}`);
    else if (spares !== e.check.pieces.length) bad.push(`${v.name}: ${spares} white spare pieces for ${e.check.pieces.length} piece types`);
    else if (e.fen !== e.check.fen && e.check.castling.gating === false) bad.push(`${v.name}: the editor writes ${e.fen}, the engine ${e.check.fen}`);
  }
  assert.deepEqual(bad, []);
});

test('layout: at 390, 900 and 1400 px the editor fits the width, and board, palette and panel do not overlap', async () => {
  for (const w of [390, 900, 1400]) {
    const page = await newPage(w, 900);
    await page.goto(ctx.base + '/editor?variant=crazyhouse');
    await waitValid(page, true);
    const [sw, iw] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(sw <= iw, `${w}px: page ${sw}px wide`);
    const board = await page.locator('#board').boundingBox();
    const side = await page.locator('.editor-side').boundingBox();
    const spares = await page.locator('#palette-white').boundingBox();
    const apart = (a, b) => a.x + a.width <= b.x + 1 || b.x + b.width <= a.x + 1 || a.y + a.height <= b.y + 1 || b.y + b.height <= a.y + 1;
    assert.ok(apart(board, side), `${w}px: board and panel overlap`);
    assert.ok(apart(board, spares), `${w}px: board and spare pieces overlap`);
    assert.ok(board.width > 200, `${w}px: board ${board.width}px`);
    await page.context().close();
  }
});

test('a custom variant: its block from the URL or from sessionStorage', async () => {
  const ini = '[minipromodrop:minishogi]\ndropPromoted = true\n';
  const page = await newPage();
  await page.goto(ctx.base + '/editor?variant=minipromodrop&ini=' + encodeURIComponent(ini) + '&fen=' + encodeURIComponent('4k/1S3/5/5/K4[Ss] w - - 0 1'));
  let e = await waitValid(page, true);
  assert.equal(e.check.files, 5);
  assert.equal(e.fen, '4k/1S3/5/5/K4[Ss] w - - 0 1');
  assert.equal(await page.inputValue('#ed-variant'), 'minipromodrop');
  assert.match(page.url(), /ini=%40session/, 'the block moves to sessionStorage, the URL stays short');
  await page.reload();
  e = await waitValid(page, true);
  assert.equal(e.check.files, 5, 'read back from sessionStorage');
  await page.click('#play-ai');
  await page.waitForURL(/\/g\//);
  const s = await waitState(page, 's.you === "white"');
  assert.equal(s.variant, 'minipromodrop');
  assert.equal(s.startFen, '4k/1S3/5/5/K4[Ss] w - - 0 1');
});

// createByForm creates a game against the AI from the home page, plays
// e2e4 (a game without a move is not listed) and goes home again.
async function createByForm(page) {
  await page.goto(ctx.base + '/');
  await page.waitForSelector('#create:not([disabled])');
  await page.click('#create');
  await page.waitForURL(/\/g\//);
  const s = await waitState(page, 's.you === "white" && s.turn === "white" && s.status === "active"');
  await playByClicks(page, 'e2e4');
  await waitState(page, 's.ply >= 1');
  return s.id;
}

test('recent games: each browser lists its own games first, with its seat', async () => {
  const a = await newPage();
  const b = await newPage(); // another browser context: its own localStorage
  const a1 = await createByForm(a);
  const a2 = await createByForm(a);
  const b1 = await createByForm(b);
  // a game of neither, finished, newer than all
  const other = await api('POST', '/api/games', { variant: 'chess', opponent: { type: 'ai', level: 1 } });
  await api('POST', `/api/games/${other.id}/moves`, { move: 'f2f3' }, other.token);
  const rows = async (page) => {
    await page.goto(ctx.base + '/');
    await page.waitForSelector('#recent-games li[data-id]');
    await page.waitForFunction(() => [...document.querySelectorAll('#recent-games .your-seat')].every((x) => !x.textContent.includes('…')));
    return page.$$eval('#recent-games li[data-id]', (lis) => lis.map((li) => ({ id: li.dataset.id, own: li.classList.contains('own'), text: li.textContent })));
  };
  const ra = await rows(a);
  assert.deepEqual(ra.slice(0, 2).map((r) => r.id).sort(), [a1, a2].sort(), 'A lists its two games first');
  for (const r of ra.slice(0, 2)) {
    assert.ok(r.own);
    assert.match(r.text, /^Chess \(orthodox chess, FIDE rules\) in progress · \d+ pl(y|ies) · your seat: white$/);
  }
  for (const r of ra.slice(2)) assert.ok(!r.own && !r.text.includes('your seat'), r.text);
  assert.ok(ra.some((r) => r.id === b1) && ra.some((r) => r.id === other.id));
  const rb = await rows(b);
  assert.equal(rb[0].id, b1, 'B lists its game first');
  assert.match(rb[0].text, /your seat: white/);
  assert.ok(rb.slice(1).every((r) => !r.own));
  // an own game the server's recent list does not hold is fetched by ID:
  // 50 newer finished games push A's out of the list
  const ids = await api('GET', `/api/games?ids=${a1},${b1},nosuch`);
  assert.deepEqual(ids.games.map((g) => g.id), [a1, b1]);
  for (let i = 0; i < 50; i++) {
    const g = await api('POST', '/api/games', { variant: 'chess', fen: 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1', opponent: { type: 'ai', level: 1 } });
    assert.equal(g.state.status, 'over');
  }
  const list = await api('GET', '/api/games');
  assert.ok(!list.games.some((g) => g.id === a1 || g.id === a2), 'A\'s games are no longer among the 50 recent');
  const ra2 = await rows(a);
  assert.deepEqual(ra2.slice(0, 2).map((r) => r.id).sort(), [a1, a2].sort(), 'still listed first');
  assert.ok(ra2.slice(0, 2).every((r) => r.own && /your seat: white$/.test(r.text)));
  assert.match(ra2[2].text, /^Chess \(orthodox chess, FIDE rules\) 1-0 · 0 plies$/, 'a finished game of another: its result');
});
