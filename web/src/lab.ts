// The Lab page (/lab, served with `houserules serve --lab N`): start a
// balance study (variant, rulesets separated by ";", games per ruleset, AI
// level, node budget), watch its progress live (games done of asked, jobs
// by state, games per worker), and see the results when it ends: the table
// with 95% intervals and the three SVG plots drawn by the server
// (/api/lab/studies/{id}/plots/…), and the games, each opening in the game
// page. /lab?study=ID shows a study again.
import { api, ApiError, el } from './util';

interface Interval {
  p: number;
  lo: number;
  hi: number;
}
interface Summary {
  ruleset: string;
  games: number;
  white_win_rate: Interval;
  draw_rate: Interval;
  black_win_rate: Interval;
  white_score: number;
  white_score_se: number;
  elo: number;
  elo_err95: number;
  mean_plies: number;
  reasons: { reason: string; games: number }[];
}
interface Study {
  id: number;
  variant: string;
  rulesets: string[];
  games: number;
  level: number;
  nodes: number;
  state: string;
}
interface Progress {
  study: Study;
  done: number;
  total: number;
  jobs: Record<string, number>;
  workers: Record<string, number>;
}
interface StudyView {
  progress: Progress;
  finished: boolean;
  report: { rulesets: Summary[] };
}

interface LabGame {
  job: number;
  index: number;
  ruleset: number;
  pair: number;
  result: string;
  reason: string;
  plies: number;
}

const PLOTS: [string, string][] = [
  ['score', "White's score per ruleset (95% interval)"],
  ['results', 'Result mix'],
  ['lengths', 'Game lengths'],
];

const pct = (iv: Interval) => `${(100 * iv.p).toFixed(1)}% [${(100 * iv.lo).toFixed(1)}, ${(100 * iv.hi).toFixed(1)}]`;
const signed = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(0);

function field(label: string, input: HTMLElement): HTMLElement {
  return el('label', { class: 'lab-field' }, el('span', { text: label }), input);
}

export async function renderLab(app: HTMLElement): Promise<() => void> {
  let timer: number | undefined;
  let stopped = false;
  const variant = el('input', { id: 'lab-variant', value: 'chess', size: 12 });
  const rulesets = el('input', { id: 'lab-rulesets', value: 'piece-hp;wrap-board;-', size: 40 });
  const games = el('input', { id: 'lab-games', type: 'number', min: 2, step: 2, value: 10 });
  const level = el('input', { id: 'lab-level', type: 'number', min: 0, max: 20, value: 20 });
  const nodes = el('input', { id: 'lab-nodes', type: 'number', min: 0, value: 2000 });
  const start = el('button', { id: 'lab-start', type: 'submit', text: 'Start study' });
  const error = el('p', { id: 'lab-error', class: 'error' });
  const form = el('form', { id: 'lab-form', class: 'lab-form' },
    field('Variant', variant), field('Rulesets (";" between, "-" = none)', rulesets), field('Games per ruleset', games),
    field('AI level', level), field('Nodes a move (0: 100 ms)', nodes), start);
  const status = el('section', { id: 'lab-status' });
  const results = el('section', { id: 'lab-results' });
  const list = el('ul', { id: 'lab-studies' });
  app.replaceChildren(el('div', { class: 'lab' },
    el('p', {}, el('a', { href: '/', 'data-link': true, text: '← Home' })),
    el('h1', { text: 'Balance lab' }),
    el('p', { text: 'The AI plays itself under each ruleset, in pairs of games from one random opening with the colours swapped. Results: White wins, draws and Black wins with 95% intervals, the Elo difference White − Black, game lengths.' }),
    form, error, status, results, el('h2', { text: 'Studies' }), list));

  async function loadList() {
    try {
      const r = await api<{ studies: Progress[] }>('GET', '/api/lab/studies');
      list.replaceChildren(...r.studies.map((p) => el('li', {},
        el('a', { href: '/lab?study=' + p.study.id, class: 'lab-study-link', text: `Study ${p.study.id}` }),
        ` ${p.study.variant}: ${p.study.rulesets.join(' ; ')} — ${p.done}/${p.total} games, ${p.study.state}`)));
    } catch {
      /* the list is a convenience */
    }
  }

  function showStatus(v: StudyView) {
    const p = v.progress;
    const bar = el('progress', { id: 'lab-progress', max: p.total, value: p.done });
    const jobs = Object.entries(p.jobs).map(([k, n]) => `${k} ${n}`).join(', ');
    const workers = Object.entries(p.workers).map(([w, n]) => el('li', { text: `${w}: ${n} games` }));
    const parts: HTMLElement[] = [
      el('h2', { id: 'lab-title', text: `Study ${p.study.id}: ${p.study.variant}, ${p.study.games} games per ruleset, level ${p.study.level}` + (p.study.nodes ? `, ${p.study.nodes} nodes a move` : '') }),
      bar, el('span', { id: 'lab-done', text: ` ${p.done} / ${p.total} games` + (v.finished ? (p.study.state === 'cancelled' ? ' — cancelled' : ' — done') : '') }),
      el('p', { id: 'lab-jobs', text: 'Jobs: ' + (jobs || 'none yet') }),
      el('ul', { id: 'lab-workers' }, ...workers)];
    if (!v.finished) parts.push(el('button', { id: 'lab-cancel', type: 'button', text: 'Cancel study' }));
    status.replaceChildren(...parts);
    const cancel = status.querySelector('#lab-cancel') as HTMLButtonElement | null;
    cancel?.addEventListener('click', async () => {
      cancel.disabled = true;
      await api('POST', `/api/lab/studies/${p.study.id}/cancel`).catch(() => undefined);
    });
  }

  // gameLists are the study's games per ruleset, each with a button that
  // opens it in the game page (stored there once as a finished game).
  async function gameLists(v: StudyView): Promise<HTMLElement[]> {
    const id = v.progress.study.id;
    const { games } = await api<{ games: LabGame[] }>('GET', `/api/lab/studies/${id}/games`);
    return v.progress.study.rulesets.map((name, r) => {
      const items = games.filter((g) => g.ruleset === r).map((g) => {
        const b = el('button', { type: 'button', class: 'lab-open', 'data-game': `${g.job}-${g.index}`, text: 'view' });
        b.addEventListener('click', async () => {
          b.disabled = true;
          try {
            const o = await api<{ id: string }>('POST', `/api/lab/games/${g.job}/${g.index}/open`);
            history.pushState(null, '', '/g/' + o.id);
            window.dispatchEvent(new PopStateEvent('popstate'));
          } catch (e) {
            error.textContent = e instanceof Error ? e.message : String(e);
            b.disabled = false;
          }
        });
        return el('li', {}, `pair ${g.pair + 1}, game ${g.index + 1}: ${g.result} ${g.reason}, ${g.plies} plies `, b);
      });
      return el('details', { class: 'lab-games' }, el('summary', { text: `${name === '-' ? 'no house rules' : name}: ${items.length} games` }), el('ul', {}, ...items));
    });
  }

  function showResults(v: StudyView) {
    const id = v.progress.study.id;
    const rows = v.report.rulesets.map((s) => el('tr', {},
      el('td', { text: s.ruleset === '-' ? 'no house rules' : s.ruleset }), el('td', { text: String(s.games) }),
      el('td', { text: pct(s.white_win_rate) }), el('td', { text: pct(s.draw_rate) }), el('td', { text: pct(s.black_win_rate) }),
      el('td', { text: `${s.white_score.toFixed(3)} ± ${(1.96 * s.white_score_se).toFixed(3)}` }),
      el('td', { text: `${signed(s.elo)} ± ${s.elo_err95.toFixed(0)}` }), el('td', { text: s.mean_plies.toFixed(1) }),
      el('td', { text: s.reasons.map((r) => `${r.reason} ${r.games}`).join(', ') })));
    const head = el('tr', {}, ...['ruleset', 'games', 'White wins', 'draws', 'Black wins', 'White score', 'Elo W−B', 'mean plies', 'terminations'].map((h) => el('th', { text: h })));
    const stamp = v.progress.done;
    results.replaceChildren(
      el('table', { id: 'lab-table', class: 'lab-table' }, head, ...rows),
      ...PLOTS.map(([name, alt]) => el('figure', {},
        el('img', { id: 'lab-plot-' + name, src: `/api/lab/studies/${id}/plots/${name}.svg?games=${stamp}`, alt }),
        el('figcaption', { text: alt }))),
      el('h2', { text: 'Games' }));
    gameLists(v).then((lists) => results.append(...lists)).catch(() => undefined);
  }

  async function follow(id: number) {
    if (stopped) return;
    try {
      const v = await api<StudyView>('GET', `/api/lab/studies/${id}`);
      showStatus(v);
      if (v.finished) {
        showResults(v);
        start.disabled = false;
        loadList();
        return;
      }
    } catch (e) {
      error.textContent = e instanceof Error ? e.message : String(e);
      start.disabled = false;
      return;
    }
    timer = window.setTimeout(() => follow(id), 700);
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    results.replaceChildren();
    window.clearTimeout(timer);
    start.disabled = true;
    try {
      const r = await api<{ id: number }>('POST', '/api/lab/studies', {
        variant: variant.value.trim(), rulesets: rulesets.value, games: Number(games.value), level: Number(level.value), nodes: Number(nodes.value),
      });
      history.replaceState(null, '', '/lab?study=' + r.id);
      loadList();
      follow(r.id);
    } catch (err) {
      error.textContent = err instanceof ApiError ? `${err.message} (${err.code})` : String(err);
      start.disabled = false;
    }
  });

  const asked = Number(new URLSearchParams(location.search).get('study'));
  if (asked > 0) follow(asked);
  loadList();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}
