// Small helpers shared by the views.

export const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | number | undefined> = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === 'class') e.className = String(v);
    else if (k === 'text') e.textContent = String(v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
};

export class ApiError extends Error {
  constructor(public code: string, message: string, public status: number) {
    super(message);
  }
}

// api calls the JSON API; errors become ApiError with the server's code.
export async function api<T = any>(method: string, path: string, body?: unknown, token?: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = 'Bearer ' + token;
  // creating or joining a game: the page reads the state from the WebSocket it opens next, not from the answer
  if (method === 'POST') headers['Prefer'] = 'return=minimal';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data: any = null;
  try {
    data = JSON.parse(text);
  } catch {
    if (!res.ok) throw new ApiError('http_' + res.status, text || res.statusText, res.status);
    return text as any;
  }
  if (!res.ok) {
    const e = data?.error ?? {};
    // the page shows display (the message without command-line syntax), not the code
    throw new ApiError(e.code ?? 'http_' + res.status, e.display ?? e.message ?? res.statusText, res.status);
  }
  return data as T;
}

// Square names (a1 … l12) ↔ chessgroundx keys (rank 10 is ':', 11 ';', 12 '<').
const RANKS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', ':', ';', '<', '=', '>', '?', '@'];
export const sqToKey = (sq: string): any => sq[0] + RANKS[parseInt(sq.slice(1), 10) - 1];
export const keyToSq = (key: string): string => key[0] + (RANKS.indexOf(key[1]) + 1);
export const fileOf = (sq: string) => sq.charCodeAt(0) - 97;
export const rankOf = (sq: string) => parseInt(sq.slice(1), 10) - 1;

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export const seatKey = (id: string) => 'houserules:seat:' + id;
export const inviteKey = (id: string) => 'houserules:invite:' + id;
// seatColorKey: the colour of the seat this browser holds ("white"/"black"),
// kept beside the token for the recent-games list
export const seatColorKey = (id: string) => 'houserules:seatcolor:' + id;

export function store(key: string, value?: string | null): string | null {
  try {
    if (value === undefined) return localStorage.getItem(key);
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode: the URL keeps working */
  }
  return value ?? null;
}

export function toast(msg: string, kind: 'info' | 'error' = 'info') {
  let box = document.getElementById('toasts');
  if (!box) {
    box = el('div', { id: 'toasts', role: 'status' });
    document.body.append(box);
  }
  const t = el('div', { class: 'toast ' + kind, text: msg });
  box.append(t);
  setTimeout(() => t.remove(), kind === 'error' ? 6000 : 3000);
}
