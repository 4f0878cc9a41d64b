// Browser tests of "Why is this move legal?" (why.ts) across a move: the
// player waiting for the opponent picks up one of its pieces (chessgroundx
// keeps it selected: state.selectable.selected), the opponent moves, and
// the panel lists that piece's legal moves in the new position, with the
// rule (production) of each, instead of being emptied; the tooltip over a
// target square names its move and rule. Run with
// web/e2e/run.sh, or from web/: CHROMIUM=/usr/bin/chromium
// HOUSERULES_BIN=… node --test e2e/why.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, clickSquare, ctx, newPage, squareCentre, start, stop, waitState } from './lib.mjs';

before(start);
after(stop);

// panel is what #why lists: its heading line and, for each move, the SAN
// and the production.
const panel = (page) => page.evaluate(() => {
  const why = document.querySelector('#why');
  const head = [...why.querySelectorAll(':scope > p')].map((p) => p.textContent).find((t) => / from /.test(t)) ?? null;
  const rows = [...why.querySelectorAll(':scope > ul > li')].map((li) => ({ san: li.querySelector('strong')?.textContent, production: li.querySelector('code')?.textContent, text: li.textContent }));
  return { head, rows, text: why.textContent };
});

test('the waiting player has a piece selected when the opponent moves: the panel lists its moves in the new position', async () => {
  const r = await api('POST', '/api/games', { variant: 'chess', side: 'white', opponent: { type: 'human' } });
  const j = await api('POST', `/api/games/${r.id}/join`, { invite: r.inviteUrl.split('#invite=')[1] });
  const white = await newPage(), black = await newPage();
  await white.goto(ctx.base + r.seatUrl);
  await black.goto(ctx.base + `/g/${r.id}#seat=${j.token}`);
  await waitState(white, 's.you === "white" && s.status === "active"');
  await waitState(black, 's.you === "black" && s.status === "active"');
  await clickSquare(white, 'e2');
  await clickSquare(white, 'e4');
  await waitState(white, 's.ply === 1');
  await waitState(black, 's.ply === 1');

  // white waits and picks up its e4 pawn: it stays selected (a premove
  // may start there); black to move, so e4 has no legal move to list
  await clickSquare(white, 'e4');
  await white.waitForFunction(() => window.__hr.cg.state.selectable.selected === 'e4');
  // the premove destinations and the legal moves asked for have come
  await white.waitForFunction(() => (window.__hr.cg.state.premovable.dests ?? []).includes('e5'));
  assert.equal((await panel(white)).head, null, 'no move of e4 while black is to move');

  // black plays d5: now e4 can also take on d5
  const mv = await api('POST', `/api/games/${r.id}/moves`, { move: 'd7d5', ply: 1 }, j.token);
  assert.ok(!mv.error, JSON.stringify(mv));
  const s = await waitState(white, 's.ply === 2');
  assert.equal(await white.evaluate(() => window.__hr.cg.state.selectable.selected), 'e4', 'still selected');
  await white.waitForFunction(() => / from e4/.test(document.querySelector('#why').textContent), undefined, { timeout: 5000 });
  const p = await panel(white);
  assert.equal(p.head, '2 legal moves from e4:', p.text);
  const fromE4 = s.legal.filter((m) => m.from === 'e4');
  assert.deepEqual(p.rows.map((x) => x.san).sort(), ['e5', 'exd5']);
  assert.deepEqual(p.rows.map((x) => x.san), fromE4.map((m) => m.san), 'in the order of the legal moves');
  for (const m of fromE4) {
    const row = p.rows.find((x) => x.san === m.san);
    assert.equal(row.production, m.production, m.san);
    assert.ok(row.text.includes(' — '), row.text);
  }
  // the last move's line is there too
  assert.match(p.text, /Last move d5 \(black\)/);

  // the mouse over d5: the tooltip names the capture and its rule
  await white.mouse.move(...await squareCentre(white, 'd5'), { steps: 4 });
  await white.waitForFunction(() => getComputedStyle(document.querySelector('#why-tip')).display === 'block');
  const tip = await white.textContent('#why-tip');
  const exd5 = fromE4.find((m) => m.san === 'exd5');
  assert.ok(tip.startsWith('exd5 ' + exd5.production), tip);

  // white picks another piece: the panel follows the selection
  await clickSquare(white, 'f1');
  await white.waitForFunction(() => / from f1/.test(document.querySelector('#why').textContent));
  assert.equal((await panel(white)).head, '5 legal moves from f1:');
});
