// premove.ts: the premove destinations, from a protocol 1 state or asked
// for ({"type":"premoves"}) when the waiting player picks up a piece.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Premoves, PremoveState } from '../src/premove';

const setup = () => {
  const sent: unknown[] = [];
  const pre = new Premoves((m) => (sent.push(m), true));
  return { pre, sent };
};
// white waits (black to move) at ply 3, protocol 2: no premoves in the state
const waiting: PremoveState = { ply: 3, fen: 'f3', status: 'active', turn: 'black', you: 'white', hidden: [] };
const list = [{ from: 'g1', to: 'f3' }, { from: 'g1', to: 'h3' }, { drop: 'p', to: 'e5' }, { from: 'e1', to: 'e2' }];
// cg stands in for the board: its premovable is on as config set it
const board = (enabled: boolean) => ({ state: { premovable: { enabled } } }) as any;

test('a protocol 1 state with premoves: its destinations, nothing asked', () => {
  const { pre, sent } = setup();
  const c = pre.config({ ...waiting, premoves: list }, false);
  assert.equal(c.color, 'white');
  assert.equal(c.premovable.enabled, true);
  assert.deepEqual(c.premovable.premoveFunc(null, 'g1'), ['f3', 'h3']);
  assert.deepEqual(c.premovable.predropFunc(null, { role: 'p-piece' }), ['e5']);
  pre.pick({ ...waiting, premoves: list }, board(true), 'white', () => {});
  assert.deepEqual(sent, []);
});

test('protocol 2: on with no destinations until the player picks a piece; asked once, the board renders with them', () => {
  const { pre, sent } = setup();
  const c = pre.config(waiting, false);
  assert.equal(c.premovable.enabled, true, 'its pieces can be picked up');
  assert.equal(c.color, 'white');
  assert.deepEqual(c.premovable.premoveFunc(null, 'g1'), []);
  assert.deepEqual(sent, [], 'a state alone asks nothing');
  let renders = 0;
  pre.pick(waiting, board(true), 'black', () => renders++); // the opponent's piece
  assert.deepEqual(sent, []);
  pre.pick(waiting, board(true), 'white', () => renders++);
  pre.pick(waiting, board(true), 'white', () => renders++);
  assert.deepEqual(sent, [{ type: 'premoves' }], 'once for the position');
  assert.equal(pre.ask.answer({ type: 'premoves', ply: 3, premoves: list }, waiting), true);
  assert.equal(renders, 1, 'the board renders when the answer comes');
  const c2 = pre.config(waiting, false);
  assert.equal(c2.premovable.enabled, true);
  assert.deepEqual(c2.premovable.premoveFunc(null, 'g1'), ['f3', 'h3']);
  assert.deepEqual(c2.premovable.premoveFunc(null, 'e1'), ['e2']);
  assert.deepEqual(c2.premovable.predropFunc(null, { role: 'p-piece' }), ['e5']);
  pre.pick(waiting, board(true), 'white', () => renders++);
  assert.equal(sent.length, 1, 'held: not asked again');
  // the next position the player waits in is asked for again
  const next = { ...waiting, ply: 5, fen: 'f5' };
  assert.deepEqual(pre.config(next, false).premovable.premoveFunc(null, 'g1'), []);
  pre.pick(next, board(true), 'white', () => renders++);
  assert.deepEqual(sent, [{ type: 'premoves' }, { type: 'premoves' }]);
  assert.equal(pre.ask.answer({ type: 'premoves', ply: 3, premoves: list }, next), false, 'an answer for another ply is dropped');
  assert.equal(pre.ask.answer({ type: 'legal', ply: 5, legal: [] } as any, next), false, 'a legal answer is not the premoves');
});

test('an answer of none: premoves off in that position', () => {
  const { pre } = setup();
  pre.pick(waiting, board(true), 'white', () => {});
  pre.ask.answer({ type: 'premoves', ply: 3, premoves: [] }, waiting);
  const c = pre.config(waiting, false);
  assert.equal(c.premovable.enabled, false);
  assert.equal(c.color, undefined);
});

test('nothing asked and premoves off: the seat to move, a spectator, a game over or waiting, hidden squares, reviewing', () => {
  const { pre, sent } = setup();
  const cases: [string, PremoveState, boolean][] = [
    ['to move', { ...waiting, turn: 'white' }, false],
    ['spectator', { ...waiting, you: 'spectator' }, false],
    ['over', { ...waiting, status: 'over' }, false],
    ['waiting game', { ...waiting, status: 'waiting' }, false],
    ['hidden squares', { ...waiting, hidden: ['e7'] }, false],
    ['reviewing', waiting, true],
  ];
  for (const [name, s, reviewing] of cases) {
    const c = pre.config(s, reviewing);
    assert.equal(c.premovable.enabled, false, name);
    // the board's premovable is off: a piece picked asks nothing
    pre.pick(s, board(c.premovable.enabled), s.you === 'spectator' ? 'white' : s.you, () => {});
  }
  pre.pick({ ...waiting, turn: 'white' }, board(true), 'white', () => {}); // its turn: legal, not premoves
  assert.deepEqual(sent, []);
});

test('a new connection forgets the question in flight: asked again', () => {
  const { pre, sent } = setup();
  pre.pick(waiting, board(true), 'white', () => {});
  pre.ask.reset();
  pre.pick(waiting, board(true), 'white', () => {});
  assert.equal(sent.length, 2);
});
