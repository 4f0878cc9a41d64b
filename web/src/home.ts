// The start page: pick a variant (grouped by family, with its
// description), tick house rules (Requires / Incompatible explained live,
// and the ruleset checked by the server), choose side and opponent.
import { api, ApiError, el, inviteKey, seatKey, store } from './util';
import { BoardStyle, describeStyle } from './boardstyle';
import { levelSelect } from './levels';
import { piecesPreview } from './rulespanel';
import { recentGames } from './recent';

interface Variant {
  name: string;
  title: string;
  url?: string;
  description: string;
  files: number;
  ranks: number;
  label?: string;
  rule?: string;
  boardStyle?: BoardStyle;
  error?: string; // a catalogue variant that cannot be played yet: why
}
interface Family {
  key: string;
  name: string;
  description: string;
  variants: Variant[];
  unavailable?: Variant[]; // the family's variants that cannot be played yet
}
interface Preset {
  id: string;
  name: string;
  category: string;
  mode: string;
  description: string;
  requires: string[];
  incompatible: string[];
  adds: string[];
  retracts: string[];
  overrides: string[];
  scopeAware: boolean;
}

export async function renderHome(app: HTMLElement) {
  const [vs, ps, games] = await Promise.all([
    api<{ families: Family[] }>('GET', '/api/variants'),
    api<{ presets: Preset[] }>('GET', '/api/presets'),
    api<{ games: any[] }>('GET', '/api/games').catch(() => ({ games: [] })),
  ]);
  const families = vs.families;
  const presets = ps.presets;
  const byId = new Map(presets.map((p) => [p.id, p]));
  const params = new URLSearchParams(location.search);

  // --- variant picker: every catalogue variant and plugin by family; one
  // that cannot be played yet is listed too (its description and why) ---
  const select = el('select', { id: 'variant', name: 'variant', 'aria-label': 'Variant' });
  const all = (f: Family) => [...f.variants, ...(f.unavailable ?? [])];
  for (const f of families) {
    const g = el('optgroup', { label: f.name });
    for (const v of f.variants) g.append(el('option', { value: v.name, text: `${v.title} (${v.files}×${v.ranks})`, title: v.description }));
    for (const v of f.unavailable ?? []) g.append(el('option', { value: v.name, class: 'unavailable', 'data-unavailable': true, text: `${v.title} — not playable yet`, title: v.description }));
    select.append(g);
  }
  select.value = params.get('variant') ?? 'chess';
  if (!select.value) select.value = 'chess';
  const variantInfo = el('div', { class: 'variant-info', id: 'variant-info' });
  const pieces = piecesPreview(); // the legend of the variant's pieces (rulespanel.ts)
  const showVariant = () => {
    const f = families.find((f) => all(f).some((v) => v.name === select.value))!;
    const v = all(f).find((v) => v.name === select.value)!;
    const style = describeStyle(v.boardStyle);
    variantInfo.replaceChildren(
      el('p', { class: 'family' }, el('strong', { text: f.name + ': ' }), f.description),
      el('p', { id: 'variant-description' }, el('strong', { text: v.title + ' — ' }), v.description, ' ', v.url ? el('a', { href: v.url, target: '_blank', rel: 'noopener', text: 'rules ↗' }) : null),
      ...(v.rule ? [el('p', { class: 'muted', text: v.rule })] : []),
      v.error
        ? el('p', { class: 'note bad', id: 'variant-unavailable', text: 'Not playable yet: ' + v.error })
        : el('p', { class: 'muted', text: `Board ${v.files} files × ${v.ranks} ranks${style ? ' (' + style + ')' : ''} · name "${v.name}"` }),
    );
    validate();
  };
  select.addEventListener('change', showVariant);

  // --- house rules ---
  const checked = new Set<string>((params.get('presets') ?? '').split(',').filter((x) => byId.has(x)));
  const scopes = new Map<string, string>();
  const rulesBox = el('div', { class: 'rules', id: 'rules' });
  const notes = new Map<string, HTMLElement>();
  const boxes = new Map<string, HTMLInputElement>();
  const cats = [...new Set(presets.map((p) => p.category))].sort();
  for (const cat of cats) {
    const fs = el('fieldset', { class: 'rule-cat' }, el('legend', { text: cat }));
    for (const p of presets.filter((p) => p.category === cat)) {
      const cb = el('input', { type: 'checkbox', id: 'preset-' + p.id, value: p.id, 'data-preset': p.id });
      cb.checked = checked.has(p.id);
      cb.addEventListener('change', () => {
        if (cb.checked) checked.add(p.id);
        else checked.delete(p.id);
        explain();
      });
      boxes.set(p.id, cb);
      const note = el('div', { class: 'rule-note' });
      notes.set(p.id, note);
      const meta: string[] = [];
      if (p.requires.length) meta.push('requires ' + p.requires.map((r) => byId.get(r)?.name ?? r).join(', '));
      if (p.incompatible.length) meta.push('incompatible with ' + p.incompatible.map((r) => byId.get(r)?.name ?? r).join(', '));
      let scopeSel: HTMLSelectElement | null = null;
      if (p.scopeAware) {
        scopeSel = el('select', { class: 'scope', 'aria-label': p.name + ' applies to' },
          el('option', { value: 'both', text: 'both sides' }), el('option', { value: 'white', text: 'white only' }), el('option', { value: 'black', text: 'black only' }));
        scopeSel.addEventListener('change', () => { scopes.set(p.id, scopeSel!.value); validate(); });
      }
      fs.append(
        el('div', { class: 'rule' },
          el('label', { for: 'preset-' + p.id }, cb, ' ', el('strong', { text: p.name }), ' ', el('span', { class: 'mode ' + p.mode, text: p.mode })),
          scopeSel,
          el('div', { class: 'rule-desc', text: p.description }),
          meta.length ? el('div', { class: 'rule-meta', text: meta.join(' · ') }) : null,
          note,
        ),
      );
    }
    rulesBox.append(fs);
  }
  const verdict = el('div', { class: 'verdict', id: 'verdict' });
  const explainBox = el('pre', { class: 'explain' });
  const explainDetails = el('details', {}, el('summary', { text: 'Active productions of this ruleset' }), explainBox);

  // explain Requires / Incompatible live, before asking the server
  function explain() {
    for (const p of presets) {
      const note = notes.get(p.id)!;
      const msgs: string[] = [];
      let bad = false;
      if (checked.has(p.id)) {
        for (const r of p.requires) if (!checked.has(r)) { msgs.push(`needs ${byId.get(r)?.name ?? r}: tick it too`); bad = true; }
        for (const q of presets) {
          if (q.id !== p.id && checked.has(q.id) && (p.incompatible.includes(q.id) || q.incompatible.includes(p.id))) {
            msgs.push(`conflicts with ${q.name}: choose one`);
            bad = true;
          }
        }
      } else {
        const conflict = presets.find((q) => checked.has(q.id) && (p.incompatible.includes(q.id) || q.incompatible.includes(p.id)));
        if (conflict) msgs.push(`unavailable with ${conflict.name}`);
        const missing = p.requires.filter((r) => !checked.has(r));
        if (missing.length) msgs.push(`works only with ${missing.map((r) => byId.get(r)?.name ?? r).join(', ')}`);
      }
      note.textContent = msgs.join(' · ');
      note.className = 'rule-note' + (bad ? ' bad' : '');
      boxes.get(p.id)!.closest('.rule')!.classList.toggle('on', checked.has(p.id));
    }
    validate();
  }

  const specs = () => [...checked].map((id) => {
    const s = scopes.get(id);
    return s && s !== 'both' ? { id, options: { scope: s } } : { id };
  });

  let seq = 0;
  const create = el('button', { class: 'primary', id: 'create', type: 'submit', text: 'Create game' });
  // the board editor, for the variant and house rules chosen
  const setup = el('a', { id: 'setup-link', class: 'setup-link', 'data-link': true, text: 'Set up a position…', title: 'Open the board editor: put the pieces where you like and play from there' });
  async function validate() {
    const n = ++seq;
    setup.setAttribute('href', '/editor?' + new URLSearchParams({ variant: select.value, ...(checked.size ? { presets: specs().map((p) => p.id + (p.options ? ':scope=' + p.options.scope : '')).join(',') } : {}) }).toString());
    try {
      const r = await api('POST', '/api/rulesets/check', { variant: select.value, presets: specs() });
      if (n !== seq) return;
      verdict.className = 'verdict ok';
      verdict.textContent = checked.size ? `✓ ${select.value} with ${r.presets}` : `✓ ${select.value}, no house rules`;
      explainBox.textContent = r.explain;
      pieces.update(r.legend, r.boardStyle);
      create.disabled = false;
    } catch (e) {
      if (n !== seq) return;
      verdict.className = 'verdict bad';
      verdict.textContent = e instanceof ApiError ? `✗ ${e.message}` : String(e);
      explainBox.textContent = '';
      pieces.update([]);
      create.disabled = true;
    }
  }

  // --- opponent and side ---
  const level = await levelSelect('level', params.get('level'));
  const oppAI = el('input', { type: 'radio', name: 'opponent', value: 'ai', id: 'opp-ai' });
  const oppHuman = el('input', { type: 'radio', name: 'opponent', value: 'human', id: 'opp-human' });
  oppAI.checked = params.get('opponent') !== 'human';
  oppHuman.checked = !oppAI.checked;
  const side = el('select', { id: 'side', 'aria-label': 'Your side' },
    el('option', { value: 'white', text: 'White' }), el('option', { value: 'black', text: 'Black' }), el('option', { value: 'random', text: 'Random' }));
  const clock = el('select', { id: 'clock', 'aria-label': 'Clock' });
  for (const [v, t] of [['', 'no clock'], ['60+0', '1 min'], ['180+2', '3 min + 2 s'], ['300+3', '5 min + 3 s'], ['600+5', '10 min + 5 s'], ['900+10', '15 min + 10 s'], ['1800+20', '30 min + 20 s']])
    clock.append(el('option', { value: v, text: t }));
  if (params.get('clock') && [...clock.options].some((o) => o.value === params.get('clock'))) clock.value = params.get('clock')!;
  const form = el('form', { class: 'new-game', id: 'new-game' },
    el('section', { class: 'card' }, el('h2', { text: '1. Variant' }), select, variantInfo, pieces.el,
      el('p', { class: 'custom-link' }, el('a', { href: '/custom', 'data-link': true, id: 'custom-link', text: 'Custom variant (paste variants.ini)' })), setup),
    el('section', { class: 'card' }, el('h2', { text: '2. House rules' }), rulesBox, verdict, explainDetails),
    el('section', { class: 'card' }, el('h2', { text: '3. Opponent' }),
      el('div', { class: 'row' }, el('label', { for: 'opp-ai' }, oppAI, ' Computer '), level),
      el('div', { class: 'row' }, el('label', { for: 'opp-human' }, oppHuman, ' A friend (you get an invite link)')),
      el('div', { class: 'row' }, el('label', { for: 'side', text: 'You play ' }), side),
      el('div', { class: 'row' }, el('label', { for: 'clock', text: 'Clock ' }), clock),
      create),
  );
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    create.disabled = true;
    try {
      const r = await api('POST', '/api/games', {
        variant: select.value,
        presets: specs(),
        side: side.value,
        opponent: oppAI.checked ? { type: 'ai', level: parseInt(level.value, 10) } : { type: 'human' },
        clock: clock.value ? { initial: +clock.value.split('+')[0], increment: +clock.value.split('+')[1] } : undefined,
      });
      store(seatKey(r.id), r.token);
      if (r.inviteUrl) store(inviteKey(r.id), r.inviteUrl);
      history.pushState(null, '', '/g/' + r.id);
      window.dispatchEvent(new PopStateEvent('popstate'));
    } catch (e) {
      verdict.className = 'verdict bad';
      verdict.textContent = e instanceof ApiError ? `✗ ${e.message}` : String(e);
      create.disabled = false;
    }
  });

  // recent games: this browser's own games first (recent.ts)
  const recent = recentGames(games.games, families, presets);
  app.replaceChildren(el('div', { class: 'home' }, form, recent));
  showVariant();
  explain();
}
