// Piece images in the browser (pieces.ts, shogipieces.ts, fairypieces.ts):
// a spartan and a shogi game show a different image for every piece type
// of each side; shogi's Black pieces point down (up when the board is
// turned), its promoted pieces are red, the "Pieces: characters" switch
// works on a shogi board; every catalogue variant's images load (the
// montage). Screenshots: web/e2e/output/pieces-*.png, docs/pieces.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, ctx, newPage, outDir, shot, start, stop, waitState } from './lib.mjs';
import { catalogue, montageHTML } from './montage.mjs';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs');

before(start);
after(stop);

async function open(body, page) {
  const r = await api('POST', '/api/games', body);
  assert.ok(r.id, JSON.stringify(r));
  page ??= await newPage(1200, 900);
  await page.goto(ctx.base + r.seatUrl);
  await waitState(page, 's.you !== "spectator"');
  await page.waitForFunction(() => document.querySelectorAll('#board cg-board piece').length > 0);
  return page;
}

// boardImages: for each piece on the board, its role, colour and the
// computed background image (the SVG decoded).
const boardImages = (page) => page.evaluate(() => [...document.querySelectorAll('#board cg-board piece')].map((e) => {
  const bg = getComputedStyle(e).backgroundImage;
  const m = bg.match(/base64,([^"')]+)/);
  return {
    role: [...e.classList].find((c) => c.endsWith('-piece')),
    color: e.classList.contains('white') ? 'white' : 'black',
    bg,
    svg: m ? decodeURIComponent(escape(atob(m[1]))) : '',
  };
}));

// distinctPerType checks that each (role, colour) has one image and no two
// roles of a colour share one; it returns role → image by colour.
function distinctPerType(pieces, what) {
  const by = { white: new Map(), black: new Map() };
  for (const p of pieces) {
    assert.ok(p.bg.startsWith('url('), `${what}: ${p.role} ${p.color} has an image`);
    const had = by[p.color].get(p.role);
    if (had) assert.equal(had, p.bg, `${what}: every ${p.color} ${p.role} looks the same`);
    by[p.color].set(p.role, p.bg);
  }
  for (const c of ['white', 'black']) {
    const roles = [...by[c].keys()];
    const imgs = new Set(by[c].values());
    assert.equal(imgs.size, roles.length, `${what}: ${c}'s ${roles.join(' ')} all look different`);
  }
  return by;
}

test('spartan: every piece type of each army has its own image', async () => {
  const page = await open({ variant: 'spartan', side: 'white', opponent: { type: 'human' } });
  const s = await waitState(page, 'true');
  const pieces = await boardImages(page);
  const by = distinctPerType(pieces, 'spartan');
  // the Spartans (Black): hoplites, lieutenants, captains, general, warlord, two kings
  const letters = (c) => [...by[c].keys()].map((r) => r[0]).sort().join('');
  assert.equal(letters('black'), 'cghklw');
  assert.equal(letters('white'), 'bknpqr');
  const blackSvg = (l) => pieces.find((p) => p.color === 'black' && p.role === l + '-piece').svg;
  assert.match(blackSvg('h'), /data-face="helmet"/, 'the hoplite is a helmet');
  for (const l of ['l', 'c']) assert.match(blackSvg(l), /data-face="diagram" data-marks="[1-9]/, `${l}: a movement diagram`);
  // no piece of the game is a bare letter
  for (const p of pieces) assert.ok(/<image |data-face="/.test(p.svg), `${p.role}: a symbol or a face`);
  // every type differs from every other, whatever its side
  const all = new Set(pieces.map((p) => p.bg));
  assert.equal(all.size, new Set(pieces.map((p) => p.role + p.color)).size);
  assert.equal(s.pieces.length, 11);
  await shot(page, 'pieces-spartan');
  await page.context().close();
});

test('shogi: pentagons, Black pointing down, promoted red, characters switch, turned board', async () => {
  // a position with a promoted pawn (tokin) for each side
  const page0 = await newPage(1200, 900);
  const r0 = await api('POST', '/api/games', { variant: 'shogi', side: 'white', opponent: { type: 'human' } });
  await page0.goto(ctx.base + r0.seatUrl);
  const s0 = await waitState(page0, 's.you !== "spectator"');
  await page0.context().close();
  const rows = s0.startFen.split(' ')[0].split('/');
  rows[3] = '4+p4';
  rows[5] = '4+P4';
  const fen = [rows.join('/'), ...s0.startFen.split(' ').slice(1)].join(' ');
  const page = await open({ variant: 'shogi', fen, side: 'white', opponent: { type: 'human' } });
  await page.evaluate(() => localStorage.setItem('houserules:xq-pieces', 'symbols'));
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#board cg-board piece').length > 0);
  let pieces = await boardImages(page);
  distinctPerType(pieces, 'shogi');
  const roles = new Set(pieces.map((p) => p.role));
  for (const r of ['p', 'l', 'n', 's', 'g', 'b', 'r', 'k', 'pp']) assert.ok(roles.has(r + '-piece'), r);
  for (const p of pieces) {
    assert.equal(p.svg.includes('rotate(180 22.5 22.5)'), p.color === 'black', `${p.color} ${p.role}: Black's pieces point down`);
    assert.match(p.svg, /<polygon /, `${p.role}: a pentagon`);
  }
  const tokin = pieces.find((p) => p.role === 'pp-piece' && p.color === 'white');
  assert.match(tokin.svg, />\+P<\/text>/);
  assert.match(tokin.svg, /#c0171b/, 'a promoted piece is in red');
  // the two sides' wood differs a little
  const pawn = (c) => pieces.find((p) => p.role === 'p-piece' && p.color === c).svg;
  assert.notEqual(pawn('white').match(/stop-color="[^"]+"/)[0], pawn('black').match(/stop-color="[^"]+"/)[0]);
  await shot(page, 'pieces-shogi');

  // the switch: characters (kanji) on the pentagons
  const sw = page.locator('#piece-style');
  assert.equal(await sw.textContent(), 'Pieces: characters');
  await sw.click();
  await page.waitForFunction(() => document.querySelector('#piece-style')?.textContent === 'Pieces: symbols');
  pieces = await boardImages(page);
  const ch = (role, c) => pieces.find((p) => p.role === role && p.color === c).svg.match(/data-face="kanji"[^>]*>([^<]+)</)?.[1];
  assert.equal(ch('p-piece', 'white'), '歩');
  assert.equal(ch('pp-piece', 'white'), 'と');
  assert.equal(ch('r-piece', 'black'), '飛');
  assert.equal(ch('k-piece', 'white'), '玉');
  assert.equal(ch('k-piece', 'black'), '王');
  distinctPerType(pieces, 'shogi (characters)');
  await shot(page, 'pieces-shogi-kanji');
  await sw.click();
  await page.waitForFunction(() => document.querySelector('#piece-style')?.textContent === 'Pieces: characters');

  // turned board: the side below points up
  await page.click('#flip');
  await page.waitForFunction(() => document.querySelector('#board')?.classList.contains('orient-black'));
  pieces = await boardImages(page);
  for (const p of pieces) assert.equal(p.svg.includes('rotate(180 22.5 22.5)'), p.color === 'white', `turned: ${p.color} ${p.role}`);
  await shot(page, 'pieces-shogi-turned');
  await page.context().close();
});

test('every catalogue variant: the images load, one per piece type (montage)', async () => {
  const page = await newPage(1400, 900);
  await page.setContent(await montageHTML());
  await page.evaluate((c) => window.montage(c), catalogue);
  const res = await page.evaluate(async () => {
    const imgs = [...document.querySelectorAll('#m img')];
    await Promise.all(imgs.map((i) => (i.complete ? null : new Promise((r) => { i.onload = i.onerror = r; }))));
    return { n: imgs.length, broken: imgs.filter((i) => !i.naturalWidth).map((i) => i.parentElement.title) };
  });
  assert.deepEqual(res.broken, []);
  assert.ok(res.n > 1500, `${res.n} images`);
  const m = await page.evaluate(() => window.__montage);
  for (const [v, byLetter] of Object.entries(m)) {
    for (const side of [0, 1]) {
      const imgs = Object.values(byLetter).map((x) => x[side]);
      assert.equal(new Set(imgs).size, imgs.length, `${v}: distinct images`);
    }
  }
  await page.screenshot({ path: join(outDir, 'pieces-montage.png'), fullPage: true });
  // docs/pieces.png: the variants the issue names
  const only = ['spartan', 'shogi', 'kyotoshogi', 'torishogi', 'dobutsu', 'capablanca', 'seirawan', 'grand', 'shako', 'makruk', 'sittuyin', 'shatranj', 'courier', 'hoppelpoppel', 'wolf', 'xiangqi', 'janggi', 'manchu'];
  await page.setContent(await montageHTML());
  await page.evaluate(([c, o]) => window.montage(c, o), [catalogue, only]);
  await page.screenshot({ path: join(docs, 'pieces.png'), fullPage: true });
  await page.context().close();
});
