// Recent games on the home page: the games this browser holds a seat of
// first (it knows them by the seat tokens it keeps: util.ts seatKey),
// fetched by ID when the server's recent list (the 50 latest played
// games) does not hold them, then the others. A row: the variant and
// house rules by name, the result, the plies and the seat.
import { api, ApiError, el, seatColorKey, seatKey, store } from './util';

export interface GameSummary {
  id: string;
  variant: string;
  presets: string;
  status: string;
  result: string;
  reason?: string; // why it ended ("aborted" …)
  plies: number;
  updatedAt: number;
}

const SEAT_PREFIX = seatKey('');
const MAX_OWN = 30; // GET /api/games?ids= takes at most 30

// ownGameIDs lists the games this browser holds a seat token of.
export function ownGameIDs(): string[] {
  const ids: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(SEAT_PREFIX) && localStorage.getItem(k)) ids.push(k.slice(SEAT_PREFIX.length));
    }
  } catch {
    /* no storage */
  }
  return ids;
}

// recentGames builds the "Recent games" card; its list fills in once the
// own games not in the server's list are fetched.
export function recentGames(list: GameSummary[], families: { variants: { name: string; title: string }[]; unavailable?: { name: string; title: string }[] }[], presets: { id: string; name: string }[]): HTMLElement {
  const titles = new Map<string, string>();
  for (const f of families) for (const v of [...f.variants, ...(f.unavailable ?? [])]) titles.set(v.name, v.title);
  const ruleNames = new Map(presets.map((p) => [p.id, p.name]));
  const ul = el('ul', { id: 'recent-games' });
  const card = el('section', { class: 'card recent' }, el('h2', { text: 'Recent games' }), ul);

  const row = (g: GameSummary, own: boolean) => {
    const rules = g.presets ? g.presets.split(',').map((p) => ruleNames.get(p.split(':')[0]) ?? p.split(':')[0]) : [];
    const title = (titles.get(g.variant) ?? g.variant) + (rules.length ? ' + ' + rules.join(', ') : '');
    const result = g.reason === 'aborted' ? 'aborted' : g.status === 'over' ? (g.result && g.result !== '*' ? g.result : 'over') : g.status === 'waiting' ? 'waiting' : 'in progress';
    const color = store(seatColorKey(g.id));
    const seat = own ? el('span', { class: 'your-seat', text: ` · your seat: ${color ?? '…'}` }) : null;
    const li = el('li', { class: own ? 'own' : '', 'data-id': g.id },
      el('a', { href: '/g/' + g.id, 'data-link': true, text: title }),
      el('span', { class: 'muted', text: ` ${result} · ${g.plies} ${g.plies === 1 ? 'ply' : 'plies'}` }), seat);
    if (own && !color) learnSeat(g.id, seat!);
    return li;
  };

  const draw = (own: GameSummary[], others: GameSummary[]) => {
    const rows = [...own.map((g) => row(g, true)), ...others.slice(0, Math.max(0, 12 - own.length)).map((g) => row(g, false))];
    ul.replaceChildren(...(rows.length ? rows : [el('li', { class: 'muted', text: 'No games yet.' })]));
  };

  const mine = new Set(ownGameIDs());
  const byUpdate = (a: GameSummary, b: GameSummary) => b.updatedAt - a.updatedAt;
  const ownListed = list.filter((g) => mine.has(g.id));
  const others = list.filter((g) => !mine.has(g.id));
  draw(ownListed.sort(byUpdate), others);
  const missing = [...mine].filter((id) => !list.some((g) => g.id === id)).slice(0, MAX_OWN);
  if (missing.length) {
    api<{ games: GameSummary[] }>('GET', '/api/games?ids=' + encodeURIComponent(missing.join(',')))
      .then((r) => draw([...ownListed, ...r.games].sort(byUpdate), others))
      .catch(() => { /* the server's list stays */ });
  }
  return card;
}

// learnSeat asks the server which colour the stored token plays (a seat
// taken before the colour was remembered) and shows it.
async function learnSeat(id: string, span: HTMLElement) {
  try {
    const r = await api<{ state: { you: string } }>('GET', '/api/games/' + id, undefined, store(seatKey(id)));
    if (r.state.you === 'white' || r.state.you === 'black') {
      store(seatColorKey(id), r.state.you);
      span.textContent = ` · your seat: ${r.state.you}`;
    }
  } catch (e) {
    if (e instanceof ApiError && e.code === 'bad_token') span.textContent = '';
  }
}
