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
const SHOTS = ['xiangqi', 'janggi', 'duck', 'ataxx'];

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
