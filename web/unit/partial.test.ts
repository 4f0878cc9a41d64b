// partial.ts: whole states from partial ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyState } from '../src/partial';

const prods = { 'fide.capture': { id: 'fide.capture' } };
const pieces = [{ letter: 'p', name: 'pawn' }];
const whole = { id: 'g1', ply: 2, moves: [{ uci: 'e2e4' }, { uci: 'e7e5' }], productions: prods, pieces };

test('a whole state is taken as it is', () => {
  const m = { id: 'g1', ply: 0, moves: [], productions: prods, pieces };
  assert.equal(applyState(null, m), m);
  assert.equal(applyState(whole, m), m);
});

test('a partial state keeps the moves before since and the productions and pieces', () => {
  const s = applyState(whole, { id: 'g1', ply: 3, since: 2, moves: [{ uci: 'g1f3' }] });
  assert.deepEqual(s, { id: 'g1', ply: 3, moves: [{ uci: 'e2e4' }, { uci: 'e7e5' }, { uci: 'g1f3' }], productions: prods, pieces });
  assert.equal(whole.moves.length, 2, 'the state held is not changed');
});

test('a takeback: since below the moves held cuts them', () => {
  const s = applyState(whole, { id: 'g1', ply: 1, since: 1, moves: [] });
  assert.deepEqual(s!.moves, [{ uci: 'e2e4' }]);
  const r = applyState(whole, { id: 'g1', ply: 2, since: 1, moves: [{ uci: 'd7d5' }] });
  assert.deepEqual(r!.moves, [{ uci: 'e2e4' }, { uci: 'd7d5' }]);
});

test('a partial state that cannot follow: null (the page syncs)', () => {
  assert.equal(applyState(null, { id: 'g1', ply: 3, since: 2, moves: [] }), null, 'nothing held');
  assert.equal(applyState(whole, { id: 'g1', ply: 4, since: 3, moves: [] }), null, 'a move missed');
  assert.equal(applyState(whole, { id: 'g2', ply: 3, since: 2, moves: [] }), null, 'another game');
});

test('legal is not carried over: a partial state without it has none (protocol 2, not the page\'s turn)', () => {
  const held = { ...whole, legal: [{ uci: 'g1f3' }] };
  const s = applyState(held, { id: 'g1', ply: 3, since: 2, moves: [{ uci: 'g1f3' }] } as typeof held & { since: number });
  assert.equal('legal' in s!, false);
});
