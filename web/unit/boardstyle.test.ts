// boardstyle.ts: the lines of an intersection board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardKey, describeStyle, linesSvg } from '../src/boardstyle';

const lines = (svg: string) => [...svg.matchAll(/<line x1="(\d+)" y1="(\d+)" x2="(\d+)" y2="(\d+)"/g)].map((m) => m.slice(1).join(','));

test('xiangqi: 10 ranks, 9 files (7 broken at the river), two palaces', () => {
  const svg = linesSvg({ geometry: 'intersections', theme: 'xiangqi', river: 5, palaces: [['d1', 'f3'], ['d8', 'f10']] }, 9, 10, false);
  const l = lines(svg);
  // 10 rank lines + 2 edge files + 7 inner files in two pieces + 2 × 2 diagonals
  assert.equal(l.length, 10 + 2 + 14 + 4);
  assert.ok(l.includes('50,950,850,950'), "White's back rank at the bottom");
  assert.ok(l.includes('450,950,450,550'), "the e-file on White's side stops at rank 5");
  assert.ok(l.includes('450,450,450,50'), "and starts again at rank 6");
  assert.ok(l.includes('50,950,50,50'), 'the a-file crosses the river');
  assert.ok(l.includes('350,950,550,750') && l.includes('350,750,550,950'), "White's palace diagonals d1-f3, d3-f1");
  assert.match(svg, /viewBox="0 0 900 1000"/);
});

test('flipped: Black at the bottom', () => {
  const l = lines(linesSvg({ geometry: 'intersections', palaces: [['d1', 'f3']] }, 9, 10, true));
  assert.ok(l.includes('550,50,350,250'), "White's palace at the top");
});

test('janggi: no river, no broken files', () => {
  const l = lines(linesSvg({ geometry: 'intersections', theme: 'janggi', palaces: [] }, 9, 10, false));
  assert.equal(l.length, 10 + 9);
});

test('describeStyle and boardKey', () => {
  assert.equal(describeStyle({ geometry: 'intersections', river: 5, palaces: [['d1', 'f3']] }), 'pieces on the intersections, a river and palaces');
  assert.equal(describeStyle({ geometry: 'squares' }), '');
  assert.notEqual(boardKey({ geometry: 'squares' }), boardKey({ geometry: 'squares', walls: 'duck' }));
});
