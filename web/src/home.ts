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
  const home = new HomePage(vs.families, ps.presets);
  await home.build();
  // recent games: this browser's own games first (recent.ts)
  const recent = recentGames(games.games, vs.families, ps.presets);
  app.replaceChildren(el('div', { class: 'home' }, home.form(), recent));
  home.showVariant();
  home.explain();
}

// a family's variants, the playable ones and those that cannot be played yet
const allOf = (f: Family) => [...f.variants, ...(f.unavailable ?? [])];

// CLOCKS: the clock choices (initial+increment in seconds) and their labels
const CLOCKS = [['', 'no clock'], ['60+0', '1 min'], ['180+2', '3 min + 2 s'], ['300+3', '5 min + 3 s'], ['600+5', '10 min + 5 s'], ['900+10', '15 min + 10 s'], ['1800+20', '30 min + 20 s']];

// HomePage is the new-game form: the variant, house rules, opponent and
// side, each ruleset checked by the server as it changes.
class HomePage {
  params = new URLSearchParams(location.search);
  byId: Map<string, Preset>;

  // --- variant picker ---
  select = el('select', { id: 'variant', name: 'variant', 'aria-label': 'Variant' });
  variantInfo = el('div', { class: 'variant-info', id: 'variant-info' });
  pieces = piecesPreview(); // the legend of the variant's pieces (rulespanel.ts)

  // --- house rules ---
  checked: Set<string>;
  scopes = new Map<string, string>();
  rulesBox = el('div', { class: 'rules', id: 'rules' });
  notes = new Map<string, HTMLElement>();
  boxes = new Map<string, HTMLInputElement>();
  verdict = el('div', { class: 'verdict', id: 'verdict' });
  explainBox = el('pre', { class: 'explain' });
  explainDetails = el('details', {}, el('summary', { text: 'Active productions of this ruleset' }), this.explainBox);
  seq = 0;
  create = el('button', { class: 'primary', id: 'create', type: 'submit', text: 'Create game' });
  // the board editor, for the variant and house rules chosen
  setup = el('a', { id: 'setup-link', class: 'setup-link', 'data-link': true, text: 'Set up a position…', title: 'Open the board editor: put the pieces where you like and play from there' });

  // --- opponent and side ---
  level!: HTMLSelectElement;
  oppAI = el('input', { type: 'radio', name: 'opponent', value: 'ai', id: 'opp-ai' });
  oppHuman = el('input', { type: 'radio', name: 'opponent', value: 'human', id: 'opp-human' });
  side = el('select', { id: 'side', 'aria-label': 'Your side' },
    el('option', { value: 'white', text: 'White' }), el('option', { value: 'black', text: 'Black' }), el('option', { value: 'random', text: 'Random' }));
  clock = el('select', { id: 'clock', 'aria-label': 'Clock' });

  constructor(public families: Family[], public presets: Preset[]) {
    this.byId = new Map(presets.map((p) => [p.id, p]));
    this.checked = new Set<string>((this.params.get('presets') ?? '').split(',').filter((x) => this.byId.has(x)));
  }

  async build() {
    this.buildPicker();
    this.buildRules();
    this.level = await levelSelect('level', this.params.get('level'));
    this.buildOpponent();
  }

  // buildPicker lists every catalogue variant and plugin by family; one
  // that cannot be played yet is listed too (its description and why)
  buildPicker() {
    const select = this.select;
    for (const f of this.families) {
      const g = el('optgroup', { label: f.name });
      for (const v of f.variants) g.append(el('option', { value: v.name, text: `${v.title} (${v.files}×${v.ranks})`, title: v.description }));
      for (const v of f.unavailable ?? []) g.append(el('option', { value: v.name, class: 'unavailable', 'data-unavailable': true, text: `${v.title} — not playable yet`, title: v.description }));
      select.append(g);
    }
    select.value = this.params.get('variant') ?? 'chess';
    if (!select.value) select.value = 'chess';
    select.addEventListener('change', () => this.showVariant());
  }

  // showVariant describes the chosen variant and its family
  showVariant() {
    const name = this.select.value;
    const f = this.families.find((f) => allOf(f).some((v) => v.name === name))!;
    const v = allOf(f).find((v) => v.name === name)!;
    const style = describeStyle(v.boardStyle);
    this.variantInfo.replaceChildren(
      el('p', { class: 'family' }, el('strong', { text: f.name + ': ' }), f.description),
      el('p', { id: 'variant-description' }, el('strong', { text: v.title + ' — ' }), v.description, ' ', v.url ? el('a', { href: v.url, target: '_blank', rel: 'noopener', text: 'rules ↗' }) : null),
      ...(v.rule ? [el('p', { class: 'muted', text: v.rule })] : []),
      v.error
        ? el('p', { class: 'note bad', id: 'variant-unavailable', text: 'Not playable yet: ' + v.error })
        : el('p', { class: 'muted', text: `Board ${v.files} files × ${v.ranks} ranks${style ? ' (' + style + ')' : ''} · name "${v.name}"` }),
    );
    this.validate();
  }

  // buildRules fills the house-rules box: a fieldset per category
  buildRules() {
    const cats = [...new Set(this.presets.map((p) => p.category))].sort();
    for (const cat of cats) {
      const fs = el('fieldset', { class: 'rule-cat' }, el('legend', { text: cat }));
      for (const p of this.presets.filter((p) => p.category === cat)) fs.append(this.ruleRow(p));
      this.rulesBox.append(fs);
    }
  }

  // ruleRow is one house rule: its checkbox, scope, description, what it
  // requires or excludes, and its live note
  ruleRow(p: Preset): HTMLElement {
    const name = (r: string) => this.byId.get(r)?.name ?? r;
    const cb = el('input', { type: 'checkbox', id: 'preset-' + p.id, value: p.id, 'data-preset': p.id });
    cb.checked = this.checked.has(p.id);
    cb.addEventListener('change', () => {
      if (cb.checked) this.checked.add(p.id);
      else this.checked.delete(p.id);
      this.explain();
    });
    this.boxes.set(p.id, cb);
    const note = el('div', { class: 'rule-note' });
    this.notes.set(p.id, note);
    const meta: string[] = [];
    if (p.requires.length) meta.push('requires ' + p.requires.map(name).join(', '));
    if (p.incompatible.length) meta.push('incompatible with ' + p.incompatible.map(name).join(', '));
    let scopeSel: HTMLSelectElement | null = null;
    if (p.scopeAware) {
      scopeSel = el('select', { class: 'scope', 'aria-label': p.name + ' applies to' },
        el('option', { value: 'both', text: 'both sides' }), el('option', { value: 'white', text: 'white only' }), el('option', { value: 'black', text: 'black only' }));
      scopeSel.addEventListener('change', () => { this.scopes.set(p.id, scopeSel!.value); this.validate(); });
    }
    return el('div', { class: 'rule' },
      el('label', { for: 'preset-' + p.id }, cb, ' ', el('strong', { text: p.name }), ' ', el('span', { class: 'mode ' + p.mode, text: p.mode })),
      scopeSel,
      el('div', { class: 'rule-desc', text: p.description }),
      meta.length ? el('div', { class: 'rule-meta', text: meta.join(' · ') }) : null,
      note,
    );
  }

  // explain Requires / Incompatible live, before asking the server
  explain() {
    const { presets, checked } = this;
    const name = (r: string) => this.byId.get(r)?.name ?? r;
    const clash = (p: Preset, q: Preset) => p.incompatible.includes(q.id) || q.incompatible.includes(p.id);
    for (const p of presets) {
      const note = this.notes.get(p.id)!;
      const msgs: string[] = [];
      let bad = false;
      if (checked.has(p.id)) {
        for (const r of p.requires) if (!checked.has(r)) { msgs.push(`needs ${name(r)}: tick it too`); bad = true; }
        for (const q of presets) {
          if (q.id !== p.id && checked.has(q.id) && clash(p, q)) {
            msgs.push(`conflicts with ${q.name}: choose one`);
            bad = true;
          }
        }
      } else {
        const conflict = presets.find((q) => checked.has(q.id) && clash(p, q));
        if (conflict) msgs.push(`unavailable with ${conflict.name}`);
        const missing = p.requires.filter((r) => !checked.has(r));
        if (missing.length) msgs.push(`works only with ${missing.map(name).join(', ')}`);
      }
      note.textContent = msgs.join(' · ');
      note.className = 'rule-note' + (bad ? ' bad' : '');
      this.boxes.get(p.id)!.closest('.rule')!.classList.toggle('on', checked.has(p.id));
    }
    this.validate();
  }

  // specs are the ticked house rules as the API takes them
  specs() {
    return [...this.checked].map((id) => {
      const s = this.scopes.get(id);
      return s && s !== 'both' ? { id, options: { scope: s } } : { id };
    });
  }

  // validate asks the server to check the ruleset; the verdict, the
  // active productions and the pieces follow its answer
  async validate() {
    const n = ++this.seq;
    const variant = this.select.value;
    this.setup.setAttribute('href', '/editor?' + new URLSearchParams({ variant, ...(this.checked.size ? { presets: this.specs().map((p) => p.id + (p.options ? ':scope=' + p.options.scope : '')).join(',') } : {}) }).toString());
    try {
      const r = await api('POST', '/api/rulesets/check', { variant, presets: this.specs() });
      if (n !== this.seq) return;
      this.verdict.className = 'verdict ok';
      this.verdict.textContent = this.checked.size ? `✓ ${this.select.value} with ${r.presets}` : `✓ ${this.select.value}, no house rules`;
      this.explainBox.textContent = r.explain;
      this.pieces.update(r.legend, r.boardStyle);
      this.create.disabled = false;
    } catch (e) {
      if (n !== this.seq) return;
      this.verdict.className = 'verdict bad';
      this.verdict.textContent = e instanceof ApiError ? `✗ ${e.message}` : String(e);
      this.explainBox.textContent = '';
      this.pieces.update([]);
      this.create.disabled = true;
    }
  }

  // buildOpponent sets the opponent and the clock from the URL
  buildOpponent() {
    const params = this.params;
    this.oppAI.checked = params.get('opponent') !== 'human';
    this.oppHuman.checked = !this.oppAI.checked;
    for (const [v, t] of CLOCKS) this.clock.append(el('option', { value: v, text: t }));
    if (params.get('clock') && [...this.clock.options].some((o) => o.value === params.get('clock'))) this.clock.value = params.get('clock')!;
  }

  // labLink is the link to the balance lab, shown when the server runs it
  // (serve --lab: GET /api/lab/studies answers)
  labLink(): HTMLElement {
    const p = el('p', { class: 'custom-link', id: 'lab-link' }, el('a', { href: '/lab', 'data-link': true, text: 'Balance lab: does a house rule favour White? (AI self-play studies)' }));
    p.style.display = 'none';
    fetch('/api/lab/studies').then((r) => { if (r.ok) p.style.display = ''; }).catch(() => {});
    return p;
  }

  // form is the three cards (variant, house rules, opponent) with the submit
  form(): HTMLElement {
    const form = el('form', { class: 'new-game', id: 'new-game' },
      el('section', { class: 'card' }, el('h2', { text: '1. Variant' }), this.select, this.variantInfo, this.pieces.el,
        el('p', { class: 'custom-link' }, el('a', { href: '/custom', 'data-link': true, id: 'custom-link', text: 'Custom variant (paste variants.ini)' })), this.setup,
        this.labLink()),
      el('section', { class: 'card' }, el('h2', { text: '2. House rules' }), this.rulesBox, this.verdict, this.explainDetails),
      el('section', { class: 'card' }, el('h2', { text: '3. Opponent' }),
        el('div', { class: 'row' }, el('label', { for: 'opp-ai' }, this.oppAI, ' Computer '), this.level),
        el('div', { class: 'row' }, el('label', { for: 'opp-human' }, this.oppHuman, ' A friend (you get an invite link)')),
        el('div', { class: 'row' }, el('label', { for: 'side', text: 'You play ' }), this.side),
        el('div', { class: 'row' }, el('label', { for: 'clock', text: 'Clock ' }), this.clock),
        this.create),
    );
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      this.submit();
    });
    return form;
  }

  // submit creates the game and opens it
  async submit() {
    this.create.disabled = true;
    try {
      const r = await api('POST', '/api/games', {
        variant: this.select.value,
        presets: this.specs(),
        side: this.side.value,
        opponent: this.oppAI.checked ? { type: 'ai', level: parseInt(this.level.value, 10) } : { type: 'human' },
        clock: this.clock.value ? { initial: +this.clock.value.split('+')[0], increment: +this.clock.value.split('+')[1] } : undefined,
      });
      store(seatKey(r.id), r.token);
      if (r.inviteUrl) store(inviteKey(r.id), r.inviteUrl);
      history.pushState(null, '', '/g/' + r.id);
      window.dispatchEvent(new PopStateEvent('popstate'));
    } catch (e) {
      this.verdict.className = 'verdict bad';
      this.verdict.textContent = e instanceof ApiError ? `✗ ${e.message}` : String(e);
      this.create.disabled = false;
    }
  }
}
