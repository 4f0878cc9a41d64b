import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeBlock, encodeBlock, extractSection, mapLines, MAX_LINK, sectionsOf, shareLink } from '../src/customlink';

test('a block survives encodeBlock/decodeBlock, UTF-8 and all; the code is base64url', () => {
  for (const b of ['', '[a:chess]\nmaxRank = 8\n', '# Échecs — 象棋 ♞\n[b]\nking = -\n', '?>>>~~~\n'.repeat(50)]) {
    const code = encodeBlock(b);
    assert.match(code, /^[A-Za-z0-9_-]*$/);
    assert.equal(decodeBlock(code), b);
  }
  assert.equal(decodeBlock('%%%'), null);
  assert.equal(decodeBlock(encodeBlock('abc').slice(0, 1)), null); // cut short
});

test('shareLink: the block and the section; over MAX_LINK a message, no link', () => {
  const s = shareLink('http://h', '[x:chess]\n', 'x y');
  assert.equal(s.url, 'http://h/custom#ini=' + encodeBlock('[x:chess]\n') + '&variant=x%20y');
  const long = shareLink('http://h', '[x:chess]\n#' + 'z'.repeat(MAX_LINK), 'x');
  assert.equal(long.url, undefined);
  assert.match(long.error!, /too long for a link \(\d+ characters, at most 8000\)/);
});

test('sectionsOf: the section names in order, parents left out, once each', () => {
  assert.deepEqual(sectionsOf('# c\n[a:chess]\nk = v\n  [b]\n[a]\n[c:]\nx = [d]\n'), ['a', 'b', 'c']);
});

test('extractSection: the section and its parents in the text, with their lines; mapLines', () => {
  const text = '# head\n[a:chess]\nmaxRank = 8\n[b:a]\nfoo = 1\n# note\n[c:chess]\nx = 1\n[d:b]\ny = 2\n';
  const d = extractSection(text, 'd')!;
  assert.equal(d.text, '[a:chess]\nmaxRank = 8\n[b:a]\nfoo = 1\n# note\n[d:b]\ny = 2\n');
  assert.deepEqual(d.lines.slice(0, 7), [2, 3, 4, 5, 6, 9, 10]);
  assert.equal(mapLines('unknown option foo (custom.ini:4); bad (custom.ini:7)', d.lines), 'unknown option foo (custom.ini:5); bad (custom.ini:10)');
  const c = extractSection(text, 'c')!;
  assert.equal(c.text, '[c:chess]\nx = 1\n');
  assert.deepEqual(c.lines, [7, 8]);
  assert.equal(extractSection(text, 'zz'), null);
  // a parent defined after the child is not its parent here (it must come first)
  assert.equal(extractSection('[k:late]\n[late:chess]\n', 'k')!.text, '[k:late]\n');
});

test('withoutComments: comment and blank lines out, each line keeps its place in the whole text', async () => {
  const { withoutComments } = await import('../src/customlink');
  const text = '# head\n\n[a:chess]\n# note\nmaxRank = 6\n\n[b:a]\n  # indented\nmaxFile = f\n';
  const w = withoutComments(text, null);
  assert.equal(w.text, '[a:chess]\nmaxRank = 6\n[b:a]\nmaxFile = f\n');
  assert.deepEqual(w.lines, [3, 5, 7, 9]);
  const ex = extractSection(text, 'b')!;
  const w2 = withoutComments(text, ex);
  assert.deepEqual(w2.lines, [3, 5, 7, 9]);
  assert.equal(withoutComments('# only\n\n', null).text, '');
});
