// Layout tests (issue 44): the board never covers the side panel at any
// width, the HP badges and wrap-edge marks survive a window resize, and
// the coordinate labels are not hidden by the badges. Asserts on element
// boxes, not screenshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ctx, newPage, shot, squareCentre, start, state, stop, waitState } from './lib.mjs';

before(start);
after(stop);

async function createGame(page, { variant = 'chess', presets = [] } = {}) {
  await page.goto(ctx.base + '/');
  await page.waitForSelector('#variant option', { state: 'attached' });
  await page.selectOption('#variant', variant);
  for (const p of presets) await page.check(`#preset-${p}`);
  await page.waitForSelector('#verdict.ok');
  await page.check('#opp-human');
  await page.click('#create');
  await page.waitForURL(/\/g\//);
  return waitState(page, 's.you !== "spectator"');
}

const intersects = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const fmt = (b) => `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}`;

// settle waits two frames (and the resize handler) after a viewport change
const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));

test('board and side panel do not overlap at 390, 900, 1000 and 1400 px', async () => {
  const page = await newPage(1400, 900);
  await createGame(page);
  for (const width of [390, 900, 1000, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    const board = await page.locator('.board-wrap').boundingBox();
    const cg = await page.locator('#board').boundingBox();
    const side = await page.locator('aside.side').boundingBox();
    assert.ok(!intersects(board, side), `${width}px: board-wrap ${fmt(board)} overlaps the panel ${fmt(side)}`);
    assert.ok(!intersects(cg, side), `${width}px: board ${fmt(cg)} overlaps the panel ${fmt(side)}`);
    const docWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(docWidth <= width, `${width}px: the page scrolls sideways (${docWidth}px wide)`);
    for (const sel of ['#resign', '#flip', '#draw', '#status', '#clock-white', '#clock-black']) {
      const loc = page.locator(sel);
      if (!(await loc.count())) continue;
      await loc.scrollIntoViewIfNeeded();
      assert.ok(await loc.isVisible(), `${width}px: ${sel} visible`);
      const b = await loc.boundingBox();
      const vp = page.viewportSize();
      assert.ok(b.x >= 0 && b.x + b.width <= vp.width && b.y >= 0 && b.y < vp.height, `${width}px: ${sel} ${fmt(b)} inside the viewport`);
      assert.ok(!intersects(b, cg), `${width}px: ${sel} under the board`);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `layout-${width}`);
  }
});

// badgeBoxes: each badge's box and the box of its square
async function badgesOnSquares(page) {
  const s = await state(page);
  const bb = await page.locator('#board cg-board').boundingBox();
  const sw = bb.width / s.files, sh = bb.height / s.ranks;
  const badges = page.locator('#board .overlay .badge');
  const n = await badges.count();
  const out = [];
  for (let i = 0; i < n; i++) {
    const b = badges.nth(i);
    const sq = await b.getAttribute('data-square');
    const [cx, cy] = await squareCentre(page, sq);
    const box = await b.boundingBox();
    out.push({ sq, box, square: { x: cx - sw / 2, y: cy - sh / 2, width: sw, height: sh } });
  }
  return out;
}

test('HP badges stay on their squares after a resize', async () => {
  const page = await newPage(1400, 900);
  const s = await createGame(page, { presets: ['piece-hp'] });
  assert.ok((s.badges ?? []).length >= 32, 'every piece has an HP badge');
  for (const width of [1400, 900, 1000, 390, 1200]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    const got = await badgesOnSquares(page);
    assert.equal(got.length, s.badges.length, `${width}px: ${got.length} badges on the board`);
    for (const { sq, box, square } of got) {
      const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
      assert.ok(box.width > 0 && cx > square.x && cx < square.x + square.width && cy > square.y && cy < square.y + square.height,
        `${width}px: badge of ${sq} ${fmt(box)} over its square ${fmt(square)}`);
    }
  }
});

test('wrap-edge marks stay after a resize', async () => {
  const page = await newPage(1400, 900);
  const s = await createGame(page, { presets: ['wrap-board'] });
  assert.notEqual(s.topology, 'plain');
  const edges = () => page.evaluate(() => {
    const b = document.querySelector('#board');
    const out = [];
    for (const [node, pseudo] of [[b, '::before'], [b, '::after'], [b.querySelector('cg-container'), '::before'], [b.querySelector('cg-container'), '::after']]) {
      if (!node) continue;
      const cs = getComputedStyle(node, pseudo);
      if (cs.content !== 'none' && cs.display !== 'none' && parseFloat(cs.width) > 0 && parseFloat(cs.height) > 0) out.push(pseudo + ':' + cs.width + 'x' + cs.height);
    }
    return out;
  });
  const marks = () => page.locator('#board .overlay .mark').count();
  const before = await edges();
  const marksBefore = await marks();
  assert.ok(before.length >= 2, 'the wrap edges are drawn: ' + before);
  for (const width of [900, 1000, 390, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    assert.ok((await edges()).length >= before.length, `${width}px: wrap edges still drawn`);
    assert.equal(await marks(), marksBefore, `${width}px: marks still drawn`);
    assert.equal(await page.locator('#board .overlay').count(), 1, `${width}px: the overlay is on the board`);
  }
});

test('coordinate labels are not covered by HP badges or pieces', async () => {
  const page = await newPage(1400, 900);
  await createGame(page, { presets: ['piece-hp'] });
  for (const width of [1400, 1000, 900, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    const r = await page.evaluate(() => {
      const box = (e) => { const b = e.getBoundingClientRect(); return { x: b.x, y: b.y, width: b.width, height: b.height }; };
      const text = (e) => { const rg = document.createRange(); rg.selectNodeContents(e); return box(rg); };
      const labels = [...document.querySelectorAll('#board coords coord')].map((c) => ({ t: c.textContent, box: text(c), z: getComputedStyle(c.parentElement).zIndex }));
      const badges = [...document.querySelectorAll('#board .overlay .badge')].map((b) => ({ sq: b.dataset.square, box: box(b) }));
      const board = box(document.querySelector('#board cg-board'));
      const pieceZ = getComputedStyle(document.querySelector('#board cg-board')).zIndex;
      return { labels, badges, pieceZ, board };
    });
    assert.ok(r.labels.length >= 16 && r.badges.length >= 32);
    for (const l of r.labels) for (const b of r.badges) {
      assert.ok(!intersects(l.box, b.box), `${width}px: label ${l.t} ${fmt(l.box)} under the badge of ${b.sq} ${fmt(b.box)}`);
    }
    // no piece covers a label (the corner pieces hid them): the labels
    // are outside the squares, inside the viewport
    for (const l of r.labels) {
      assert.ok(!intersects(l.box, r.board), `${width}px: label ${l.t} ${fmt(l.box)} on the board ${fmt(r.board)}`);
      assert.ok(l.box.x >= 0 && l.box.width > 0, `${width}px: label ${l.t} ${fmt(l.box)} on screen`);
    }
  }
  await shot(page, 'layout-coords-390');
});
