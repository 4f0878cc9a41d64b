// Browser tests of the play experience (issue 44): the end-of-game dialog
// and rematch (against the AI and between two browsers), abort, move
// navigation, premoves, sounds, the kept board flip, the tab title, the AI
// levels and the finished-game page's replay. Run with web/e2e/run.sh, or
// from web/: CHROMIUM=/usr/bin/chromium HOUSERULES_BIN=… node --test e2e/play.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, clickSquare, ctx, newPage, playByClicks, squareCentre, start, state, stop, waitState } from './lib.mjs';

before(start);
after(stop);

// open creates a game through the API and opens the creator's seat in a
// new browser context.
async function open(body) {
  const r = await api('POST', '/api/games', body);
  assert.ok(r.id, JSON.stringify(r));
  const page = await newPage();
  await page.goto(ctx.base + r.seatUrl);
  await waitState(page, 's.you !== "spectator"');
  return { r, page };
}

// twoPlayers creates a human game and opens white's and black's pages,
// each in its own browser context.
async function twoPlayers(body = { variant: 'chess' }) {
  const r = await api('POST', '/api/games', { ...body, side: 'white', opponent: { type: 'human' } });
  const invite = r.inviteUrl.split('#invite=')[1];
  const j = await api('POST', `/api/games/${r.id}/join`, { invite });
  const white = await newPage(), black = await newPage();
  await white.goto(ctx.base + r.seatUrl);
  await black.goto(ctx.base + `/g/${r.id}#seat=${j.token}`);
  await waitState(white, 's.you === "white" && s.status === "active"');
  await waitState(black, 's.you === "black" && s.status === "active"');
  return { id: r.id, wt: r.token, bt: j.token, white, black };
}

// premoveDests waits until the board offers dest as a premove target of
// the piece picked up (the page asked the server for the destinations:
// a protocol 2 state has none) and returns the targets.
const premoveDests = async (page, dest) => {
  await page.waitForFunction((d) => (window.__hr.cg.state.premovable.dests ?? []).includes(d), dest);
  return page.evaluate(() => window.__hr.cg.state.premovable.dests);
};

const move = (id, token, mv, ply) => api('POST', `/api/games/${id}/moves`, { move: mv, ply }, token);
const cgFen = (page) => page.evaluate(() => window.__hr.cg.getFen());
const boardOf = (fen) => fen.split(' ')[0];
const idOf = (page) => new URL(page.url()).pathname.split('/')[2];

// resignByButton resigns through the page (the confirm is accepted)
async function resignByButton(page) {
  page.once('dialog', (d) => d.accept());
  await page.click('#resign');
}

test('rematch against the AI: the dialog, a new room, colours swapped, the same settings', async () => {
  const { r, page } = await open({ variant: 'capablanca', presets: 'piece-hp', side: 'white', opponent: { type: 'ai', level: 7 },
    clock: { initial: 600, increment: 5 } });
  await resignByButton(page);
  await page.waitForSelector('#game-end');
  assert.equal(await page.textContent('#game-end .end-title'), 'Black wins — you lost');
  assert.equal(await page.textContent('#game-end .end-reason'), 'White resigned');
  assert.equal(await page.textContent('#game-end .end-score'), '0-1');
  assert.match(await page.getAttribute('#new-same', 'href'), /^\/\?variant=capablanca&presets=piece-hp&opponent=ai&level=7&clock=600%2B5$/);
  await page.click('#rematch');
  await page.waitForFunction((old) => location.pathname.startsWith('/g/') && !location.pathname.endsWith(old), r.id);
  const s = await waitState(page, 's.you === "black" && s.id !== a', r.id);
  assert.notEqual(idOf(page), r.id);
  assert.equal(s.variant, 'capablanca');
  assert.equal(s.presets, 'piece-hp');
  assert.equal(s.seats.white.kind, 'ai');
  assert.equal(s.seats.white.level, 7);
  assert.equal(s.clock.initial, 600000);
  assert.equal(s.clock.increment, 5000);
  assert.equal(await page.locator('#game-end').count(), 0, 'the dialog closed');
  // the AI, white now, moves first; the board is seen from black
  await waitState(page, 's.ply >= 1');
  assert.equal(await page.evaluate(() => window.__hr.cg.state.orientation), 'black');
  assert.match(await page.textContent('.players'), /Computer, Level 7 \(casual\)/);
});

test('rematch between two browsers: offer, accept, both in the new room with swapped seats; a spectator gets a link', async () => {
  const { id, white, black } = await twoPlayers({ variant: 'shogi' });
  const spec = await newPage();
  await spec.goto(ctx.base + '/g/' + id);
  await waitState(spec, 's.you === "spectator"');
  await resignByButton(black);
  for (const p of [white, black]) await p.waitForSelector('#game-end');
  assert.equal(await white.textContent('#game-end .end-title'), 'White wins — you won!');
  assert.equal(await spec.locator('#game-end .end-title').textContent(), 'White wins');
  await white.click('#game-end #rematch');
  await black.waitForSelector('#game-end #rematch-accept');
  assert.equal(await white.locator('#game-end #rematch').isDisabled(), true, 'the offerer waits');
  await black.click('#rematch-accept');
  for (const p of [white, black]) await p.waitForFunction((old) => !location.pathname.endsWith(old), id);
  assert.equal(idOf(white), idOf(black));
  const sw = await waitState(white, 's.id !== a && s.status === "active"', id);
  const sb = await waitState(black, 's.id !== a && s.status === "active"', id);
  assert.equal(sw.you, 'black', 'the former white plays black');
  assert.equal(sb.you, 'white', 'the former black plays white');
  assert.equal(sw.variant, 'shogi');
  // the spectator stays and gets the link to the new game
  await spec.waitForSelector('#follow-rematch');
  assert.equal(await spec.getAttribute('#follow-rematch', 'href'), '/g/' + sw.id);
  // the new seats play: black (the former white) answers white's move
  await move(sw.id, await black.evaluate((k) => localStorage.getItem(k), 'houserules:seat:' + sw.id), sb.legal[0].uci, 0);
  await waitState(white, 's.ply === 1');
});

test('abort: allowed until both sides moved, refused after; an aborted game without moves is not listed', async () => {
  const { id, bt, white, black } = await twoPlayers();
  await white.waitForSelector('#abort');
  await playByClicks(white, 'e2e4');
  await waitState(black, 's.ply === 1');
  await black.waitForSelector('#abort'); // only white has moved
  await playByClicks(black, 'e7e5');
  await waitState(white, 's.ply === 2 && s.canAbort === false');
  await waitState(black, 's.ply === 2 && s.canAbort === false');
  assert.equal(await white.locator('#abort').count(), 0);
  assert.equal(await black.locator('#abort').count(), 0);
  // the server refuses it too
  const err = await black.evaluate(([id, token]) => new Promise((resolve) => {
    const ws = new WebSocket(`ws://${location.host}/api/games/${id}/ws`);
    ws.onopen = () => { ws.send(JSON.stringify({ type: 'hello', token })); ws.send(JSON.stringify({ type: 'abort' })); };
    ws.onmessage = (ev) => { const m = JSON.parse(ev.data); if (m.type === 'error') { ws.close(); resolve(m); } };
  }), [id, bt]);
  assert.equal(err.code, 'no_abort');
  assert.equal((await state(white)).status, 'active');

  // before any move: abort ends the game, "*", aborted
  const g = await open({ variant: 'chess', side: 'white', opponent: { type: 'ai', level: 0 } });
  await g.page.click('#abort');
  const s = await waitState(g.page, 's.status === "over"');
  assert.equal(s.result, '*');
  assert.equal(s.reason, 'aborted');
  await g.page.waitForSelector('#game-end');
  assert.equal(await g.page.textContent('#game-end .end-title'), 'Game aborted');
  const list = await api('GET', '/api/games');
  assert.ok(!list.games.some((x) => x.id === g.r.id), 'an aborted game without moves is not in the recent list');
});

test('navigation: buttons and keys show the reviewed ply; a new move does not take the view away', async () => {
  const { id, wt, bt, white } = await twoPlayers();
  for (const [i, mv] of ['e2e4', 'e7e5', 'g1f3', 'b8c6'].entries()) await move(id, i % 2 ? bt : wt, mv, i);
  const s = await waitState(white, 's.ply === 4');
  const fenAt = (n) => boardOf(n === 0 ? s.startFen : s.moves[n - 1].fen);
  const expectPly = async (n, how) => {
    await white.waitForFunction((f) => window.__hr.cg.getFen() === f, fenAt(n), { timeout: 5000 }).catch(() => {});
    assert.equal(await cgFen(white), fenAt(n), how);
  };
  await white.click('#nav-first');
  await expectPly(0, 'first');
  assert.equal(await white.locator('#nav-prev').isDisabled(), true);
  await white.click('#nav-next');
  await expectPly(1, 'next');
  await white.keyboard.press('ArrowRight');
  await expectPly(2, '→');
  await white.keyboard.press('ArrowLeft');
  await expectPly(1, '←');
  await white.keyboard.press('End');
  await expectPly(4, 'End');
  assert.equal(await white.locator('#nav-next').isDisabled(), true);
  await white.keyboard.press('Home');
  await expectPly(0, 'Home');
  await white.keyboard.press('ArrowDown');
  await expectPly(4, '↓');
  await white.keyboard.press('ArrowUp');
  await expectPly(0, '↑');
  await white.click('#nav-last');
  await expectPly(4, 'last');
  await white.click('#nav-prev');
  await white.click('#nav-prev');
  await expectPly(2, 'prev twice');
  assert.equal(await white.inputValue('#fen'), s.moves[1].fen, 'the FEN box shows the reviewed ply');
  // white's move arrives (played elsewhere with white's token): the view stays on ply 2
  await move(id, wt, 'f1c4', 4);
  await waitState(white, 's.ply === 5');
  await white.waitForTimeout(300);
  await expectPly(2, 'a new move keeps the reviewed ply');
  assert.match(await white.textContent('#status'), /after ply 2 of 5/);
  await white.keyboard.press('End');
  const live = await state(white);
  assert.equal(await cgFen(white), live.board);
});

test('premove: made on the opponent\'s turn, played when legal, dropped when not, cancelled by a right click', async () => {
  const { white, black } = await twoPlayers();
  await playByClicks(white, 'e2e4');
  const s1 = await waitState(white, 's.ply === 1');
  assert.equal(s1.premoves, undefined, 'protocol 2: the state has no premoves');
  // a premove (its destinations asked for when g1 is picked up), then a right click cancels it
  await clickSquare(white, 'g1');
  assert.ok((await premoveDests(white, 'f3')).includes('h3'), 'the server sent premove destinations');
  await clickSquare(white, 'f3');
  assert.deepEqual(await white.evaluate(() => window.__hr.cg.state.premovable.current), ['g1', 'f3']);
  await white.mouse.click(...await squareCentre(white, 'c5'), { button: 'right' });
  assert.equal(await white.evaluate(() => window.__hr.cg.state.premovable.current ?? null), null, 'a right click cancels');
  await clickSquare(white, 'g1');
  await premoveDests(white, 'f3');
  await clickSquare(white, 'f3');
  assert.deepEqual(await white.evaluate(() => window.__hr.cg.state.premovable.current), ['g1', 'f3']);
  await playByClicks(black, 'e7e5');
  const s3 = await waitState(white, 's.ply === 3');
  assert.equal(s3.moves[2].uci, 'g1f3', 'the premove was played when the turn came');
  // d2d4 premoved, then black pins the d-pawn: dropped with a notice
  await waitState(black, 's.ply === 3');
  await clickSquare(white, 'd2');
  await premoveDests(white, 'd4');
  await clickSquare(white, 'd4');
  assert.deepEqual(await white.evaluate(() => window.__hr.cg.state.premovable.current), ['d2', 'd4']);
  await playByClicks(black, 'f8b4');
  await waitState(white, 's.ply === 4');
  await white.waitForSelector('.toast.error:has-text("Premove d2d4 dropped")');
  await white.waitForTimeout(400);
  const s4 = await state(white);
  assert.equal(s4.ply, 4, 'nothing was sent');
  assert.equal(s4.turn, 'white');
});

test('sounds: move, capture, check, game end; mute is kept across reloads', async () => {
  const { id, wt, bt, white } = await twoPlayers({ variant: 'chess', fen: '4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1' });
  const sounds = () => white.evaluate(() => window.__hr.sounds ?? []);
  await white.evaluate(() => localStorage.removeItem('houserules:muted'));
  await playByClicks(white, 'e4d5');
  await waitState(white, 's.ply === 1');
  await white.waitForFunction(() => (window.__hr.sounds ?? []).length >= 1);
  assert.deepEqual(await sounds(), ['capture']);
  await move(id, bt, 'e8f7', 1);
  await white.waitForFunction(() => (window.__hr.sounds ?? []).length >= 2);
  await playByClicks(white, 'a1a7');
  await white.waitForFunction(() => (window.__hr.sounds ?? []).length >= 3);
  assert.deepEqual(await sounds(), ['capture', 'move', 'check']);
  await white.click('#sound-toggle');
  assert.match(await white.textContent('#sound-toggle'), /Sound off/);
  await move(id, bt, 'f7f6', 3);
  await waitState(white, 's.ply === 4');
  await white.waitForTimeout(200);
  assert.deepEqual(await sounds(), ['capture', 'move', 'check'], 'muted: nothing played');
  await white.reload();
  await waitState(white, 's.ply === 4');
  assert.match(await white.textContent('#sound-toggle'), /Sound off/, 'mute kept after a reload');
  await white.click('#sound-toggle');
  await move(id, bt, 'f6g6', 4).catch(() => {}); // not black's turn: refused, no sound
  await move(id, wt, 'a7a6', 4);
  await white.waitForFunction(() => (window.__hr.sounds ?? []).length >= 1);
  await resignByButton(white);
  await white.waitForFunction(() => (window.__hr.sounds ?? []).includes('end'));
  const after = await sounds();
  assert.equal(after[after.length - 1], 'end');
});

test('board flip is kept per game across reloads; the tab title says your turn and the result', async () => {
  const { id, white, black } = await twoPlayers();
  assert.equal(await white.title(), '● Your turn — houserules');
  assert.equal(await black.title(), 'chess — houserules');
  await white.click('#flip');
  assert.equal(await white.evaluate(() => window.__hr.cg.state.orientation), 'black');
  await white.reload();
  await waitState(white, 's.you === "white"');
  assert.equal(await white.evaluate(() => window.__hr.cg.state.orientation), 'black', 'flip kept after a reload');
  // another game is not flipped
  const other = await api('POST', '/api/games', { variant: 'chess', side: 'white', opponent: { type: 'ai', level: 0 } });
  await white.goto(ctx.base + other.seatUrl);
  await waitState(white, 's.id === a', other.id);
  assert.equal(await white.evaluate(() => window.__hr.cg.state.orientation), 'white');
  await white.goto(ctx.base + '/g/' + id);
  await waitState(white, 's.id === a', id);
  assert.equal(await white.evaluate(() => window.__hr.cg.state.orientation), 'black');
  await playByClicks(white, 'e2e4');
  await waitState(white, 's.ply === 1');
  assert.equal(await white.title(), 'chess — houserules');
  await black.waitForFunction(() => document.title === '● Your turn — houserules');
  await resignByButton(black);
  await white.waitForFunction(() => document.title === 'White wins — you won! (black resigned) — houserules');
});

test('AI levels: the 0..20 scale named as the CLI\'s on the home page and the game page', async () => {
  const page = await newPage();
  await page.goto(ctx.base + '/?variant=chess&opponent=ai&level=10');
  await page.waitForSelector('#level');
  const opts = await page.$$eval('#level option', (o) => o.map((x) => [x.value, x.textContent]));
  assert.equal(opts.length, 21);
  assert.deepEqual(opts[0], ['0', 'Level 0 (beginner)']);
  assert.deepEqual(opts[10], ['10', 'Level 10 (club)']);
  assert.deepEqual(opts[20], ['20', 'Level 20 (full strength)']);
  assert.equal(await page.inputValue('#level'), '10', 'prefilled from ?level=');
  await page.selectOption('#level', '2');
  await page.click('#create');
  const s = await waitState(page, 's.you !== "spectator"');
  const ai = s.you === 'white' ? s.seats.black : s.seats.white;
  assert.equal(ai.level, 2);
  assert.match(await page.textContent('.players'), /Computer, Level 2 \(beginner\)/);
});

test('finished-game page: a banner (no popup), the moves, navigation, PGN and a stoppable replay', async () => {
  const { id, wt, bt, white } = await twoPlayers();
  const mvs = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6'];
  for (const [i, mv] of mvs.entries()) await move(id, i % 2 ? bt : wt, mv, i);
  await waitState(white, 's.ply === 6');
  await resignByButton(white);
  await waitState(white, 's.status === "over"');
  const page = await newPage();
  await page.goto(ctx.base + '/g/' + id);
  const s = await waitState(page, 's.status === "over"');
  await page.waitForSelector('#end-banner .end-title');
  assert.equal(await page.textContent('#end-banner .end-title'), 'Black wins');
  assert.match(await page.textContent('#end-banner'), /White resigned/);
  assert.equal(await page.locator('#game-end').count(), 0, 'no popup for a game that was already over');
  assert.equal(await page.locator('#moves li').count(), 6);
  await page.waitForSelector('#pgn-text');
  const pgn = await page.textContent('#pgn-text');
  assert.match(pgn, /1\. e4 e5 2\. Nf3 Nc6 3\. Bc4 Nf6/);
  assert.match(pgn, /\[Result "0-1"\]/);
  assert.equal(await page.getAttribute('#pgn-download', 'href'), `/api/games/${id}/pgn`);
  await page.click('#nav-first');
  assert.equal(await cgFen(page), boardOf(s.startFen));
  // replay: the board steps through the plies by itself
  await page.click('#replay');
  const seen = new Set();
  for (let n = 1; n <= 3; n++) {
    await page.waitForFunction((f) => window.__hr.cg.getFen() === f, boardOf(s.moves[n - 1].fen), { timeout: 5000 });
    seen.add(n);
  }
  assert.equal(seen.size, 3);
  await page.click('#replay'); // stop
  assert.match(await page.textContent('#replay'), /Replay/);
  const stopped = await cgFen(page);
  await page.waitForTimeout(1600);
  assert.equal(await cgFen(page), stopped, 'the replay stopped');
  // and played to the end it returns to the final position
  await page.click('#replay');
  await page.waitForFunction((f) => window.__hr.cg.getFen() === f, boardOf(s.moves[5].fen), { timeout: 10000 });
  await page.waitForFunction(() => /Replay/.test(document.querySelector('#replay').textContent));
});

test('sounds: low time on the player\'s own running clock, then the end on a time forfeit', async () => {
  const { id, wt, black } = await twoPlayers({ variant: 'chess', clock: { initial: 6, increment: 0 } });
  await black.evaluate(() => localStorage.removeItem('houserules:muted'));
  await move(id, wt, 'e2e4', 0); // black's clock runs from now: low under 1.2 s (a fifth of 6 s)
  await waitState(black, 's.ply === 1 && s.clock.running === "black"');
  await black.waitForTimeout(2500);
  assert.ok(!(await black.evaluate(() => window.__hr.sounds ?? [])).includes('lowtime'), 'not low yet');
  await black.waitForFunction(() => (window.__hr.sounds ?? []).includes('lowtime'), null, { timeout: 8000 });
  const s = await waitState(black, 's.status === "over"', null, 10000);
  assert.equal(s.reason, 'black ran out of time');
  await black.waitForFunction(() => (window.__hr.sounds ?? []).includes('end'));
  const snd = await black.evaluate(() => window.__hr.sounds);
  assert.deepEqual(snd.filter((k) => k !== 'move'), ['lowtime', 'end']);
});

test('premove: a fairy piece on a 10×8 board and a pocket drop, with the server\'s destinations', async () => {
  // capablanca: the archbishop's knight leg c1d3, premoved after 1. e4
  const cap = await twoPlayers({ variant: 'capablanca' });
  await playByClicks(cap.white, 'e2e4');
  await waitState(cap.white, 's.ply === 1');
  await clickSquare(cap.white, 'c1');
  await premoveDests(cap.white, 'd3'); // the archbishop's knight leg is a premove
  await clickSquare(cap.white, 'd3');
  assert.deepEqual(await cap.white.evaluate(() => window.__hr.cg.state.premovable.current), ['c1', 'd3']);
  await playByClicks(cap.black, 'e7e5');
  const s3 = await waitState(cap.white, 's.ply === 3');
  assert.equal(s3.moves[2].uci, 'c1d3');
  // crazyhouse: white premoves a knight drop from the pocket while black is to move
  const zh = await twoPlayers({ variant: 'crazyhouse', fen: 'r3k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[N] b - - 0 1' });
  await waitState(zh.white, 's.turn === "black"');
  await zh.white.locator('.pocket piece[data-role="n-piece"][data-color="white"]').click();
  await premoveDests(zh.white, 'f3');
  await clickSquare(zh.white, 'f3');
  assert.deepEqual(await zh.white.evaluate(() => window.__hr.cg.state.premovable.current), ['N@', 'f3']);
  await playByClicks(zh.black, 'e7e6');
  const z = await waitState(zh.white, 's.ply === 2');
  assert.equal(z.moves[1].uci, 'N@f3');
});

test('partial states (protocol 2): the page rebuilds the whole game from them, the move list and the rules panel stay whole', async () => {
  const { id, wt, bt, white, black } = await twoPlayers({ variant: 'crazyhouse' });
  const frames = [];
  let url = '';
  // a spectator page, opened after the seats: its first state is whole, the next ones partial
  const watch = await newPage();
  watch.on('websocket', (ws) => {
    url = ws.url();
    ws.on('framereceived', (f) => { if (typeof f.payload === 'string' && f.payload.startsWith('{"type":"state"')) frames.push(JSON.parse(f.payload)); });
  });
  await watch.goto(ctx.base + `/g/${id}`);
  await waitState(watch, 's.you === "spectator"');
  assert.match(url, /\/ws\?protocol=2$/);
  const played = ['e2e4', 'd7d5', 'e4d5', 'd8d5', 'b1c3', 'd5a5', 'g1f3'];
  for (let i = 0; i < played.length; i++) {
    const r = await move(id, i % 2 ? bt : wt, played[i], i);
    assert.ok(!r.error, JSON.stringify(r));
  }
  for (const page of [watch, white, black]) {
    const s = await waitState(page, 's.ply === 7');
    assert.deepEqual(s.moves.map((m) => m.uci), played);
    assert.ok(s.productions['fide.capture'], 'productions kept from the first state');
    assert.ok(s.pieces.length >= 6, 'pieces kept');
    assert.equal(s.since, undefined);
    assert.equal(await page.locator('li.mv').count(), 7, 'the move list shows every move');
  }
  const partial = frames.filter((f) => f.since !== undefined);
  assert.ok(frames[0].since === undefined && frames[0].productions, 'the first state is whole');
  assert.ok(partial.length >= 7, `${partial.length} partial states`);
  const last = partial[partial.length - 1];
  assert.equal(last.since, 6);
  assert.deepEqual(last.moves.map((m) => m.uci), ['g1f3']);
  assert.equal(last.productions, undefined);
  // the pocket after dxc… captures: the spectator sees the same pockets as the seats
  assert.deepEqual((await state(watch)).pockets, (await state(white)).pockets);
});
