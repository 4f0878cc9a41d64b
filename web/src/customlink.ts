// The custom variant page's pure helpers: share links of a block
// (/custom#ini=<base64url>) and the section names of a block.

// MAX_LINK is the longest /custom#ini= link the page makes (characters of
// the whole URL): longer ones break in mail and chat clients.
export const MAX_LINK = 8000;

// encodeBlock is the block as base64url (UTF-8, no padding).
export function encodeBlock(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// decodeBlock reverses encodeBlock (null when the text is not base64url).
export function decodeBlock(code: string): string | null {
  try {
    const b64 = code.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

// shareLink is the /custom link of a block and section, or an error
// message when it is over MAX_LINK.
export function shareLink(origin: string, text: string, section: string): { url?: string; error?: string } {
  const url = `${origin}/custom#ini=${encodeBlock(text)}${section ? '&variant=' + encodeURIComponent(section) : ''}`;
  if (url.length > MAX_LINK) {
    return { error: `The block is too long for a link (${url.length} characters, at most ${MAX_LINK}): share the .ini file, or play a game and share the game's "View / reuse this variant" link.` };
  }
  return { url };
}

// sectionsOf lists the section names of a block as written (before the
// server answers), for the picker.
export function sectionsOf(text: string): string[] {
  const out: string[] = [];
  for (const l of text.split('\n')) {
    const m = l.trim().match(/^\[([^\]:]+)(?::[^\]]*)?\]/);
    if (m && !out.includes(m[1].trim())) out.push(m[1].trim());
  }
  return out;
}

// An extract of a block: one section and the sections it inherits from in
// the same text, with the line of the whole text each of its lines is.
export interface Extract {
  text: string;
  lines: number[]; // lines[i]: the line of the whole text that line i+1 of the extract is
}

const HEADER = /^\s*\[([^\]:]+)(?::([^\]]*))?\]/;

// extractSection cuts section name and its parents defined before it (a
// parent must come first) out of text, in text order, comments and all; null
// when the text has no such section. A file too large to send whole (the
// server takes 8 KiB) is checked and played by its extract.
export function extractSection(text: string, name: string): Extract | null {
  const all = text.split('\n');
  const secs: { name: string; parent: string; from: number; to: number }[] = [];
  all.forEach((l, i) => {
    const m = l.match(HEADER);
    if (!m) return;
    if (secs.length) secs[secs.length - 1].to = i;
    secs.push({ name: m[1].trim(), parent: (m[2] ?? '').trim(), from: i, to: all.length });
  });
  let at = secs.findIndex((s) => s.name === name);
  if (at < 0) return null;
  const keep = new Set<number>();
  while (at >= 0 && !keep.has(at)) {
    keep.add(at);
    const parent = secs[at].parent;
    at = parent ? secs.findIndex((s, j) => j < at && s.name === parent) : -1;
  }
  const out: string[] = [];
  const lines: number[] = [];
  [...keep].sort((a, b) => a - b).forEach((k) => {
    for (let i = secs[k].from; i < secs[k].to; i++) {
      out.push(all[i]);
      lines.push(i + 1);
    }
  });
  return { text: out.join('\n') + (out[out.length - 1] === '' ? '' : '\n'), lines };
}

// mapLines rewrites the "(custom.ini:N)" places of a message from an
// extract's lines to the whole text's.
export function mapLines(msg: string, lines: number[]): string {
  return msg.replace(/\(custom\.ini:(\d+)\)/g, (all, n) => {
    const l = lines[parseInt(n, 10) - 1];
    return l ? `(custom.ini:${l})` : all;
  });
}

// withoutComments drops the comment lines (# …) and blank lines of an
// extract (or of a whole text: ex null), keeping each line's place in the
// whole text: what a text too large to send still needs to be checked.
export function withoutComments(text: string, ex: Extract | null): Extract {
  const src = ex ?? { text, lines: text.split('\n').map((_, i) => i + 1) };
  const out: string[] = [];
  const lines: number[] = [];
  src.text.split('\n').forEach((l, i) => {
    const t = l.replace(/^\ufeff/, '').trim();
    if (t === '' || t.startsWith('#')) return;
    out.push(l);
    lines.push(src.lines[i] ?? i + 1);
  });
  return { text: out.length ? out.join('\n') + '\n' : '', lines };
}
