// pockets.ts: an unlimited supply (freeDrops) and a stone game's drop by a click.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardFen, pocketTitle, stoneDrop } from '../src/pockets';

test('boardFen gives chessgroundx a full pocket for an unlimited supply only', () => {
  const slots = { white: [{ letter: 'p', count: 0 }], black: [{ letter: 'p', count: 0 }] };
  assert.equal(boardFen('P5p/7/7/7/7/7/p5P', slots), 'P5p/7/7/7/7/7/p5P');
  const free = boardFen('P5p/7/7/7/7/7/p5P', { ...slots, free: true });
  assert.equal(free, 'P5p/7/7/7/7/7/p5P[' + 'P'.repeat(99) + 'p'.repeat(99) + ']');
  // a pocket the server wrote is replaced, not appended to
  assert.equal(boardFen('8/8[Pp]', { ...slots, free: true }), '8/8[' + 'P'.repeat(99) + 'p'.repeat(99) + ']');
  assert.equal(boardFen('rnbqkbnr/8/8/8/8/8/8/RNBQKBNR[Qn]', undefined), 'rnbqkbnr/8/8/8/8/8/8/RNBQKBNR[Qn]');
});

test('pocketTitle names an unlimited supply', () => {
  const names = new Map([['p', 'stone']]);
  assert.equal(pocketTitle('white', [{ letter: 'p', count: 0 }], names, true), "White's pocket: an unlimited supply of stone");
  assert.equal(pocketTitle('black', [{ letter: 'p', count: 0 }], names), "Black's pocket: empty");
});

test('stoneDrop: a click on an empty square drops in a one-piece game only', () => {
  const legal = [
    { uci: 'g1e1', from: 'g1', to: 'e1' },
    { uci: 'P@f2', drop: 'p', to: 'f2' },
    { uci: 'P@g2', drop: 'p', to: 'g2' },
  ];
  assert.deepEqual(stoneDrop(legal, 1, 'f2'), [legal[1]]);
  assert.deepEqual(stoneDrop(legal, 1, 'e1'), [], 'e1 is reached by a jump, not a drop');
  assert.deepEqual(stoneDrop(legal, 6, 'f2'), [], 'a game with several piece types picks from the pocket');
  const two = [...legal, { uci: 'N@f2', drop: 'n', to: 'f2' }];
  assert.deepEqual(stoneDrop(two, 1, 'f2'), [], 'drops of two letters are ambiguous');
});
