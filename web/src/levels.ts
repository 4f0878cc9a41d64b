// The AI level picker shared by the pages that start a game (home, custom,
// editor): levels 0 (weakest) … 20 (strongest), the scale of `houserules
// play --level`, named as GET /api/levels names them.
import { api, el } from './util';

export interface Level {
  level: number;
  label: string;
}

// fetchLevels asks the server for the levels and their names; offline, the
// bare numbers 0..20 with 0 as the default.
export async function fetchLevels(): Promise<{ levels: Level[]; default: number }> {
  return api<{ levels: Level[]; default: number }>('GET', '/api/levels')
    .catch(() => ({ levels: Array.from({ length: 21 }, (_, i) => ({ level: i, label: 'Level ' + i })), default: 0 }));
}

// levelSelect is a <select> of the levels, set to want when it is one of
// them, else to the server's default.
export async function levelSelect(id: string, want?: string | null): Promise<HTMLSelectElement> {
  const ls = await fetchLevels();
  const sel = el('select', { id, 'aria-label': 'AI level' });
  for (const l of ls.levels) sel.append(el('option', { value: String(l.level), text: l.label }));
  sel.value = want ?? String(ls.default);
  if (!sel.value) sel.value = String(ls.default);
  return sel;
}
