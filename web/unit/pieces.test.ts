// Piece images (pieces.ts, fairypieces.ts, shogipieces.ts, betza.ts) for
// every catalogue variant: web/unit/fixtures/catalogue-pieces.json holds
// each playable variant's pieces as the game state sends them, and every
// Betza they use as the engine's betza package reads it (written by
// TestCataloguePiecesFixture in server/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fixture from './fixtures/catalogue-pieces.json';
import { parseBetza } from '../src/betza';
import { pieceImage, pieceImageOf, usePieceSet, type PieceInfo } from '../src/pieces';
import { isShogi } from '../src/shogipieces';

interface V { name: string; pieces: PieceInfo[]; boardStyle: any }
const variants = (fixture as any).variants as V[];
const svg = (url: string) => Buffer.from(url.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

// what an image shows: a chess symbol, a face (diagram, kanji, cannon …);
// never only a letter
function faceOf(s: string): string {
  if (s.includes('<image ')) return 'symbol';
  const m = s.match(/data-face="(\w+)"/);
  return m ? m[1] : 'letter';
}

test('the fixture covers the catalogue', () => {
  assert.ok(variants.length >= 140, `${variants.length} variants`);
  for (const n of ['spartan', 'shogi', 'capablanca', 'seirawan', 'grand', 'shako', 'makruk', 'cambodian', 'sittuyin', 'shatranj', 'courier', 'hoppelpoppel', 'torishogi', 'dobutsu', 'xiangqi', 'janggi']) {
    assert.ok(variants.some((v) => v.name === n), n);
  }
});

test('no two piece types of a variant look alike, and none is a bare letter', () => {
  let checked = 0;
  for (const v of variants) {
    for (const chars of [false, true]) {
      usePieceSet(v.pieces, v.boardStyle, chars);
      for (const color of ['white', 'black'] as const) {
        for (const down of [false, true]) {
          const seen = new Map<string, string>();
          for (const p of v.pieces) {
            const url = pieceImageOf(p.letter, color, down);
            const s = svg(url);
            const face = faceOf(s);
            assert.notEqual(face, 'letter', `${v.name} ${p.letter} (${p.name}) is a bare letter`);
            if (face === 'diagram' && p.betza) {
              assert.ok(/data-marks="[1-9]/.test(s), `${v.name} ${p.letter} (${p.name} ${p.betza}): an empty diagram`);
            }
            const twin = seen.get(url);
            assert.equal(twin, undefined, `${v.name} (${color}${down ? ', turned' : ''}${chars ? ', characters' : ''}): ${p.letter} ${p.name} looks like ${twin}`);
            seen.set(url, `${p.letter} ${p.name}`);
            checked++;
          }
          // a promoted piece differs from every unpromoted one
          for (const p of v.pieces.filter((x) => x.promoted)) {
            const url = pieceImageOf(p.letter, color, down, true);
            // (it may look like the type it becomes: shogi's +B is the horse)
            const to = v.pieces.find((x) => x.letter === p.promoted)!;
            const like = seen.get(url);
            if (isShogi(v.pieces)) assert.ok(like === undefined || like === `${to.letter} ${to.name}`, `${v.name}: +${p.letter} looks like ${like}`);
            assert.notEqual(faceOf(svg(url)), 'letter');
          }
        }
      }
    }
  }
  assert.ok(checked > 4000, `${checked} images`);
});

test('custom pieces of an ini are told apart, pawns of two armies too', () => {
  const betzas = ['W', 'F', 'WF', 'D', 'A', 'DA', 'NW', 'CF', 'FDH', 'fmWfceF', 'fmFfcW', 'mfFcfeW', 'fsmWfceF', 'NN', 'gQ', 'pR', 'mRcpR', 'fRbB', 'vRsW', 'KbRfBbF2', '', 'R4', 'B2', 'WN', 'FN'];
  const pieces: PieceInfo[] = betzas.map((b, i) => ({ letter: String.fromCharCode(97 + i), name: `customPiece${i + 1}`, betza: b }));
  pieces.push({ letter: 'z', name: 'pawn', betza: 'fmWfceF' });
  usePieceSet(pieces, { geometry: 'squares' } as any, false);
  for (const color of ['white', 'black'] as const) {
    const urls = pieces.map((p) => pieceImageOf(p.letter, color, color === 'black'));
    const dup = (xs: string[]) => xs.map((x, i) => (xs.indexOf(x) !== i ? `${pieces[xs.indexOf(x)].betza} ~ ${pieces[i].betza}` : '')).filter(Boolean);
    assert.deepEqual(dup(urls), []);
    // the diagrams themselves differ (not only the letters), but for
    // pieces that move alike
    const moves = (b: string) => JSON.stringify(parseBetza(b).map((x) => [x.dx, x.dy, x.mode, x.hop, x.initial, x.rider]).sort());
    const faces = pieces.map((p, i) => svg(urls[i]).replace(/<text[^>]*>[^<]*<\/text>/g, '') + (pieces.some((o) => o !== p && moves(o.betza) === moves(p.betza)) ? p.letter : ''));
    assert.deepEqual(dup(faces), []);
  }
  // a pawn-like custom piece beside the pawn: a helmet
  assert.match(svg(pieceImageOf('k', 'white', false)), /data-face="helmet"/);
});

test('shogi: kanji pentagons, Black pointing down, promoted in red', () => {
  const v = variants.find((x) => x.name === 'shogi')!;
  usePieceSet(v.pieces, v.boardStyle, true);
  const want: Record<string, [string, string]> = {
    p: ['歩', 'と'], l: ['香', '杏'], n: ['桂', '圭'], s: ['銀', '全'], b: ['角', '馬'], r: ['飛', '龍'], g: ['金', ''], k: ['玉', ''],
  };
  for (const [letter, [ch, pr]] of Object.entries(want)) {
    const w = svg(pieceImageOf(letter, 'white', false));
    assert.ok(w.includes(`>${ch}</text>`), `${letter}: ${ch}`);
    assert.ok(!w.includes('rotate(180'), `${letter}: White points up`);
    const b = svg(pieceImageOf(letter, 'black', true));
    assert.ok(b.includes('rotate(180 22.5 22.5)'), `${letter}: Black points down`);
    if (pr) {
      const p = svg(pieceImageOf(letter, 'white', false, true));
      assert.ok(p.includes(`>${pr}</text>`), `+${letter}: ${pr}`);
      assert.match(p, /fill="#c0171b">/, `+${letter} in red`);
    }
  }
  assert.ok(svg(pieceImageOf('k', 'black', true)).includes('>王</text>'));
  // without a CJK font: letters over the movement diagram
  usePieceSet(v.pieces, v.boardStyle, false);
  const p = svg(pieceImageOf('p', 'white', false));
  assert.match(p, />P<\/text>/);
  assert.match(p, /data-face="diagram"/);
  assert.match(svg(pieceImageOf('p', 'white', false, true)), />\+P<\/text>/);
  // the promotion buttons show the promoted piece
  assert.equal(pieceImage(v.pieces, '+p', 'white'), pieceImageOf('p', 'white', false, true));
  for (const n of ['minishogi', 'kyotoshogi', 'dobutsu', 'torishogi', 'yarishogi', 'euroshogi', 'shoshogi', 'okisakishogi']) {
    assert.ok(isShogi(variants.find((x) => x.name === n)!.pieces), n);
  }
  for (const n of ['chess', 'spartan', 'makruk', 'xiangqi']) assert.ok(!isShogi(variants.find((x) => x.name === n)!.pieces), n);
});

test('spartan: the hoplite is a helmet, every Spartan piece its own image', () => {
  const v = variants.find((x) => x.name === 'spartan')!;
  usePieceSet(v.pieces, v.boardStyle, false);
  const h = v.pieces.find((p) => p.betza.startsWith('fmF'))!;
  assert.match(svg(pieceImageOf(h.letter, 'black', true)), /data-face="helmet"/);
  // Black's hoplite moves down the screen: its turned image differs
  assert.notEqual(pieceImageOf(h.letter, 'black', true), pieceImageOf(h.letter, 'black', false));
});

test('the Betza reader agrees with the engine on every catalogue Betza', () => {
  const atoms = (fixture as any).betza as Record<string, { DF: number; DR: number; Kind: number; Limit: number; Modality: number; Initial: boolean }[]>;
  for (const [b, want] of Object.entries(atoms)) {
    // the engine's atoms as (dx, dy, mode, hop, initial): a quiet and a
    // capturing atom alike are one step of both modes
    const w = new Set<string>();
    // (and whether it leaps, slides or hops, and how far)
    const keyOf = (dx: number, dy: number, mode: string, kind: number, limit: number, initial: boolean) => `${dx},${dy},${mode},${kind},${limit},${initial}`;
    for (const a of want) {
      const twin = want.find((o) => o !== a && o.DF === a.DF && o.DR === a.DR && o.Kind === a.Kind && o.Initial === a.Initial && o.Modality !== a.Modality);
      const limit = a.Kind === 0 ? 0 : a.Kind === 2 && a.Limit === 1 ? 0 : a.Limit;
      w.add(keyOf(a.DF, a.DR, twin ? 'both' : a.Modality === 0 ? 'move' : 'capture', a.Kind, limit, a.Initial));
    }
    const have = new Set(parseBetza(b).map((s) => keyOf(s.dx, s.dy, s.mode, s.hop ? 2 : s.rider ? 1 : 0, s.rider === Infinity ? 0 : s.rider, s.initial)));
    assert.deepEqual([...have].sort(), [...w].sort(), b);
  }
});
