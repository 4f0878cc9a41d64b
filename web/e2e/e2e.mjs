// Browser end-to-end tests: Playwright (playwright-core) driving Debian's
// Chromium against a real `houserules serve` built from this checkout.
// Run with web/e2e/run.sh (installs what it needs), or `node --test e2e/`
// from web/ with CHROMIUM=/usr/bin/chromium. Screenshots go to
// web/e2e/output/ (g-crazyhouse-*.png: pockets and a dragged drop;
// h-shogi-*.png: the promotion choice and a clicked drop). The helpers
// are in lib.mjs; every catalogue variant is played in variants.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, catalogue, clickSquare, ctx, newPage, playByClicks, pocketPiece, shot, squareCentre, start, state, stop, waitState } from './lib.mjs';

before(start);
after(stop);

// --- helpers ---

// createGame fills the start page: variant, presets, opponent.
async function createGame(page, { variant = 'chess', presets = [], friend = false } = {}) {
  await page.goto(ctx.base + '/');
  await page.waitForSelector('#variant option', { state: 'attached' });
  await page.selectOption('#variant', variant);
  for (const p of presets) await page.check(`#preset-${p}`);
  await page.waitForSelector('#verdict.ok');
  await page.check(friend ? '#opp-human' : '#opp-ai');
  await page.click('#create');
  await page.waitForURL(/\/g\//);
  return waitState(page, 's.you !== "spectator"');
}

// --- tests ---

test('(a) five moves against the AI in chess by clicking squares', async () => {
  const page = await newPage();
  let s = await createGame(page, { variant: 'chess' });
  assert.equal(s.you, 'white');
  assert.equal(s.files, 8);
  const preferred = ['e2e4', 'g1f3', 'f1c4', 'd2d3', 'b1c3', 'c1e3', 'a2a3', 'h2h3'];
  for (let i = 0; i < 5; i++) {
    s = await waitState(page, 's.status !== "active" || (s.turn === s.you && !s.aiThinking)');
    if (s.status !== 'active') break;
    const legal = s.legal.map((m) => m.uci);
    const mv = preferred.find((m) => legal.includes(m)) ?? legal.find((m) => m.length === 4);
    const ply = s.ply;
    await playByClicks(page, mv);
    s = await waitState(page, 's.ply >= a + 2 || s.status === "over"', ply);
    assert.equal(s.moves[ply].uci, mv, 'the clicked move is the one played');
  }
  assert.ok(s.ply >= 10, 'five moves and five replies, ply ' + s.ply);
  assert.equal(await page.locator('#moves li').count(), s.ply);
  await shot(page, 'a-chess-vs-ai');
  // review: click the first move, the board shows that position; back to the game
  await page.click('#moves li[data-ply="1"]');
  await page.waitForSelector('#live');
  // (a capture undone by the review animates: wait for the fading piece to go)
  await page.waitForFunction(() => document.querySelectorAll('#board piece:not(.ghost):not(.fading)').length === 32, null, { timeout: 5000 })
    .catch(() => {});
  assert.equal(await page.locator('#board piece:not(.ghost):not(.fading)').count(), 32);
  await page.click('#live');
  await page.waitForSelector('#live', { state: 'detached' });
  // the stored game has the moves
  const g = await api('GET', '/api/games/' + s.id);
  assert.equal(g.state.moves.length, s.ply);
});

test('(b) two players play capture-to-win until it ends, a third watches', async () => {
  const presets = (await api('GET', '/api/presets')).presets.map((p) => p.id);
  const hasCTW = presets.includes('capture-to-win');
  const white = await newPage();
  let s = await createGame(white, { variant: 'chess', presets: hasCTW ? ['capture-to-win'] : [], friend: true });
  assert.equal(s.status, 'waiting');
  const invite = await white.evaluate((id) => localStorage.getItem('houserules:invite:' + id), s.id);
  assert.match(invite, /#invite=/);

  const black = await newPage(420, 860); // a phone-width player
  await black.goto(ctx.base + invite);
  await black.click('#join');
  await waitState(black, 's.you === "black" && s.status === "active"');

  const watcher = await newPage();
  await watcher.goto(ctx.base + '/g/' + s.id);
  await waitState(watcher, 's.you === "spectator"');
  await waitState(white, 's.watchers === 1');

  // capture-to-win: the first capture wins (e4 d5 exd5). Without the
  // preset, fool's mate ends the game as fast.
  const moves = hasCTW ? ['e2e4', 'd7d5', 'e4d5'] : ['f2f3', 'e7e5', 'g2g4', 'd8h4'];
  for (let i = 0; i < moves.length; i++) {
    const page = i % 2 === 0 ? white : black;
    await waitState(page, 's.turn === s.you && s.ply === a', i);
    await playByClicks(page, moves[i]);
    await waitState(watcher, 's.ply === a', i + 1);
  }
  for (const p of [white, black, watcher]) {
    s = await waitState(p, 's.status === "over"');
    await p.waitForSelector('#status[data-status="over"]');
  }
  assert.equal(s.result, hasCTW ? '1-0' : '0-1');
  assert.match(await watcher.textContent('#status'), /Game over/);
  // the spectator cannot move: no movable colour on its board
  assert.equal(await watcher.evaluate(() => window.__hr.cg.state.movable.color ?? null), null);
  await shot(white, 'b-room-white');
  await shot(black, 'b-room-black-phone');
  await shot(watcher, 'b-room-spectator');
});

test('(c) piece-hp: an HP badge drops after a capture', async () => {
  const page = await newPage();
  let s = await createGame(page, { variant: 'chess', presets: ['piece-hp'], friend: true });
  const invite = await page.evaluate((id) => localStorage.getItem('houserules:invite:' + id), s.id);
  const joined = await api('POST', `/api/games/${s.id}/join`, { invite: invite.split('#invite=')[1] });
  assert.equal(joined.seat, 'black');
  await waitState(page, 's.status === "active"');
  await playByClicks(page, 'e2e4');
  await waitState(page, 's.ply === 1');
  await api('POST', `/api/games/${s.id}/moves`, { move: 'd7d5' }, joined.token);
  await waitState(page, 's.ply === 2');
  const before = page.locator('.overlay .hp[data-square="d5"]');
  assert.equal(await before.getAttribute('data-hp'), '2');
  assert.equal(await before.evaluate((e) => e.classList.contains('hurt')), false);
  await playByClicks(page, 'e4d5');
  s = await waitState(page, 's.ply === 3');
  // the captured pawn survives with 1 HP, pushed north to d6
  const badge = page.locator('.overlay .hp[data-square="d6"]');
  await badge.waitFor();
  assert.equal(await badge.getAttribute('data-hp'), '1');
  assert.equal(await badge.evaluate((e) => e.classList.contains('hurt')), true);
  assert.equal(await badge.textContent(), '1');
  await shot(page, 'c-piece-hp-badge');
});

test('(d) capablanca (10x8) renders and accepts a move', async () => {
  const page = await newPage();
  let s = await createGame(page, { variant: 'capablanca' });
  assert.equal(s.files, 10);
  assert.equal(s.ranks, 8);
  const box = await page.locator('#board cg-board').boundingBox();
  assert.ok(Math.abs(box.width / box.height - 10 / 8) < 0.02, `board ratio ${box.width}/${box.height}`);
  assert.equal(await page.locator('#board piece.white').count(), 20);
  // the archbishop and chancellor have images
  const img = await page.locator('#board piece.a-piece.white').evaluate((e) => getComputedStyle(e).backgroundImage);
  assert.match(img, /data:image\/svg\+xml/);
  await playByClicks(page, 'j2j4');
  s = await waitState(page, 's.ply >= 1');
  assert.equal(s.moves[0].uci, 'j2j4');
  await waitState(page, 's.ply >= 2');
  await shot(page, 'd-capablanca');
});

test('(e) promotion: the player chooses the piece', async () => {
  const g = await api('POST', '/api/games', { variant: 'chess', fen: '4k3/P7/8/8/8/8/8/4K3 w - - 0 1', opponent: { type: 'human' } });
  await api('POST', `/api/games/${g.id}/join`, { invite: g.inviteUrl.split('#invite=')[1] });
  const page = await newPage();
  await page.goto(ctx.base + g.seatUrl);
  await waitState(page, 's.you === "white" && s.status === "active"');
  await clickSquare(page, 'a7');
  await clickSquare(page, 'a8');
  await page.waitForSelector('.promo .promo-choice');
  assert.equal(await page.locator('.promo .promo-choice').count(), 4);
  await shot(page, 'e-promotion-choice');
  await page.click('.promo-choice[data-uci="a7a8n"]');
  const s = await waitState(page, 's.ply === 1');
  assert.equal(s.moves[0].san, 'a8=N');
  assert.equal(await page.locator('#board piece.n-piece.white').count(), 1);
});

// friendGame creates a game of variant between two humans through the
// API; White plays in the page (by clicks), Black through the API.
async function friendGame(variant) {
  const g = await api('POST', '/api/games', { variant, opponent: { type: 'human' } });
  const joined = await api('POST', `/api/games/${g.id}/join`, { invite: g.inviteUrl.split('#invite=')[1] });
  const page = await newPage();
  await page.goto(ctx.base + g.seatUrl);
  await waitState(page, 's.you === "white" && s.status === "active"');
  const black = (move) => api('POST', `/api/games/${g.id}/moves`, { move }, joined.token);
  return { page, black };
}

const boardOf = (s) => s.fen.split(' ')[0];
const pieceCount = (page, sel) => page.locator(`#board piece${sel}:not(.ghost):not(.fading)`).count();

test('(f) plugins: a rifle shot, a Marseillais double move, an Einstein change', async () => {
  // rifle chess: exd5 shoots the pawn, the capturer stays on e4
  let { page, black } = await friendGame('rifleChess');
  await playByClicks(page, 'e2e4');
  await waitState(page, 's.ply === 1');
  await black('d7d5');
  await waitState(page, 's.ply === 2 && s.turn === "white"');
  await playByClicks(page, 'e4d5');
  let s = await waitState(page, 's.ply === 3');
  assert.equal(boardOf(s), 'rnbqkbnr/ppp1pppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR');
  await page.waitForFunction(() => document.querySelectorAll('#board piece:not(.ghost):not(.fading)').length === 31, null, { timeout: 5000 });
  await shot(page, 'f-rifle');

  // Marseillais: White's first turn is one ply, then Black plays two and
  // White two: the turn stays White's after its first click
  ({ page, black } = await friendGame('marseillaisChess'));
  await playByClicks(page, 'e2e4');
  s = await waitState(page, 's.ply === 1');
  assert.equal(s.turn, 'black');
  await black('e7e5');
  await black('d7d5');
  await waitState(page, 's.ply === 3 && s.turn === "white"');
  await playByClicks(page, 'd2d4');
  s = await waitState(page, 's.ply === 4');
  assert.equal(s.turn, 'white', 'the second ply of the turn is White\'s');
  await playByClicks(page, 'g1f3');
  s = await waitState(page, 's.ply === 5');
  assert.equal(s.turn, 'black');
  assert.equal(boardOf(s), 'rnbqkbnr/ppp2ppp/8/3pp3/3PP3/5N2/PPP2PPP/RNBQKB1R');
  await shot(page, 'f-marseillais');

  // Einstein: a quiet knight move demotes the knight to a pawn
  ({ page, black } = await friendGame('einsteinChess'));
  await playByClicks(page, 'g1f3');
  s = await waitState(page, 's.ply === 1');
  assert.equal(boardOf(s), 'rnbqkbnr/pppppppp/8/8/8/5P2/PPPPPPPP/RNBQKB1R');
  await page.waitForFunction(() => document.querySelectorAll('#board piece.p-piece.white:not(.ghost):not(.fading)').length === 9, null, { timeout: 5000 });
  assert.equal(await pieceCount(page, '.n-piece.white'), 1);
  await shot(page, 'f-einstein');
});

// --- pockets and drops (issue 42) ---

// variantNames lists the playable variants of the picker's API.
const variantNames = async () => (await catalogue()).playable.map((x) => x.name);

test('(g) crazyhouse against the AI: a capture fills the pocket, the piece is dragged onto the board', async () => {
  // the picker lists the drop variants that load, as the server says
  const names = await variantNames();
  for (const n of ['crazyhouse', 'bughouse', 'pocketknight', 'capahouse', 'loop', 'chessgi']) assert.ok(names.includes(n), n + ' is listed');
  const page = await newPage();
  await page.goto(ctx.base + '/');
  await page.waitForSelector('#variant option', { state: 'attached' });
  // every catalogue variant is in the picker: the playable ones and, marked,
  // the ones that cannot be played yet, family by family
  const cat = await catalogue();
  const inPicker = cat.families.flatMap((f) => [...f.variants, ...f.unavailable].map((x) => x.name));
  assert.deepEqual(await page.$$eval('#variant option', (os) => os.map((o) => o.value)), inPicker);
  assert.deepEqual(await page.$$eval('#variant option[data-unavailable]', (os) => os.map((o) => o.value)), cat.unavailable.map((x) => x.name));

  // exd5 takes the knight whatever the AI (a lone king and two pawns,
  // none of which can give check) replies; White's knight drop stays legal
  const g = await api('POST', '/api/games', { variant: 'crazyhouse', fen: '4k3/pp6/8/3n4/4P3/8/8/4K3[] w - - 0 1', opponent: { type: 'ai', level: 1 } });
  await page.goto(ctx.base + g.seatUrl);
  let s = await waitState(page, 's.you === "white" && s.turn === "white"');
  assert.equal(await page.locator('.pocket').count(), 2);
  assert.equal(await pocketPiece(page, 'n', 'white').getAttribute('data-nb'), '0');
  await playByClicks(page, 'e4d5');
  s = await waitState(page, 's.ply >= 2 && s.turn === s.you && !s.aiThinking');
  assert.equal(s.moves[0].uci, 'e4d5');
  assert.deepEqual(s.pockets.white.map((x) => `${x.letter}${x.count}`), ['p0', 'n1', 'b0', 'r0', 'q0']);
  // the captured knight is in White's pocket, below the board
  const knight = page.locator('#pocket-bottom piece[data-role="n-piece"][data-color="white"]');
  assert.equal(await knight.getAttribute('data-nb'), '1');
  await shot(page, 'g-crazyhouse-pocket');

  // drag it onto the board: while it is held, its legal squares are marked
  const drops = s.legal.filter((m) => m.drop === 'n').map((m) => m.to);
  const target = ['c3', 'f3', 'c6'].find((x) => drops.includes(x)) ?? drops[0];
  const kb = await knight.boundingBox();
  await page.mouse.move(kb.x + kb.width / 2, kb.y + kb.height / 2);
  await page.mouse.down();
  await page.mouse.move(...await squareCentre(page, 'e4'), { steps: 6 });
  await page.waitForFunction((n) => document.querySelectorAll('#board square.move-dest').length === n, drops.length, { timeout: 3000 }).catch(() => {});
  assert.equal(await page.locator('#board square.move-dest').count(), drops.length, 'the legal drop squares are marked');
  await shot(page, 'g-crazyhouse-drag');
  await page.mouse.move(...await squareCentre(page, target), { steps: 6 });
  await page.mouse.up();
  s = await waitState(page, 's.ply >= 3', null);
  assert.equal(s.moves[2].uci, 'N@' + target);
  assert.equal(s.moves[2].to, target);
  assert.equal(s.pockets.white.find((x) => x.letter === 'n').count, 0);
  await page.waitForFunction(() => document.querySelector('#pocket-bottom piece[data-role="n-piece"]')?.getAttribute('data-nb') === '0');
  await page.waitForFunction(() => document.querySelectorAll('#board piece.n-piece.white:not(.ghost):not(.fading)').length === 1);
  await waitState(page, 's.ply >= 4 || s.status === "over"');
  await shot(page, 'g-crazyhouse-dropped');
});

// shogiGame is the shogi game of the promotion test.
const shogiGame = { name: 'shogi', body: { variant: 'shogi', fen: '4k4/9/9/4S4/9/9/9/9/4K4[P] w - - 0 1' }, promote: 'e6e7', reply: 'e9d9', drops: ['e5', 'c5'] };

test('(h) shogi: the player chooses to promote, then drops a pocket piece by clicks', async () => {
  const v = shogiGame;
  console.log(`# (h) plays ${v.name}`);
  const g = await api('POST', '/api/games', { ...v.body, opponent: { type: 'human' } });
  assert.ok(!g.error, JSON.stringify(g.error));
  const joined = await api('POST', `/api/games/${g.id}/join`, { invite: g.inviteUrl.split('#invite=')[1] });
  const page = await newPage();
  await page.goto(ctx.base + g.seatUrl);
  let s = await waitState(page, 's.you === "white" && s.status === "active"');
  const from = v.promote.slice(0, 2), to = v.promote.slice(2);
  assert.deepEqual(s.legal.filter((m) => m.from === from && m.to === to).map((m) => m.uci).sort(), [v.promote, v.promote + '+']);
  await clickSquare(page, from);
  await clickSquare(page, to);
  await page.waitForSelector('#choice .promo-choice');
  assert.equal(await page.locator('#choice .promo-choice').count(), 2);
  assert.equal(await page.textContent(`#choice .promo-choice[data-uci="${v.promote}+"] .choice-label`), 'Promote');
  assert.equal(await page.textContent(`#choice .promo-choice[data-uci="${v.promote}"] .choice-label`), "Don't promote");
  await shot(page, 'h-shogi-promotion-choice');
  await page.click(`#choice .promo-choice[data-uci="${v.promote}+"]`);
  s = await waitState(page, 's.ply === 1');
  assert.equal(s.moves[0].uci, v.promote + '+');
  await page.waitForFunction(() => document.querySelectorAll('#board piece.ps-piece.white:not(.ghost):not(.fading)').length === 1);

  // Black answers; White clicks the pawn in its pocket, then a square
  const r = await api('POST', `/api/games/${g.id}/moves`, { move: v.reply }, joined.token);
  assert.ok(!r.error, JSON.stringify(r.error));
  s = await waitState(page, 's.ply === 2');
  const drops = s.legal.filter((m) => m.drop === 'p').map((m) => m.to);
  const target = v.drops.find((x) => drops.includes(x)) ?? drops[0];
  const pawn = pocketPiece(page, 'p', 'white');
  assert.equal(await pawn.getAttribute('data-nb'), '1');
  await pawn.click();
  // chessground draws the marks on its next animation frame
  await page.waitForFunction((n) => document.querySelectorAll('#board square.move-dest').length === n, drops.length, { timeout: 3000 }).catch(() => {});
  assert.equal(await page.locator('#board square.move-dest').count(), drops.length, 'the legal drop squares are marked');
  await shot(page, 'h-shogi-drop-squares');
  await clickSquare(page, target);
  s = await waitState(page, 's.ply === 3');
  assert.equal(s.moves[2].uci, 'P@' + target);
  await page.waitForFunction(() => document.querySelector('.pocket piece[data-role="p-piece"][data-color="white"]')?.getAttribute('data-nb') === '0');
  await shot(page, 'h-shogi-dropped');
});

test('(i) S-chess: the player chooses which piece to gate', async () => {
  assert.ok((await variantNames()).includes('seirawan'), 'seirawan is not in the picker');
  const g = await api('POST', '/api/games', { variant: 'seirawan', opponent: { type: 'human' } });
  await api('POST', `/api/games/${g.id}/join`, { invite: g.inviteUrl.split('#invite=')[1] });
  const page = await newPage();
  await page.goto(ctx.base + g.seatUrl);
  let s = await waitState(page, 's.you === "white" && s.status === "active"');
  assert.equal(await pocketPiece(page, 'h', 'white').getAttribute('data-nb'), '1');
  // g1f3 leaves g1: the hawk or the elephant may enter there, or nothing
  assert.deepEqual(s.legal.filter((m) => m.from === 'g1' && m.to === 'f3').map((m) => m.uci).sort(), ['g1f3', 'g1f3e', 'g1f3h']);
  await clickSquare(page, 'g1');
  await clickSquare(page, 'f3');
  await page.waitForSelector('#choice .promo-choice');
  assert.equal(await page.locator('#choice .promo-choice').count(), 3);
  assert.equal(await page.textContent('#choice .promo-choice[data-uci="g1f3"] .choice-label'), 'No gating');
  await shot(page, 'i-seirawan-gating-choice');
  await page.click('#choice .promo-choice[data-uci="g1f3h"]');
  s = await waitState(page, 's.ply === 1');
  assert.equal(s.moves[0].uci, 'g1f3h');
  assert.equal(s.pockets.white.find((x) => x.letter === 'h').count, 0);
  await page.waitForFunction(() => document.querySelectorAll('#board piece.h-piece.white:not(.ghost):not(.fading)').length === 1);
});
