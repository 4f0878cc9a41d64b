// The rules of a game in its page (a "Rules" section of the side panel)
// and the pieces of the variant picked on the home page: the server's
// GET /api/games/{id}/rules and POST /api/rulesets/check's legend.
import { api, el } from './util';
import { installPieceStyles } from './pieces';
import type { BoardStyle } from './boardstyle';
import { LegendPiece, pieceInfos, renderLegend } from './legend';

export interface GameRules {
  variant: string;
  summary: string;
  win: string[];
  houseRules: { id: string; name: string; description: string; options?: Record<string, string> }[];
  legend: LegendPiece[];
  ini?: string;
}

// renderRules fills box with the rules of a game.
export function renderRules(box: HTMLElement, r: GameRules) {
  const house = r.houseRules.length
    ? el('ul', { class: 'rules-house', id: 'rules-house' }, ...r.houseRules.map((h) => {
      const opts = Object.entries(h.options ?? {}).map(([k, v]) => `${k}=${v}`).join(', ');
      return el('li', { 'data-preset': h.id }, el('strong', { class: 'rules-house-name', text: h.name }), opts ? ` (${opts})` : '', ': ', h.description);
    }))
    : el('p', { class: 'muted', id: 'rules-house', text: 'No house rules: the variant as it is.' });
  box.replaceChildren(
    el('p', { class: 'rules-summary', id: 'rules-summary', text: r.summary }),
    el('h4', { text: 'How the game ends' }),
    el('ul', { class: 'rules-win', id: 'rules-win' }, ...r.win.map((w) => el('li', { text: w }))),
    el('h4', { text: 'House rules' }),
    house,
    el('h4', { text: 'Pieces' }),
    renderLegend(r.legend),
  );
}

// rulesPanel is the game page's Rules section: a details element whose
// body is fetched once, the first time it is opened (or at once when
// opened by the URL's #rules).
export function rulesPanel(gameId: string): HTMLDetailsElement {
  const body = el('div', { class: 'rules-body', id: 'rules-body' }, el('p', { class: 'muted', text: 'Loading the rules…' }));
  const d = el('details', { class: 'rules-panel', id: 'rules-panel' }, el('summary', { text: 'Rules and pieces' }), body);
  let loaded = false;
  const load = async () => {
    if (loaded) return;
    loaded = true;
    try {
      renderRules(body, await api<GameRules>('GET', `/api/games/${gameId}/rules`));
      d.dataset.loaded = '1';
    } catch (e) {
      loaded = false;
      body.replaceChildren(el('p', { class: 'error', text: 'Could not load the rules: ' + String((e as Error).message ?? e) }));
    }
  };
  d.addEventListener('toggle', () => d.open && load());
  if (location.hash === '#rules') d.open = true;
  return d;
}

// piecesPreview is the home page's collapsible "Pieces" of the variant
// being set up; update it with each /api/rulesets/check answer.
export function piecesPreview() {
  const body = el('div', { class: 'pieces-body' });
  const d = el('details', { class: 'pieces-preview', id: 'variant-pieces' }, el('summary', { text: 'Pieces' }), body);
  let last: LegendPiece[] = [];
  let style: BoardStyle | undefined;
  const draw = () => {
    if (!d.open) return;
    installPieceStyles(pieceInfos(last), style);
    body.replaceChildren(last.length ? renderLegend(last) : el('p', { class: 'muted', text: 'No pieces to show (the ruleset does not check).' }));
  };
  d.addEventListener('toggle', draw);
  return {
    el: d,
    update(legend: LegendPiece[] | undefined, boardStyle?: BoardStyle) {
      last = legend ?? [];
      style = boardStyle;
      d.dataset.count = String(last.length);
      draw();
    },
  };
}
