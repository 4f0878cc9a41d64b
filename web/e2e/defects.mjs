// Browser tests for the defects of issue 44: each failed on the code
// before its fix. Run with web/e2e/run.sh, or from web/:
// CHROMIUM=/usr/bin/chromium HOUSERULES_BIN=… node --test e2e/defects.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, clickSquare, ctx, newPage, playByClicks, start, state, stop, waitState } from './lib.mjs';

before(start);
after(stop);

// open creates a game through the API and opens the creator's seat.
async function open(body, page) {
  const r = await api('POST', '/api/games', body);
  assert.ok(r.id, JSON.stringify(r));
  page ??= await newPage();
  await page.goto(ctx.base + r.seatUrl);
  await waitState(page, 's.you !== "spectator"');
  return { r, page };
}

// wsSend sends one message over a fresh WebSocket of the page's game
// (as the seat of token) and answers the first error within two seconds
// of it, or null.
function wsSend(page, id, token, msg) {
  return page.evaluate(([id, token, msg]) => new Promise((resolve) => {
    const ws = new WebSocket(`ws://${location.host}/api/games/${id}/ws`);
    let sent = false;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'error') { ws.close(); resolve(m); return; }
      if (m.type === 'state' && !sent) {
        sent = true;
        ws.send(JSON.stringify(msg));
        setTimeout(() => { ws.close(); resolve(null); }, 2000);
      }
    };
  }), [id, token, msg]);
}

test('1. no take-back after a checkmate against the AI', async () => {
  const { r, page } = await open({ variant: 'chess', fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', opponent: { type: 'ai', level: 1 } });
  await waitState(page, 's.turn === s.you && s.status === "active"');
  await playByClicks(page, 'a1a8');
  const s = await waitState(page, 's.status === "over"');
  assert.equal(s.result, '1-0');
  assert.equal(s.canTakeback, false, 'the state offers no take-back');
  assert.equal(await page.locator('#takeback').count(), 0, 'no Take back button');
  const m = await wsSend(page, r.id, r.token, { type: 'takeback' });
  assert.equal(m?.type, 'error', 'the server refuses the take-back');
  assert.equal(m.code, 'no_takeback');
  assert.match(m.message, /over/);
  const g = await api('GET', '/api/games/' + r.id);
  assert.equal(g.state.status, 'over');
  assert.equal(g.state.moves.length, 1);
});

test('2. "why is this move legal?" is cleared when a new state arrives', async () => {
  const { page } = await open({ variant: 'chess', opponent: { type: 'ai', level: 1 } });
  await waitState(page, 's.turn === s.you && s.status === "active"');
  await clickSquare(page, 'e2');
  await page.waitForFunction(() => /legal moves? from e2/.test(document.querySelector('#why').textContent));
  await clickSquare(page, 'e4');
  await waitState(page, 's.ply >= 2 && !s.aiThinking');
  await page.waitForFunction(() => /Last move/.test(document.querySelector('#why').textContent));
  const why = await page.textContent('#why');
  assert.doesNotMatch(why, /from e2/, 'the panel no longer lists the emptied e2: ' + why);
  // a square selected while the AI moves is listed for the new position
  await clickSquare(page, 'g1');
  await page.waitForFunction(() => /legal moves? from g1/.test(document.querySelector('#why').textContent));
});

test('3. while reviewing, the exported FEN is the reviewed position\'s', async () => {
  const { page } = await open({ variant: 'chess', opponent: { type: 'ai', level: 1 } });
  await waitState(page, 's.turn === s.you && s.status === "active"');
  await playByClicks(page, 'e2e4');
  const s = await waitState(page, 's.ply >= 2 && !s.aiThinking && s.turn === s.you');
  assert.equal(await page.inputValue('#fen'), s.fen);
  await page.click('#moves li[data-ply="1"]');
  await page.waitForSelector('#live');
  assert.equal(await page.inputValue('#fen'), s.moves[0].fen, 'the FEN after ply 1');
  assert.match(await page.textContent('#fen-note'), /after ply 1 of 2/);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((f) => document.querySelector('#fen').value === f, s.startFen);
  await page.click('#live');
  await page.waitForSelector('#live', { state: 'detached' });
  assert.equal(await page.inputValue('#fen'), s.fen, 'back to the game: the live FEN');
  assert.equal(await page.locator('#fen-note').count(), 0);
});

test('4. the creator, the invitee and a spectator each read their own wording', async () => {
  const { r, page: creator } = await open({ variant: 'chess', opponent: { type: 'human' } });
  await creator.waitForSelector('#status[data-status="waiting"]');
  assert.match(await creator.textContent('#status'), /send them the invite link/);

  const invitee = await newPage();
  await invitee.goto(ctx.base + r.inviteUrl);
  await waitState(invitee, 's.status === "waiting"');
  await invitee.waitForSelector('#join');
  const inv = await invitee.textContent('#status');
  assert.doesNotMatch(inv, /invite link|watching/, 'invitee: ' + inv);
  assert.match(inv, /take the seat/);

  const watcher = await newPage();
  await watcher.goto(ctx.base + '/g/' + r.id);
  await waitState(watcher, 's.you === "spectator" && s.status === "waiting"');
  await watcher.waitForSelector('#status[data-status="waiting"]');
  const w = await watcher.textContent('#status');
  assert.doesNotMatch(w, /invite link|your opponent/, 'spectator: ' + w);
  assert.match(w, /watching/);

  await invitee.click('#join');
  await waitState(invitee, 's.you === "black" && s.status === "active"');
  await waitState(watcher, 's.status === "active"');
  await watcher.waitForSelector('#status[data-status="active"]');
  const players = await watcher.textContent('.players');
  assert.doesNotMatch(players, /Opponent|You/, 'spectator players: ' + players);
  assert.match(players, /White: Human player/);
  assert.match(players, /Black: Human player/);
  assert.match(await creator.textContent('.players'), /Black: Opponent/);
  assert.match(await invitee.textContent('.players'), /White: Opponent/);
  assert.doesNotMatch(await invitee.textContent('#status'), /watching|invite/);
});

test('5. errors in the page: display names, no command-line syntax, no codes', async () => {
  const page = await newPage();
  await page.goto(ctx.base + '/');
  await page.waitForSelector('#variant option', { state: 'attached' });
  await page.selectOption('#variant', 'chess');
  await page.check('#preset-king-heals');
  await page.waitForSelector('#verdict.bad');
  const v = await page.textContent('#verdict');
  assert.doesNotMatch(v, /--|incompatible_presets|\(\w+_\w+\)|king-heals|piece-hp/, 'verdict: ' + v);
  assert.match(v, /Regenerating King/);
  assert.match(v, /Hit Points/);
  await page.check('#preset-piece-hp');
  await page.check('#preset-explosive-rook');
  await page.waitForFunction(() => /Detonating Rook/.test(document.querySelector('#verdict').textContent));
  const v2 = await page.textContent('#verdict');
  assert.doesNotMatch(v2, /incompatible_presets|explosive-rook|piece-hp/, 'verdict: ' + v2);
  // the API keeps the code (and the message) in their own fields
  const r = await fetch(ctx.base + '/api/rulesets/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ variant: 'chess', presets: 'king-heals' }) });
  const e = (await r.json()).error;
  assert.equal(e.code, 'incompatible_presets');
  assert.match(e.display, /Regenerating King/);
});

test('6. "Recent games" lists only finished games and games with moves', async () => {
  const empty1 = await api('POST', '/api/games', { variant: 'chess', opponent: { type: 'human' } });
  const empty2 = await api('POST', '/api/games', { variant: 'chess', side: 'white', opponent: { type: 'ai', level: 1 } });
  const played = await api('POST', '/api/games', { variant: 'chess', opponent: { type: 'human' } });
  const j = await api('POST', `/api/games/${played.id}/join`, { invite: played.inviteUrl.split('#invite=')[1] });
  assert.ok(j.token);
  const mv = await api('POST', `/api/games/${played.id}/moves`, { move: 'e2e4' }, played.token);
  assert.ok(!mv.error, JSON.stringify(mv));
  // a game that ended on its first move (mate in one from a set position)
  const over = await api('POST', '/api/games', { variant: 'chess', fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', side: 'white', opponent: { type: 'human' } });
  await api('POST', `/api/games/${over.id}/join`, { invite: over.inviteUrl.split('#invite=')[1] });
  const mate = await api('POST', `/api/games/${over.id}/moves`, { move: 'a1a8' }, over.token);
  assert.ok(!mate.error, JSON.stringify(mate));

  const ids = (await api('GET', '/api/games')).games.map((g) => g.id);
  assert.ok(ids.includes(played.id), 'a game with a move is listed');
  assert.ok(ids.includes(over.id), 'a finished game is listed');
  assert.ok(!ids.includes(empty1.id) && !ids.includes(empty2.id), 'empty games are not listed');

  const page = await newPage();
  await page.goto(ctx.base + '/');
  await page.waitForSelector('.recent ul li');
  const hrefs = await page.locator('.recent a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.ok(hrefs.includes('/g/' + played.id) && hrefs.includes('/g/' + over.id), hrefs.join(' '));
  assert.ok(!hrefs.includes('/g/' + empty1.id) && !hrefs.includes('/g/' + empty2.id), hrefs.join(' '));
});
