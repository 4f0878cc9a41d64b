// Issue 44, hostile inputs: the piece images of custom blocks, not only the
// catalogue's: every section of Fairy-Stockfish's variants.ini pasted alone
// on /custom (web/unit/fixtures/fsf-pieces.json: the `pieces` and
// `boardStyle` of POST /api/rulesets/check for each section that loads
// alone). No two piece types of a variant look alike, none is a bare
// letter or an empty diagram.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fixture from './fixtures/fsf-pieces.json';
import { pieceImageOf, usePieceSet, type PieceInfo } from '../src/pieces';

interface V { name: string; pieces: PieceInfo[]; boardStyle: any }
const variants = (fixture as any).variants as V[];
const svg = (url: string) => Buffer.from(url.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

function faceOf(s: string): string {
  if (s.includes('<image ')) return 'symbol';
  const m = s.match(/data-face="(\w+)"/);
  return m ? m[1] : 'letter';
}

test('Fairy-Stockfish sections: no two piece types look alike, none is a bare letter', () => {
  assert.ok(variants.length >= 100, `${variants.length} variants`);
  const bad: string[] = [];
  for (const v of variants) {
    for (const chars of [false, true]) {
      usePieceSet(v.pieces, v.boardStyle, chars);
      for (const color of ['white', 'black'] as const) {
        const seen = new Map<string, string>();
        for (const p of v.pieces) {
          const url = pieceImageOf(p.letter, color, false);
          const s = svg(url);
          const face = faceOf(s);
          if (face === 'letter') bad.push(`${v.name} ${p.letter} (${p.name}) is a bare letter`);
          if (face === 'diagram' && p.betza && !/data-marks="[1-9]/.test(s)) bad.push(`${v.name} ${p.letter} (${p.name} ${p.betza}): an empty diagram`);
          // the same drawing (the symbols' filter ids carry the letter)
          const look = s.replace(/(id="|url\(#)t[01][a-z]/g, '$1t');
          const twin = seen.get(look);
          if (twin !== undefined) bad.push(`${v.name} (${color}${chars ? ', characters' : ''}): ${p.letter} ${p.name} looks like ${twin}`);
          seen.set(look, `${p.letter} ${p.name}`);
        }
      }
    }
  }
  assert.deepEqual([...new Set(bad)], []);
});

test('a king beside a commoner keeps the king\'s kanji, a fers beside a wazir the adviser\'s character', () => {
  const shinobi = variants.find((v) => v.name === 'shinobi')!;
  usePieceSet(shinobi.pieces, shinobi.boardStyle, true);
  assert.match(svg(pieceImageOf('k', 'white', false)), /data-face="kanji"[^>]*>玉</);
  assert.doesNotMatch(svg(pieceImageOf('c', 'white', false)), /玉|王/);
  const muje = variants.find((v) => v.name === 'muje')!;
  usePieceSet(muje.pieces, muje.boardStyle, true);
  assert.match(svg(pieceImageOf('f', 'white', false)), />仕</);
  assert.doesNotMatch(svg(pieceImageOf('w', 'white', false)), /仕|士/);
});
