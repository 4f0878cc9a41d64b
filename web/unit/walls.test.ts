// walls.ts: the second half of a walling move, from the legal list alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterChoice, baseOf, byBase, nextStep, wallOf, wallTargets } from '../src/walls';

// mv is a legal move as the server sends it (the wall square only in the
// text, as a server without the `wall` field would)
const mv = (uci: string, san = uci) => ({ uci, san, kind: 'normal', production: 'x', to: '' });

test('baseOf and wallOf read Fairy-Stockfish\'s text', () => {
  assert.equal(baseOf('a2a3,a3a4'), 'a2a3');
  assert.equal(baseOf('e7e8q,e8h5'), 'e7e8q');
  assert.equal(baseOf('e2e4'), 'e2e4');
  assert.equal(wallOf(mv('a2a3,a3a4')), 'a4');
  assert.equal(wallOf(mv('b10b9,b9j10')), 'j10');
  assert.equal(wallOf(mv('P@e4,e4d5')), 'd5');
  assert.equal(wallOf(mv('e2e4,d5')), 'd5');
  assert.equal(wallOf(mv('e2e4')), null);
  assert.equal(wallOf(mv('e2e4,zz')), null);
  assert.equal(wallOf({ uci: 'e2e4,e4e5', wall: 'c3' }), 'c3', "the server's field wins");
});

test('a plain move is sent, a missing one does nothing', () => {
  assert.deepEqual(nextStep([]), { kind: 'none' });
  const m = mv('e2e4');
  assert.deepEqual(nextStep([m]), { kind: 'send', move: m });
});

test('duck chess: the piece move, then one of its wall squares', () => {
  // e2e4 with the duck on any of three empty squares
  const moves = ['e2e4,e4e5', 'e2e4,e4d5', 'e2e4,e4e2'].map((u) => mv(u));
  const st = nextStep(moves);
  assert.equal(st.kind, 'wall');
  if (st.kind !== 'wall') return;
  assert.deepEqual([...st.targets.keys()], ['e5', 'd5', 'e2']);
  assert.equal(st.targets.get('d5')!.uci, 'e2e4,e4d5');
});

test('one wall square left: the move is sent at once', () => {
  const m = mv('a1a2,a2a1');
  assert.deepEqual(nextStep([m]), { kind: 'send', move: m });
});

test('promotion with a wall: first the piece, then the wall', () => {
  const moves = ['e7e8q,e8a1', 'e7e8q,e8b1', 'e7e8n,e8a1', 'e7e8n,e8c2'].map((u) => mv(u));
  const st = nextStep(moves);
  assert.equal(st.kind, 'choose');
  if (st.kind !== 'choose') return;
  assert.deepEqual(st.options.map((o) => o.uci), ['e7e8q', 'e7e8n'], 'one option per piece move, named by its piece part');
  assert.equal(st.options[0].wall, undefined);
  const knight = afterChoice(st.groups.get('e7e8n')!);
  assert.equal(knight.kind, 'wall');
  if (knight.kind === 'wall') assert.deepEqual([...knight.targets].map(([sq, m]) => sq + '=' + m.uci), ['a1=e7e8n,e8a1', 'c2=e7e8n,e8c2']);
});

test('promotion without walls is the old choice', () => {
  const moves = ['e7e8q', 'e7e8r', 'e7e8b', 'e7e8n'].map((u) => mv(u));
  const st = nextStep(moves);
  assert.equal(st.kind, 'choose');
  if (st.kind !== 'choose') return;
  assert.deepEqual(st.options.map((o) => o.uci), ['e7e8q', 'e7e8r', 'e7e8b', 'e7e8n']);
  assert.deepEqual(afterChoice(st.groups.get('e7e8r')!), { kind: 'send', move: moves[1] });
});

test('byBase and wallTargets keep the first move of a square', () => {
  const moves = ['a2a3,a3a4', 'b2b3,b3b4', 'a2a3,a3a5', 'a2a3,a3a4'].map((u) => mv(u));
  assert.deepEqual([...byBase(moves)].map(([b, g]) => b + ':' + g.length), ['a2a3:3', 'b2b3:1']);
  assert.deepEqual([...wallTargets(byBase(moves).get('a2a3')!).keys()], ['a4', 'a5']);
});
