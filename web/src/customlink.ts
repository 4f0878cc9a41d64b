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
