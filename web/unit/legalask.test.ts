// legalask.ts: the legal moves asked for when the state has none (the
// premoves: premove.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ListAsk } from '../src/legalask';

type M = { uci: string };
const asker = () => {
  const sent: unknown[] = [];
  let up = true;
  const a = new ListAsk<M, 'legal'>('legal', (m) => up && (sent.push(m), true));
  return { a, sent, down: () => (up = false) };
};
const s5 = { ply: 5, fen: 'f5' };

test('a state with legal: its own list, nothing asked', () => {
  const { a, sent } = asker();
  const legal = [{ uci: 'e2e4' }];
  assert.equal(a.of({ ...s5, legal }), legal);
  assert.deepEqual(sent, []);
});

test('without legal: asked once per position, the latest render runs when the answer comes', () => {
  const { a, sent } = asker();
  const runs: string[] = [];
  assert.equal(a.of(s5, () => runs.push('first')), null);
  assert.equal(a.of(s5, () => runs.push('second')), null);
  assert.deepEqual(sent, [{ type: 'legal' }], 'one question for the position');
  const legal = [{ uci: 'g7g6' }];
  assert.equal(a.answer({ type: 'legal', ply: 5, legal }, s5), true);
  assert.deepEqual(runs, ['second']);
  assert.equal(a.of(s5), legal, 'kept for the position');
  assert.equal(sent.length, 1, 'not asked again');
});

test('an answer for another ply is dropped; the new position is asked for', () => {
  const { a, sent } = asker();
  const runs: number[] = [];
  a.of(s5, () => runs.push(5));
  const s6 = { ply: 6, fen: 'f6' };
  assert.equal(a.answer({ type: 'legal', ply: 5, legal: [{ uci: 'a7a6' }] }, s6), false, 'the game moved on');
  assert.equal(a.of(s6, () => runs.push(6)), null);
  assert.equal(sent.length, 2);
  assert.equal(a.answer({ type: 'legal', ply: 6, legal: [{ uci: 'b7b6' }] }, s6), true);
  assert.deepEqual(runs, [6]);
  assert.deepEqual(a.of(s6), [{ uci: 'b7b6' }]);
});

test('the same ply in another position (a takeback and another move) is asked again', () => {
  const { a, sent } = asker();
  a.of(s5);
  a.answer({ type: 'legal', ply: 5, legal: [{ uci: 'x' }] }, s5);
  assert.equal(a.of({ ply: 5, fen: 'other' }), null);
  assert.equal(sent.length, 2);
});

test('an answer nobody asked for is dropped; not connected: asked again later; reset forgets the question', () => {
  const { a, sent, down } = asker();
  assert.equal(a.answer({ type: 'legal', ply: 5, legal: [] }, s5), false);
  assert.equal(a.answer({ type: 'legal', ply: 5, legal: [] }, null), false);
  a.of(s5);
  a.reset(); // reconnected: the answer will not come
  a.of(s5);
  assert.equal(sent.length, 2);
  const b = asker();
  b.down();
  assert.equal(b.a.of(s5), null);
  assert.equal(b.a.asked, '', 'not sent: not marked asked');
  assert.deepEqual(b.sent, []);
  down();
});

test('over: the answer [] is a list (nothing to explain), not asked again', () => {
  const { a, sent } = asker();
  a.of(s5);
  assert.equal(a.answer({ type: 'legal', ply: 5, legal: [] }, s5), true);
  assert.deepEqual(a.of(s5), []);
  assert.equal(sent.length, 1);
});
