// Every variant of the catalogue in the browser: for each variant GET
// /api/variants lists as playable (built-ins and plugins, not a sample),
// open a game against the AI from the start page, play one legal move
// through the board (clicks, a pocket drop, the promotion / gating choice,
// the wall square, or the Pass button, as the legal list says), and see
// the AI's reply on the board. The variants the server cannot play yet
// are reported. Also: the xiangqi / janggi boards, and the duck's square
// as the second half of a move. Screenshots: web/e2e/output/v-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, catalogue, clickSquare, ctx, newPage, pocketPiece, shot, start, stop, waitState } from './lib.mjs';

before(start);
after(stop);

// SHOTS are the variants whose board is saved after the AI's reply.
const SHOTS = ['xiangqi', 'janggi', 'duck', 'ataxx', 'amazons', 'gustav3', 'snailtrail'];
// (walls: an arrow, walls in the start position, the squares left behind)

// boardMap reads a FEN board field: square → letter (upper case White,
// "+" before a promoted piece, "*" a wall); the pocket is left out.
export function boardMap(board, ranks) {
  const out = {};
  const rows = board.split('[')[0].split('/');
  for (let i = 0; i < ranks && i < rows.length; i++) {
    const rank = ranks - i;
    let file = 0, promoted = false;
    const row = rows[i];
    for (let j = 0; j < row.length; j++) {
      const c = row[j];
      if (/\d/.test(c)) {
        let k = j;
        while (k + 1 < row.length && /\d/.test(row[k + 1])) k++;
        file += parseInt(row.slice(j, k + 1), 10);
        j = k;
      } else if (c === '+') promoted = true;
      else if (c === '~') continue;
      else {
        out[String.fromCharCode(97 + file) + rank] = (promoted ? '+' : '') + c;
        promoted = false;
        file++;
      }
    }
  }
  return out;
}

// domBoard reads the pieces the board shows (the DOM, not moving, not
// fading out) in boardMap's form.
const domBoard = (page) => page.evaluate(() => {
  const out = {};
  for (const e of document.querySelectorAll('#board cg-board piece')) {
    if (e.classList.contains('ghost') || e.classList.contains('fading') || e.classList.contains('dragging') || !e.cgKey) continue;
    const role = [...e.classList].find((c) => c.endsWith('-piece'));
    let letter = role.slice(0, -'-piece'.length);
    if (e.classList.contains('promoted') && letter.length === 2 && letter[0] === 'p') letter = '+' + letter[1];
    if (letter === '_') letter = '*'; // chessgroundx's role of a wall square
    const white = e.classList.contains('white');
    if (letter !== '*') letter = white ? letter.toUpperCase() : letter;
    out[e.cgKey[0] + (e.cgKey.charCodeAt(1) - 48)] = letter;
  }
  return out;
});

// sameBoard waits until the board shows the state's position.
async function sameBoard(page, s, what) {
  const want = boardMap(s.board, s.ranks);
  let got;
  for (let i = 0; i < 40; i++) {
    got = await domBoard(page);
    if (JSON.stringify(sorted(got)) === JSON.stringify(sorted(want))) return;
    await page.waitForTimeout(75);
  }
  assert.deepEqual(sorted(got), sorted(want), what + ': the board shows the position of the state');
}
const sorted = (o) => Object.fromEntries(Object.entries(o).sort());

const baseOf = (uci) => uci.split(',')[0];

// pickMove chooses the move to play in the UI: a piece move (not a pass,
// not castling, whose squares vary), else a drop, else a pass, else any;
// a different one per variant (the name seeds the choice).
function pickMove(legal, seed) {
  const normal = legal.filter((m) => m.from && m.from !== m.to && m.kind !== 'pass' && m.kind !== 'castling');
  const drops = legal.filter((m) => m.drop);
  const passes = legal.filter((m) => m.kind === 'pass');
  const pool = normal.length ? normal : drops.length ? drops : passes.length ? passes : legal;
  let h = 0;
  for (const c of seed) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return pool[h % pool.length];
}

// playInUI plays m through the board as a player would, and returns the
// state once the server has it.
async function playInUI(page, s, m) {
  const ply = s.ply;
  if (m.kind === 'pass') {
    await page.click('#pass');
  } else if (m.drop) {
    await pocketPiece(page, m.drop, s.turn).click();
    await clickSquare(page, m.to);
  } else {
    await clickSquare(page, m.from);
    await clickSquare(page, m.to);
  }
  // the moves the same gesture could mean: a choice between piece moves
  // (promotion, gating, promoted drop), then the wall square
  const same = s.legal.filter((x) => (m.kind === 'pass' ? x.kind === 'pass' : m.drop ? x.drop === m.drop && x.to === m.to : x.from === m.from && x.to === m.to && x.kind !== 'pass'));
  const bases = new Set(same.map((x) => baseOf(x.uci)));
  if (bases.size > 1) await page.click(`#choice .promo-choice[data-uci="${baseOf(m.uci)}"]`);
  const group = same.filter((x) => baseOf(x.uci) === baseOf(m.uci));
  if (group.length > 1 && m.uci.includes(',')) await page.click(`#wall-layer .wall-dest[data-uci="${m.uci}"]`);
  const after = await waitState(page, 's.ply > a', ply);
  assert.equal(after.moves[ply].uci, m.uci, 'the move played through the board is the one chosen');
  return after;
}

test('(v) every catalogue variant: a move through the board against the AI, and its reply', async () => {
  const cat = await catalogue();
  assert.ok(cat.playable.length > 0);
  const page = await newPage();
  const times = [], failures = [], notes = [];
  const t0 = Date.now();
  for (const v of cat.playable) {
    const t = Date.now();
    try {
      // the start page: the variant picked from the list, its description shown
      await page.goto(ctx.base + '/?variant=' + encodeURIComponent(v.name));
      await page.waitForSelector('#variant-description');
      assert.equal(await page.inputValue('#variant'), v.name);
      assert.ok((await page.textContent('#variant-description')).includes(v.description), 'the description is shown');
      await page.waitForSelector('#verdict.ok');
      await page.check('#opp-ai');
      await page.selectOption('#level', '1');
      await page.click('#create');
      await page.waitForURL(/\/g\//);
      let s = await waitState(page, 's.you === "white" && (s.status === "over" || (s.turn === s.you && !s.aiThinking))');
      assert.equal(s.status, 'active', 'the game starts');
      const first = s.ply;
      // play until the AI has answered (a variant may give a side several moves a turn)
      for (let turn = 0; s.status === 'active' && !s.moves.slice(first).some((m) => m.by !== s.you); turn++) {
        assert.ok(turn < 4, 'the AI answers within four moves');
        const m = pickMove(s.legal, v.name + turn);
        assert.ok(m, 'a legal move');
        s = await playInUI(page, s, m);
        s = await waitState(page, 's.status === "over" || (s.turn === s.you && !s.aiThinking)', null, 20000);
      }
      const reply = s.moves.slice(first).find((m) => m.by !== s.you);
      if (!reply) {
        notes.push(`${v.name}: the game ended with our move (${s.reason})`);
      } else {
        await sameBoard(page, s, v.name);
        assert.equal(await page.locator('#moves li').count(), s.ply, 'the move list has every ply');
        assert.equal((await page.locator('#moves li').last().textContent()).includes(s.moves[s.ply - 1].san), true, 'the last move is listed by its SAN');
        if (reply.to && !s.hidden.length) assert.ok(await page.locator('#board square.last-move').count() > 0, 'the last move is highlighted');
      }
      if (SHOTS.includes(v.name)) await shot(page, 'v-' + v.name);
    } catch (e) {
      failures.push(`${v.name}: ${e.message.split('\n')[0]}`);
      await shot(page, 'v-failed-' + v.name).catch(() => {});
    }
    times.push([v.name, Date.now() - t]);
  }
  const total = Date.now() - t0;
  times.sort((a, b) => b[1] - a[1]);
  console.log(`# (v) ${cat.playable.length} variants played in ${(total / 1000).toFixed(1)} s (slowest: ${times.slice(0, 5).map(([n, ms]) => `${n} ${ms} ms`).join(', ')})`);
  for (const n of notes) console.log('# (v) note: ' + n);
  if (cat.unavailable.length) {
    console.log(`# (v) ${cat.unavailable.length} catalogue variants cannot be played yet: ` + cat.unavailable.map((x) => x.name).join(' '));
  }
  const missing = SHOTS.filter((n) => !cat.playable.some((x) => x.name === n));
  if (missing.length) {
    console.log('# (v) no screenshot of: ' + missing.map((n) => `${n} (${cat.unavailable.find((x) => x.name === n)?.error?.split('\n')[0] ?? 'not in the catalogue'})`).join('; '));
  }
  assert.deepEqual(failures, [], 'variants that failed');
});

// --- boards drawn as their players expect ---

// PALACE_INI is xiangqi written with options every branch loads (no
// flying general, chasing or soldier rank): the board style comes from the
// definition (palaces, the elephants' half), not the name.
const PALACE_INI = `[palaceboard:chess]
maxRank = 10
maxFile = 9
pawn = -
knight = -
bishop = -
queen = -
rook = r
horse = n
elephant = b
fers = a
cannon = c
soldier = p
king = k:W
promotionPieceTypes = -
doubleStep = false
castling = false
stalemateValue = loss
startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackKing = d8 e8 f8 d9 e9 f9 d10 e10 f10
mobilityRegionWhiteFers = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackFers = d8 e8 f8 d9 e9 f9 d10 e10 f10
mobilityRegionWhiteElephant = *1 *2 *3 *4 *5
mobilityRegionBlackElephant = *6 *7 *8 *9 *10
`;

// svgOf decodes a CSS url("data:image/svg+xml;base64,…").
const svgOf = (css) => {
  const m = String(css).match(/base64,([A-Za-z0-9+/=]+)/);
  return m ? Buffer.from(m[1], 'base64').toString('utf8') : '';
};

// checkLinesBoard checks an intersection board: the style, the lines
// drawn behind the pieces, disc pieces, coordinates for every file and
// rank; then plays move (a cannon to the centre) by clicks against the AI.
async function checkLinesBoard(page, s, { theme, river, palaces, move, name, kingRank }) {
  assert.deepEqual({ ...s.boardStyle, walls: undefined, river: s.boardStyle.river }, { geometry: 'intersections', theme, river, palaces, walls: undefined });
  assert.equal(await page.locator('#board.geo-intersections.theme-' + theme).count(), 1);
  const lines = svgOf(await page.locator('#board').evaluate((e) => e.style.getPropertyValue('--board-lines')));
  assert.equal((lines.match(/<line /g) ?? []).length, s.ranks + (river ? 2 + 2 * (s.files - 2) : s.files) + 2 * palaces.length, 'rank lines, file lines (broken at the river), palace diagonals');
  const bg = await page.locator('#board cg-board').evaluate((e) => getComputedStyle(e).backgroundImage);
  assert.match(bg, /data:image\/svg/, 'the lines are the board background');
  // the pieces are discs (xiangqi) or octagons (janggi)
  const king = svgOf(await page.locator('#board piece.k-piece.white').evaluate((e) => getComputedStyle(e).backgroundImage));
  assert.match(king, theme === 'janggi' ? /<polygon/ : /<circle/);
  assert.equal(await page.locator('#board coords.side coord').count(), s.ranks, 'a coordinate for every rank');
  assert.equal(await page.locator('#board coords.bottom coord').count(), s.files, 'a coordinate for every file');
  assert.equal(await page.locator('#board coords.side coord').last().textContent(), String(s.ranks));
  // the king stands on the crossing of the e-file and its start rank's line
  // (xiangqi: the first rank; janggi: the second, the palace's centre)
  const kb = await page.locator('#board piece.k-piece.white').boundingBox();
  const box = await page.locator('#board cg-board').boundingBox();
  assert.ok(Math.abs(kb.x + kb.width / 2 - (box.x + 4.5 * box.width / s.files)) < 2, 'the general on the e-file line');
  assert.ok(Math.abs(kb.y + kb.height / 2 - (box.y + (s.ranks - kingRank + 0.5) * box.height / s.ranks)) < 2, `the general on rank ${kingRank}'s line`);
  await shot(page, `v-${name}-start`);
  // a move by clicks, the AI's reply, the move list in the server's notation
  const m = s.legal.find((x) => x.uci === move);
  assert.ok(m, move + ' is legal');
  await clickSquare(page, m.from);
  await clickSquare(page, m.to);
  s = await waitState(page, 's.ply >= 2 && !s.aiThinking', null, 20000);
  assert.equal(s.moves[0].uci, move);
  assert.equal(await page.locator('#moves li').first().textContent(), '1.' + s.moves[0].san);
  await sameBoard(page, s, name);
  // flipped, the board is drawn from Black's side
  await page.click('#flip');
  const flipped = svgOf(await page.locator('#board').evaluate((e) => e.style.getPropertyValue('--board-lines')));
  assert.notEqual(flipped, lines);
  await shot(page, `v-${name}-flipped`);
  await page.click('#flip');
}

test('(x) a custom xiangqi-like variant: lines, river and palaces from its definition', async () => {
  const g = await api('POST', '/api/games', { variant: 'palaceboard', ini: PALACE_INI, opponent: { type: 'ai', level: 1 } });
  assert.ok(!g.error, JSON.stringify(g.error));
  const page = await newPage();
  await page.goto(ctx.base + g.seatUrl);
  const s = await waitState(page, 's.you === "white" && s.status === "active"');
  await checkLinesBoard(page, s, { theme: 'xiangqi', river: 5, palaces: [['d1', 'f3'], ['d8', 'f10']], move: 'b3e3', name: 'palaceboard', kingRank: 1 });
});

// playable returns the catalogue entry of a variant; a variant the engine
// cannot play fails the test with the reason.
async function playable(name) {
  const cat = await catalogue();
  const v = cat.playable.find((x) => x.name === name);
  if (!v) {
    const u = cat.unavailable.find((x) => x.name === name);
    assert.fail(`${name} cannot be played: ${u?.error?.split('\n')[0] ?? 'not in the catalogue'}`);
  }
  return v;
}

for (const c of [
  { name: 'xiangqi', theme: 'xiangqi', river: 5, palaces: [['d1', 'f3'], ['d8', 'f10']], move: 'b3e3', kingRank: 1 },
  { name: 'janggi', theme: 'janggi', river: undefined, palaces: [['d1', 'f3'], ['d8', 'f10']], move: 'b3e3', kingRank: 2 },
]) {
  test(`(y) ${c.name} from the picker: its board, a move by clicks, the AI's reply`, async (t) => {
    const v = await playable(c.name);
    assert.equal(v.boardStyle.geometry, 'intersections');
    const page = await newPage();
    await page.goto(ctx.base + '/?variant=' + c.name);
    await page.waitForSelector('#verdict.ok');
    assert.match(await page.textContent('#variant-info'), /pieces on the intersections/);
    await page.check('#opp-ai');
    await page.click('#create');
    await page.waitForURL(/\/g\//);
    let s = await waitState(page, 's.you === "white" && s.turn === "white" && s.status === "active"');
    if (c.name === 'janggi') {
      // janggi lets a player pass: a button, not a move on the board
      assert.ok(s.legal.some((m) => m.kind === 'pass'));
      assert.equal(await page.locator('#pass').count(), 1);
    }
    // janggi's start has the cannons behind soldiers: take any legal cannon or chariot move
    const move = s.legal.some((m) => m.uci === c.move) ? c.move : s.legal.find((m) => m.from && m.from !== m.to && m.kind !== 'pass').uci;
    await checkLinesBoard(page, s, { ...c, move });
  });
}

test('(z) duck chess: the piece move, then the duck on a marked square', async (t) => {
  const v = await playable('duck');
  assert.equal(v.boardStyle.walls, 'duck');
  const g = await api('POST', '/api/games', { variant: 'duck', opponent: { type: 'human' } });
  const joined = await api('POST', `/api/games/${g.id}/join`, { invite: g.inviteUrl.split('#invite=')[1] });
  const page = await newPage();
  await page.goto(ctx.base + g.seatUrl);
  let s = await waitState(page, 's.you === "white" && s.status === "active"');
  const e4 = s.legal.filter((m) => m.uci.startsWith('e2e4,'));
  assert.ok(e4.length > 1, 'e2e4 with the duck on any of several squares');
  await clickSquare(page, 'e2');
  await clickSquare(page, 'e4');
  await page.waitForSelector('#wall-layer .wall-dest');
  const marked = await page.$$eval('#wall-layer .wall-dest', (ds) => ds.map((d) => d.dataset.square).sort());
  assert.deepEqual(marked, e4.map((m) => m.wall).sort(), 'the marked squares are the legal duck squares of e2e4');
  assert.match(await page.textContent('#status'), /place the duck/);
  await shot(page, 'v-duck-placing');
  const pick = e4.find((m) => m.wall === 'e5') ?? e4[0];
  await page.click(`#wall-layer .wall-dest[data-square="${pick.wall}"]`);
  s = await waitState(page, 's.ply === 1');
  assert.equal(s.moves[0].uci, pick.uci);
  await sameBoard(page, s, 'duck');
  assert.equal(await page.locator('#board piece._-piece').count(), 1, 'the duck is on the board');
  assert.match(svgOf(await page.locator('#board piece._-piece').evaluate((e) => getComputedStyle(e).backgroundImage)), /#f7d21e/, 'drawn as a duck');
  // Black moves (and moves the duck) through the API: the board follows
  const b = await api('GET', '/api/games/' + g.id, undefined, joined.token);
  const r = await api('POST', `/api/games/${g.id}/moves`, { move: b.state.legal[0].uci }, joined.token);
  assert.ok(!r.error, JSON.stringify(r.error));
  s = await waitState(page, 's.ply === 2');
  await sameBoard(page, s, 'duck after Black');
  assert.equal(await page.locator('#board piece._-piece').count(), 1, 'one duck');
  await shot(page, 'v-duck-moved');
});

// humanGame opens a game between two people, the page seated as White;
// it returns the page, the state and Black's token.
async function humanGame(variant) {
  const g = await api('POST', '/api/games', { variant, opponent: { type: 'human' } });
  assert.ok(!g.error, JSON.stringify(g.error));
  const joined = await api('POST', `/api/games/${g.id}/join`, { invite: g.inviteUrl.split('#invite=')[1] });
  const page = await newPage();
  await page.goto(ctx.base + g.seatUrl);
  const s = await waitState(page, 's.you === "white" && s.status === "active"');
  return { g, page, s, black: joined.token };
}

test('(r) ataxx and flipello: drops from an unlimited supply by a click, flipped stones redrawn', async (t) => {
  await playable('ataxx');
  let { g, page, s, black } = await humanGame('ataxx');
  // the pocket is an unlimited supply: the stone can be picked, and shows ∞
  assert.equal(s.pockets.free, true);
  const slot = pocketPiece(page, 'p', 'white');
  assert.notEqual(await slot.getAttribute('data-nb'), '0', 'the supply is not empty');
  assert.equal(await slot.evaluate((e) => getComputedStyle(e, '::after').content), '"∞"');
  assert.match(await page.locator('#pocket-bottom').getAttribute('title'), /unlimited supply/);
  // a click on an empty square next to White's stone clones it there
  assert.ok(s.legal.some((m) => m.uci === 'P@g2'));
  await clickSquare(page, 'g2');
  s = await waitState(page, 's.ply === 1');
  assert.equal(s.moves[0].uci, 'P@g2');
  await sameBoard(page, s, 'ataxx after P@g2');
  // Black (through the API) clones its g7 stone: the board follows the FEN
  const r = await api('POST', `/api/games/${g.id}/moves`, { move: 'P@f7' }, black);
  assert.ok(!r.error, JSON.stringify(r.error));
  s = await waitState(page, 's.ply === 2');
  await sameBoard(page, s, 'ataxx after P@f7');
  // the pocket stone, then a square: the same drop by the pocket
  await slot.click();
  await clickSquare(page, 'a6');
  s = await waitState(page, 's.ply === 3');
  assert.equal(s.moves[2].uci, 'P@a6');
  await sameBoard(page, s, 'ataxx after P@a6');
  await shot(page, 'v-ataxx-drops');

  await playable('flipello');
  ({ g, page, s, black } = await humanGame('flipello'));
  assert.ok(!s.pockets.free);
  // White drops on e3 by a click (the only piece type), enclosing e4: it turns white
  assert.ok(s.legal.some((m) => m.uci === 'P@e3'));
  await clickSquare(page, 'e3');
  s = await waitState(page, 's.ply === 1');
  assert.equal(s.moves[0].uci, 'P@e3');
  await sameBoard(page, s, 'flipello after P@e3');
  assert.equal((await domBoard(page)).e4, 'P', 'e4 flipped to White');
  const b = await api('GET', '/api/games/' + g.id, undefined, black);
  const r2 = await api('POST', `/api/games/${g.id}/moves`, { move: b.state.legal[0].uci }, black);
  assert.ok(!r2.error, JSON.stringify(r2.error));
  s = await waitState(page, 's.ply === 2');
  await sameBoard(page, s, 'flipello after Black');
  await shot(page, 'v-flipello');
});

test('(w) a wall placed by Escape is taken back', async () => {
  const v = await playable('amazons');
  const g = await api('POST', '/api/games', { variant: v.name, opponent: { type: 'human' } });
  await api('POST', `/api/games/${g.id}/join`, { invite: g.inviteUrl.split('#invite=')[1] });
  const page = await newPage();
  await page.goto(ctx.base + g.seatUrl);
  const s = await waitState(page, 's.you === "white" && s.status === "active"');
  const m = s.legal.find((x) => x.from && x.wall && s.legal.filter((y) => y.uci.split(',')[0] === x.uci.split(',')[0]).length > 1);
  assert.ok(m, `${v.name}: a move with a choice of wall squares at the start`);
  await clickSquare(page, m.from);
  await clickSquare(page, m.to);
  await page.waitForSelector('#wall-layer .wall-dest');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#wall-layer .wall-dest', { state: 'detached' });
  await sameBoard(page, s, v.name + ' after Escape');
  assert.equal((await waitState(page, 'true')).ply, 0);
});

// --- walls in the browser, before any walled variant loads: the page is
// given a scripted state (Playwright stands in for the server's WebSocket)
// with walling moves in Fairy-Stockfish's form, and must send their text ---

test('(u) walls from a scripted state: the duck drawn, the move then the duck square, a pass with a wall', async () => {
  // a real chess state as the template of the scripted ones
  const g = await api('POST', '/api/games', { variant: 'chess', opponent: { type: 'human' } });
  const base = { ...g.state, you: 'white', status: 'active', seats: { white: { kind: 'human', taken: true, online: true }, black: { kind: 'human', taken: true, online: true } } };
  const mv = (uci, extra = {}) => {
    const [piece, wall] = uci.split(',');
    return { uci, san: uci, from: piece.slice(0, 2), to: piece.slice(2, 4), kind: 'normal', production: 'betza.pawn', wall: wall.slice(-2), ...extra };
  };
  const first = {
    ...base, boardStyle: { geometry: 'squares', walls: 'duck' },
    board: 'rnbqkbnr/pppppppp/8/3*4/8/8/PPPPPPPP/RNBQKBNR', fen: 'rnbqkbnr/pppppppp/8/3*4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {}',
    legal: [mv('e2e4,e4e5'), mv('e2e4,e4h5'), mv('e2e4,e4e2'), mv('g1f3,f3g1'), mv('e1e1,e1a3', { kind: 'pass', production: 'base.pass' }), mv('e1e1,e1h6', { kind: 'pass', production: 'base.pass' })],
  };
  const second = {
    ...first, ply: 1, turn: 'black', legal: [],
    board: 'rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR', fen: 'rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 {}',
    moves: [{ uci: 'e2e4,e4e5', san: 'e4,e5', by: 'white', production: 'betza.pawn', from: 'e2', to: 'e4', fen: '' }],
  };
  second.lastMove = second.moves[0];
  const sent = [];
  let sock;
  const page = await newPage();
  await page.routeWebSocket(/\/api\/games\/scripted\/ws(\?protocol=2)?$/, (ws) => {
    sock = ws;
    ws.onMessage((m) => sent.push(JSON.parse(m)));
    ws.send(JSON.stringify(first));
  });
  const nextSent = async () => {
    for (let i = 0; i < 80 && !sent.length; i++) await page.waitForTimeout(25);
    return sent.splice(0);
  };
  await page.goto(ctx.base + '/g/scripted');
  await waitState(page, 's.ply === 0 && s.legal.length === 6');
  // the duck on d5, drawn as a duck
  assert.equal(await page.locator('#board piece._-piece').count(), 1);
  assert.match(svgOf(await page.locator('#board piece._-piece').evaluate((e) => getComputedStyle(e).backgroundImage)), /#f7d21e/);
  assert.deepEqual(await domBoard(page), boardMap(first.board, 8));
  // e2-e4 by clicks: the three duck squares of e2e4 are marked, nothing is sent yet
  await clickSquare(page, 'e2');
  await clickSquare(page, 'e4');
  await page.waitForSelector('#wall-layer .wall-dest');
  assert.deepEqual(await page.$$eval('#wall-layer .wall-dest', (ds) => ds.map((d) => d.dataset.square).sort()), ['e2', 'e5', 'h5']);
  assert.match(await page.textContent('#status'), /place the duck/);
  assert.equal(sent.length, 0);
  await shot(page, 'v-scripted-duck-squares');
  // Escape takes the move back: the pawn is on e2 again
  await page.keyboard.press('Escape');
  await page.waitForSelector('#wall-layer .wall-dest', { state: 'detached' });
  await sameBoard(page, first, 'after Escape');
  // the pass with a wall (wallOrMove): the Pass button, then the wall square
  await page.click('#pass');
  await page.waitForSelector('#wall-layer .wall-dest');
  assert.deepEqual(await page.$$eval('#wall-layer .wall-dest', (ds) => ds.map((d) => d.dataset.square).sort()), ['a3', 'h6']);
  await page.click('#wall-layer .wall-dest[data-square="h6"]');
  assert.deepEqual(await nextSent(), [{ type: 'move', move: 'e1e1,e1h6', ply: 0 }]);
  // e2-e4 again, the duck to e5: the move's full text is sent
  await clickSquare(page, 'e2');
  await clickSquare(page, 'e4');
  await page.click('#wall-layer .wall-dest[data-square="e5"]');
  assert.deepEqual(await nextSent(), [{ type: 'move', move: 'e2e4,e4e5', ply: 0 }]);
  // the server's next state: the pawn on e4, the duck moved from d5 to e5
  sock.send(JSON.stringify(second));
  await waitState(page, 's.ply === 1');
  await sameBoard(page, second, 'the next state');
  assert.equal(await page.locator('#board piece._-piece').count(), 1);
  assert.equal(await page.locator('#moves li').count(), 1);
  await shot(page, 'v-scripted-duck-moved');
});
