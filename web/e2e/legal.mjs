// Browser tests of the legal moves asked for (PROTOCOL.md "Partial
// states"): with protocol 2 a state carries `legal` only to the seat to
// move, so a spectator or the waiting player that clicks a piece of the
// side to move asks {"type":"legal"} (once per position) and the page
// lists the moves when the answer comes. No state carries premoves: the
// waiting player that picks up one of its pieces asks {"type":"premoves"}
// and the board offers the destinations when the answer comes. Run with
// web/e2e/run.sh, or from web/: CHROMIUM=/usr/bin/chromium
// HOUSERULES_BIN=… node --test e2e/legal.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, clickSquare, ctx, newPage, start, state, stop, waitState } from './lib.mjs';

before(start);
after(stop);

// watchFrames records the legal and premoves requests a page sends and
// the states and answers it receives.
function watchFrames(page) {
  const f = { asked: 0, answers: [], states: [], premovesAsked: 0, premoves: [] };
  page.on('websocket', (ws) => {
    ws.on('framesent', (x) => {
      if (typeof x.payload !== 'string') return;
      const t = JSON.parse(x.payload).type;
      if (t === 'legal') f.asked++;
      if (t === 'premoves') f.premovesAsked++;
    });
    ws.on('framereceived', (x) => {
      if (typeof x.payload !== 'string') return;
      const m = JSON.parse(x.payload);
      if (m.type === 'legal') f.answers.push(m);
      if (m.type === 'premoves') f.premoves.push(m);
      if (m.type === 'state') f.states.push(m);
    });
  });
  return f;
}

const why = (page, re) => page.waitForFunction((src) => new RegExp(src).test(document.querySelector('#why').textContent), re.source);

// openGame starts a chess game between two humans and opens white's,
// black's and a spectator's pages on it, each watched (watchFrames), once
// all three show the game active.
async function openGame() {
  const r = await api('POST', '/api/games', { variant: 'chess', side: 'white', opponent: { type: 'human' } });
  const j = await api('POST', `/api/games/${r.id}/join`, { invite: r.inviteUrl.split('#invite=')[1] });
  const white = await newPage(), black = await newPage(), watch = await newPage();
  const frames = [white, black, watch].map(watchFrames);
  await white.goto(ctx.base + r.seatUrl);
  await black.goto(ctx.base + `/g/${r.id}#seat=${j.token}`);
  await watch.goto(ctx.base + `/g/${r.id}`);
  await waitState(white, 's.you === "white" && s.status === "active"');
  await waitState(black, 's.you === "black" && s.status === "active"');
  await waitState(watch, 's.you === "spectator" && s.status === "active"');
  return { r, j, white, black, watch, frames };
}

test('a spectator and the waiting player click a piece of the side to move: they ask for the legal moves and see them', async () => {
  const { r, j, white, black, watch, frames } = await openGame();
  const [wf, , wsf] = frames;
  const mv = await api('POST', `/api/games/${r.id}/moves`, { move: 'e2e4', ply: 0 }, r.token);
  assert.ok(!mv.error, JSON.stringify(mv));
  for (const page of [white, black, watch]) await waitState(page, 's.ply === 1');
  // only the seat to move has legal
  assert.equal((await state(black)).legal.length, 20);
  for (const page of [white, watch]) assert.equal((await state(page)).legal, undefined, 'no legal where the page cannot move');
  assert.ok(wsf.states.every((s) => s.legal === undefined), 'the spectator never got legal');

  for (const [name, page, f] of [['spectator', watch, wsf], ['waiting player', white, wf]]) {
    const before = f.asked;
    await clickSquare(page, 'e7');
    await why(page, /2 legal moves from e7 \(black to move\)/);
    assert.match(await page.textContent('#why'), /e6.*e5/s, name);
    await clickSquare(page, 'g8');
    await why(page, /2 legal moves from g8 \(black to move\)/);
    assert.match(await page.textContent('#why'), /Nf6/, name);
    assert.equal(f.asked - before, 1, `${name}: asked once for the position`);
    const a = f.answers[f.answers.length - 1];
    assert.equal(a.ply, 1);
    assert.equal(a.legal.length, 20);
  }

  // black moves: white is to move and has legal, the spectator asks again
  // for the new position (e4xd5 is a capture: its sound)
  await black.evaluate(() => (window.__hr.sounds = []));
  await api('POST', `/api/games/${r.id}/moves`, { move: 'd7d5', ply: 1 }, j.token);
  const ws = await waitState(white, 's.ply === 2');
  assert.ok(ws.legal.length > 20, 'white to move has its moves');
  await waitState(watch, 's.ply === 2');
  const asked = wsf.asked;
  await clickSquare(watch, 'e4');
  await why(watch, /2 legal moves from e4 \(white to move\)/);
  assert.match(await watch.textContent('#why'), /exd5/);
  assert.equal(wsf.asked, asked + 1);
  // the waiting black page hears the capture from the played move alone
  await api('POST', `/api/games/${r.id}/moves`, { move: 'e4d5', ply: 2 }, r.token);
  const bs = await waitState(black, 's.ply === 3');
  assert.equal(bs.lastMove.capture, true);
  await black.waitForFunction(() => (window.__hr.sounds ?? []).includes('capture'));
  const sw = await waitState(watch, 's.ply === 3');
  assert.equal(sw.legal, undefined);
});

test('premoves (protocol 2): no state has them; the waiting player picks up a piece, asks once, the destinations appear, the premove is played on its turn', async () => {
  const { white, black, watch, frames } = await openGame();
  const [wf, bf, sf] = frames;
  // white moves on the board; black to move
  await clickSquare(white, 'e2');
  await clickSquare(white, 'e4');
  for (const page of [white, black, watch]) await waitState(page, 's.ply === 1');
  const dests = () => white.evaluate(() => window.__hr.cg.state.premovable.dests ?? []);
  assert.equal(await white.evaluate(() => window.__hr.cg.state.premovable.enabled), true, 'white may pick up its pieces');
  assert.deepEqual(await dests(), []);
  assert.equal(wf.premovesAsked, 0, 'nothing asked before a piece is picked up');
  // white picks up its knight: one question, the answer's destinations on the board
  await clickSquare(white, 'g1');
  await white.waitForFunction(() => (window.__hr.cg.state.premovable.dests ?? []).includes('f3'));
  assert.deepEqual([...(await dests())].sort(), ['e2', 'f3', 'h3']);
  assert.equal(wf.premovesAsked, 1);
  const a = wf.premoves[wf.premoves.length - 1];
  assert.equal(a.ply, 1);
  assert.ok(a.premoves.some((p) => p.from === 'g1' && p.to === 'f3') && a.premoves.some((p) => p.from === 'd1' && p.to === 'h5'), JSON.stringify(a.premoves));
  // another piece of the same position: its destinations at once, not asked again
  await clickSquare(white, 'f1');
  await white.waitForFunction(() => (window.__hr.cg.state.premovable.dests ?? []).includes('b5'));
  await clickSquare(white, 'g1');
  await white.waitForFunction(() => (window.__hr.cg.state.premovable.dests ?? []).includes('f3'));
  assert.equal(wf.premovesAsked, 1, 'asked once for the position');
  // the premove is set, and played when white's turn comes
  await clickSquare(white, 'f3');
  assert.deepEqual(await white.evaluate(() => window.__hr.cg.state.premovable.current), ['g1', 'f3']);
  await clickSquare(black, 'e7');
  await clickSquare(black, 'e5');
  const s3 = await waitState(white, 's.ply === 3');
  assert.equal(s3.moves[2].uci, 'g1f3', 'the premove was played when the turn came');
  await waitState(watch, 's.ply === 3');
  // the seat to move and the spectator never asked; no state carried premoves
  assert.equal(bf.premovesAsked, 0);
  assert.equal(sf.premovesAsked, 0);
  for (const [name, f] of [['white', wf], ['black', bf], ['spectator', sf]]) {
    assert.ok(f.states.length >= 3, name);
    assert.ok(f.states.every((s) => !('premoves' in s)), `${name}: a state with premoves`);
  }
});
