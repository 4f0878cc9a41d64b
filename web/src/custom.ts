// The custom variant page (/custom): paste a Fairy-Stockfish variants.ini
// block (or open a file), see the server's check live — each problem with
// its line, as `houserules check` reports it — preview the start position
// and the pieces, then play it against the computer or a friend. The block
// travels with the game (the room stores it); a block is shared before any
// game by a /custom#ini=<base64url> link, and /custom?from=<game id> loads
// a game's block back.
import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api';
import { installPieceStyles, PieceInfo } from './pieces';
import { boardFen, pocketElements, pocketRoles, Pockets } from './pockets';
import { applyBoardStyle, BoardStyle } from './boardstyle';
import { api, ApiError, copyText, el, inviteKey, seatKey, store } from './util';
import { decodeBlock, extractSection, mapLines, sectionsOf, shareLink, withoutComments } from './customlink';
import { LegendPiece, renderLegend } from './legend';
import { levelSelect } from './levels';

interface IniProblem {
  line: number;
  message: string;
}
interface IniSection {
  name: string;
  line: number;
  ok: boolean;
  errors: IniProblem[];
}
interface IniCheck {
  report: string[];
  sections: IniSection[];
  fileErrors: IniProblem[];
}
interface CheckOK {
  ok: true;
  variant: string;
  presets: string;
  files: number;
  ranks: number;
  startFen: string;
  chess960: boolean;
  boardStyle?: BoardStyle;
  pieces: PieceInfo[];
  preview?: { fen: string; board: string; pockets?: Pockets };
  iniCheck: IniCheck;
  legend?: LegendPiece[]; // the pieces with their movement diagrams (legend.ts)
}
interface CheckResult {
  ok: boolean;
  result?: CheckOK;
  error?: { code: string; message: string; display?: string };
  iniCheck?: IniCheck;
}
interface Preset {
  id: string;
  name: string;
  category: string;
  description: string;
}

const DRAFT_KEY = 'houserules:custom:draft';

// SEND_LIMIT: a block whose request would be larger (the server takes 8 KiB
// bodies) is sent as the chosen section and its parents (extractSection).
const SEND_LIMIT = 7000;

// pieceIcon is a white piece of letter as the board draws it (the piece
// style sheet matches <piece class="{letter}-piece white">).
function pieceIcon(letter: string): HTMLElement {
  const p = document.createElement('piece');
  p.className = `piece-icon ${letter}-piece white`;
  return p;
}

export async function renderCustom(app: HTMLElement): Promise<() => void> {
  const page = new CustomPage(app);
  await page.start();
  return () => page.stop();
}

// runCheck posts a block to the server's check; every answer (an error
// too) becomes a CheckResult.
async function runCheck(body: unknown): Promise<CheckResult> {
  const res = await fetch('/api/rulesets/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  let data: any = null;
  try {
    data = await res.json();
  } catch {
    return { ok: false, error: { code: 'http_' + res.status, message: `the server answered ${res.status} ${res.statusText}` } };
  }
  if (res.ok) return { ok: true, result: data as CheckOK };
  return { ok: false, error: data?.error, iniCheck: data?.iniCheck };
}

// mapBack rewrites the line numbers of a check of an extract (sent) to the
// lines of the whole text (map: the whole text's line of each sent line).
function mapBack(ic: IniCheck, r: CheckResult, m: number[]) {
  const fix = (p: IniProblem) => ({ line: p.line > 0 ? m[p.line - 1] ?? p.line : 0, message: mapLines(p.message, m) });
  ic.report = ic.report.map((l) => mapLines(l, m));
  ic.fileErrors = ic.fileErrors.map(fix);
  for (const s of ic.sections) {
    s.errors = s.errors.map(fix);
    s.line = m[s.line - 1] ?? s.line;
  }
  if (r.error) r.error = { ...r.error, message: mapLines(r.error.message, m), display: r.error.display && mapLines(r.error.display, m) };
}

// pieceRows is the piece table of a checked block: letter, name, Betza.
function pieceRows(pieces: PieceInfo[]): HTMLElement[] {
  return [
    el('thead', {}, el('tr', {}, el('th', { text: 'Letter' }), el('th', { text: 'Name' }), el('th', { text: 'Moves (Betza)' }))),
    el('tbody', {}, ...pieces.map((p) => el('tr', { 'data-letter': p.letter },
      el('td', {}, pieceIcon(p.letter), ' ' + p.letter.toUpperCase()),
      el('td', { text: p.name + (p.royal ? ' (royal)' : '') + (p.promoted ? ` · promoted: ${p.promoted.toUpperCase()} (+${p.letter.toUpperCase()} on the board)` : '') }),
      el('td', {}, el('code', { text: p.betza }))))),
  ];
}

class CustomPage {
  params = new URLSearchParams(location.search);
  hash = new URLSearchParams(location.hash.slice(1));

  // --- the editor: line numbers beside a textarea; problem lines marked ---
  gutter = el('div', { class: 'ini-gutter', id: 'ini-gutter', 'aria-hidden': 'true' });
  text = el('textarea', {
    id: 'ini', class: 'ini-text', spellcheck: 'false', wrap: 'off', 'aria-label': 'variants.ini block',
    placeholder: '[myvariant:chess]\ncustomPiece1 = a:BN\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\npromotionPieceTypes = aqrbn',
  });
  editor = el('div', { class: 'ini-editor' }, this.gutter, this.text);
  file = el('input', { type: 'file', id: 'ini-file', accept: '.ini,.txt,text/plain' });
  section = el('select', { id: 'section', 'aria-label': 'Section to play' });
  sectionRow = el('div', { class: 'row', id: 'section-row' }, el('label', { for: 'section', text: 'Section to play ' }), this.section);
  verdict = el('div', { class: 'verdict', id: 'custom-verdict', role: 'status' });
  extractNote = el('p', { class: 'note', id: 'custom-extract', hidden: true });
  problems = el('ul', { class: 'ini-problems', id: 'ini-problems' });
  report = el('pre', { class: 'explain', id: 'ini-report' });
  reportBox = el('details', {}, el('summary', { text: 'houserules check report' }), this.report);

  // --- the preview: a view-only board and the pieces ---
  pocketEls = pocketElements();
  boardEl = el('div', { class: 'cg-wrap', id: 'preview-board' });
  boardWrap = el('div', { class: 'board-wrap preview-wrap' }, this.pocketEls[0], this.boardEl, this.pocketEls[1]);
  pieceTable = el('table', { class: 'piece-table', id: 'piece-table' });
  legendBox = el('div', { class: 'custom-legend', id: 'custom-legend' });
  previewNote = el('p', { class: 'muted', id: 'preview-note' });

  // --- play: house rules, start, opponent, side ---
  presets: Preset[] = [];
  checked = new Set<string>();
  rulesBox = el('div', { class: 'rules custom-rules', id: 'custom-rules' });
  startSel = el('select', { id: 'start', 'aria-label': 'Start position' },
    el('option', { value: 'standard', text: "the block's startFen" }), el('option', { value: 'shuffled', text: 'a shuffled back rank (Chess960)' }));
  startRow = el('div', { class: 'row', id: 'start-row', hidden: true }, el('label', { for: 'start', text: 'Start from ' }), this.startSel);
  level!: HTMLSelectElement;
  oppAI = el('input', { type: 'radio', name: 'custom-opponent', value: 'ai', id: 'custom-opp-ai' });
  oppHuman = el('input', { type: 'radio', name: 'custom-opponent', value: 'human', id: 'custom-opp-human' });
  side = el('select', { id: 'custom-side', 'aria-label': 'Your side' },
    el('option', { value: 'white', text: 'White' }), el('option', { value: 'black', text: 'Black' }), el('option', { value: 'random', text: 'Random' }));
  play = el('button', { class: 'primary', id: 'play', type: 'button', text: 'Play', disabled: true });
  copy = el('button', { id: 'copy-link', type: 'button', text: 'Copy link' });
  link = el('input', { id: 'share-link', class: 'share-link', readonly: true, 'aria-label': 'Link to this block' });
  shareNote = el('p', { class: 'note', id: 'share-note' });

  cg: Api | null = null;
  last: CheckOK | null = null;
  lastIni = ''; // the block the last check sent (the whole text, or its extract)
  seq = 0;
  timer: number | undefined;
  chosen = '';

  constructor(public app: HTMLElement) {}

  async start() {
    this.presets = await api<{ presets: Preset[] }>('GET', '/api/presets').then((r) => r.presets).catch(() => [] as Preset[]);
    this.checked = new Set<string>((this.params.get('presets') ?? '').split(',').filter((x) => this.presets.some((p) => p.id === x)));
    this.buildRules();
    this.level = await levelSelect('custom-level', this.params.get('level')); // 0..20 as the CLI's
    this.oppAI.checked = this.params.get('opponent') !== 'human';
    this.oppHuman.checked = !this.oppAI.checked;
    this.layout();
    this.chosen = this.hash.get('variant') ?? this.params.get('variant') ?? '';
    this.wire();
    this.text.value = await this.initialBlock();
    this.paintGutter(new Map());
    await this.check();
  }

  stop() {
    clearTimeout(this.timer);
    this.cg?.destroy();
  }

  // buildRules fills the house-rules box: a checkbox per preset
  buildRules() {
    for (const p of this.presets) {
      const cb = el('input', { type: 'checkbox', id: 'cpreset-' + p.id, value: p.id, 'data-preset': p.id });
      cb.checked = this.checked.has(p.id);
      cb.addEventListener('change', () => {
        if (cb.checked) this.checked.add(p.id);
        else this.checked.delete(p.id);
        this.schedule();
      });
      this.rulesBox.append(el('label', { class: 'rule-pick', for: 'cpreset-' + p.id, title: p.description }, cb, ' ' + p.name));
    }
  }

  // layout puts the three cards on the page: the block, the preview, play
  layout() {
    this.app.replaceChildren(el('div', { class: 'custom' },
      el('section', { class: 'card custom-edit' },
        el('h2', { text: 'Custom variant: paste a Fairy-Stockfish variants.ini block' }),
        el('p', { class: 'muted', text: 'One or more sections in the variants.ini syntax; a section may inherit from a catalogue variant ([mine:chess]). It is checked as you type, as `houserules check` checks a file.' }),
        el('div', { class: 'row' }, el('label', { for: 'ini-file', text: 'Or open a file: ' }), this.file),
        this.editor, this.sectionRow, this.verdict, this.extractNote, this.problems, this.reportBox,
        el('div', { class: 'row share' }, this.copy, this.link), this.shareNote),
      el('section', { class: 'card custom-preview' },
        el('h2', { text: 'Start position' }), this.boardWrap, this.previewNote,
        el('h3', { text: 'Pieces' }), this.pieceTable,
        this.legendBox),
      el('section', { class: 'card custom-play' },
        el('h2', { text: 'Play it' }),
        el('details', { class: 'custom-rules-box' }, el('summary', { text: 'House rules (optional)' }), this.rulesBox),
        this.startRow,
        el('div', { class: 'row' }, el('label', { for: 'custom-opp-ai' }, this.oppAI, ' Computer '), this.level),
        el('div', { class: 'row' }, el('label', { for: 'custom-opp-human' }, this.oppHuman, ' A friend (you get an invite link)')),
        el('div', { class: 'row' }, el('label', { for: 'custom-side', text: 'You play ' }), this.side),
        this.play),
    ));
  }

  // wire connects the editor, the file input, the section, share and play
  wire() {
    this.text.addEventListener('scroll', () => (this.gutter.scrollTop = this.text.scrollTop));
    this.section.addEventListener('change', () => {
      this.chosen = this.section.value;
      this.schedule(0);
    });
    this.text.addEventListener('input', () => this.schedule());
    this.file.addEventListener('change', () => this.openFile());
    this.copy.addEventListener('click', () => this.share());
    this.play.addEventListener('click', () => this.playGame());
  }

  // the line numbers, with the problem lines marked (title: the message)
  paintGutter(bad: Map<number, string[]>) {
    const n = Math.max(1, this.text.value.split('\n').length);
    const nums: HTMLElement[] = [];
    for (let i = 1; i <= n; i++) {
      const msgs = bad.get(i);
      nums.push(el('div', { class: 'ln' + (msgs ? ' bad' : ''), 'data-line': i, title: msgs?.join('\n'), text: String(i) }));
    }
    this.gutter.replaceChildren(...nums);
    this.gutter.scrollTop = this.text.scrollTop;
  }

  // goLine selects line n of the block
  goLine(n: number) {
    const text = this.text;
    const lines = text.value.split('\n');
    const from = lines.slice(0, n - 1).reduce((a, l) => a + l.length + 1, 0);
    text.focus();
    text.setSelectionRange(from, from + (lines[n - 1]?.length ?? 0));
    const lh = parseFloat(getComputedStyle(text).lineHeight) || 18;
    text.scrollTop = Math.max(0, (n - 3) * lh);
  }

  fillSections(names: string[], check?: IniCheck) {
    const status = new Map((check?.sections ?? []).map((s) => [s.name, s.ok]));
    const want = names.includes(this.chosen) ? this.chosen : names[0] ?? '';
    this.section.replaceChildren(...names.map((n) => el('option', { value: n, text: status.get(n) === false ? `${n} (has errors)` : n })));
    this.section.value = want;
    this.sectionRow.hidden = names.length < 2;
  }

  schedule(delay = 300) {
    clearTimeout(this.timer);
    store(DRAFT_KEY, this.text.value);
    this.paintGutter(new Map());
    this.timer = window.setTimeout(() => this.check(), delay);
  }

  async openFile() {
    const f = this.file.files?.[0];
    if (!f) return;
    if (f.size > 64 << 10) {
      this.verdict.className = 'verdict bad';
      this.verdict.textContent = `✗ ${f.name} is ${f.size} bytes: a variants.ini block for the page is at most 64 KiB`;
      return;
    }
    this.text.value = await f.text();
    this.chosen = '';
    this.schedule(0);
  }

  // sendable is the text a check sends: the whole block, or (a large file,
  // a whole variants.ini) the chosen section and its parents; map gives the
  // whole text's line of each sent line, tooLarge the size still too large.
  sendable(block: string, names: string[], specs: { id: string }[]): { sent: string; map: number[] | null; tooLarge: number } {
    const size = (t: string) => new TextEncoder().encode(JSON.stringify({ ini: t, presets: specs })).length;
    if (size(block) <= SEND_LIMIT) return { sent: block, map: null, tooLarge: 0 };
    // the chosen section and its parents; still too large (or no section
    // at all): without its comments and blank lines
    let ex = extractSection(block, this.section.value || names[0] || '');
    if (!ex || size(ex.text) > SEND_LIMIT) ex = withoutComments(block, ex);
    return { sent: ex.text, map: ex.lines, tooLarge: size(ex.text) > SEND_LIMIT ? size(ex.text) : 0 };
  }

  // emptyBlock is the page with nothing pasted
  emptyBlock() {
    this.last = null;
    this.verdict.className = 'verdict';
    this.verdict.textContent = 'Paste a variants.ini block, or open a file.';
    this.problems.replaceChildren();
    this.report.textContent = '';
    this.play.disabled = true;
    this.showPreview(null);
  }

  // check sends the block to the server's check and shows the answer
  async check() {
    const n = ++this.seq;
    const block = this.text.value;
    const names = sectionsOf(block);
    this.fillSections(names);
    if (!block.trim()) return this.emptyBlock();
    const specs = [...this.checked].map((id) => ({ id }));
    const { sent, map, tooLarge } = this.sendable(block, names, specs);
    const section = this.section.value;
    this.extractNote.hidden = !map;
    this.extractNote.textContent = !map ? '' : names.length ? `The text is too large to send whole: section ${section} and the sections it inherits from (${map.length} of ${block.split('\n').length} lines, comments left out when needed) are checked and played.` : `The text is too large to send whole: its ${map.length} lines that are not comments are checked.`;
    let r: CheckResult;
    try {
      r = tooLarge
        ? { ok: false, error: { code: 'message_too_large', message: `section ${section || names[0] || '(none)'} is too large to check and play: ${tooLarge} bytes without its comments, over the server's limit of 8 KiB` } }
        : !sent.trim() // comments only, left out
          ? { ok: false, error: { code: 'bad_variant', message: 'no [section] in the file: nothing to load' } }
          : await runCheck({ ini: sent, variant: section || undefined, presets: specs });
    } catch (e) {
      r = { ok: false, error: { code: 'network', message: 'the server could not be reached: ' + String(e) } };
    }
    if (n !== this.seq) return;
    const ic = r.result?.iniCheck ?? r.iniCheck;
    if (ic && map) {
      // back to the lines of the whole text
      mapBack(ic, r, map);
      this.fillSections(names, ic);
    } else if (ic) this.fillSections(ic.sections.map((s) => s.name), ic);
    this.lastIni = sent;
    this.report.textContent = ic?.report.join('\n') ?? '';
    this.showProblems(ic);
    // the section chosen must itself load: a section named like a built-in
    // variant ([chess]) is skipped and the catalogue's would be played
    const own = ic?.sections.find((x) => x.name === this.section.value);
    if (r.ok && r.result && own && !own.ok) {
      r = { ok: false, error: { code: 'bad_variant', message: own.errors.map((p) => p.message).join('; ') }, iniCheck: ic };
    }
    this.showVerdict(r);
  }

  // showProblems lists every problem of the block, the chosen section's
  // first, and marks their lines in the gutter
  showProblems(ic: IniCheck | undefined) {
    const bad = new Map<number, string[]>();
    const items: HTMLElement[] = [];
    const list = [...(ic?.fileErrors ?? []), ...(ic?.sections ?? []).filter((s) => s.name === this.section.value).flatMap((s) => s.errors),
      ...(ic?.sections ?? []).filter((s) => s.name !== this.section.value).flatMap((s) => s.errors)];
    for (const p of list) {
      if (p.line > 0) bad.set(p.line, [...(bad.get(p.line) ?? []), p.message]);
      const li = el('li', { class: 'ini-problem', 'data-line': p.line || undefined },
        p.line > 0 ? el('a', { href: '#', class: 'goto', text: `Line ${p.line}` }) : el('strong', { text: 'File' }), ': ' + p.message);
      li.querySelector('a')?.addEventListener('click', (e) => { e.preventDefault(); this.goLine(p.line); });
      items.push(li);
    }
    this.problems.replaceChildren(...items);
    this.paintGutter(bad);
  }

  // showVerdict says whether the block loads, and enables play
  showVerdict(r: CheckResult) {
    if (r.ok && r.result) {
      this.last = r.result;
      this.verdict.className = 'verdict ok';
      this.verdict.textContent = `✓ ${r.result.variant}: ${r.result.files}×${r.result.ranks}, ${r.result.pieces.length} piece types${r.result.presets ? ' + ' + r.result.presets : ''}`;
      this.play.disabled = false;
      this.startRow.hidden = !r.result.chess960;
      this.showPreview(r.result);
    } else {
      this.last = null;
      const e = r.error;
      this.verdict.className = 'verdict bad';
      this.verdict.textContent = '✗ ' + (e?.display ?? e?.message ?? 'the block does not load');
      this.play.disabled = true;
      this.startRow.hidden = true;
      this.showPreview(null);
    }
  }

  // clearPreview empties the preview (r: a block that loads without a
  // start position)
  clearPreview(r: CheckOK | null) {
    this.cg?.destroy();
    this.cg = null;
    this.boardEl.replaceChildren();
    for (const p of this.pocketEls) { p.replaceChildren(); p.hidden = true; }
    this.pieceTable.replaceChildren();
    this.legendBox.replaceChildren();
    this.previewNote.textContent = r ? 'The start position does not set up.' : this.text.value.trim() ? 'No preview: the block does not load (see the marked lines).' : '';
  }

  // showPreview draws the start position, the piece table and the legend
  showPreview(r: CheckOK | null) {
    if (!r || !r.preview) return this.clearPreview(r);
    const pv = r.preview;
    const { boardEl, boardWrap, pocketEls } = this;
    installPieceStyles(r.pieces, r.boardStyle);
    this.cg?.destroy();
    boardEl.replaceChildren();
    boardEl.style.setProperty('--files', String(r.files));
    boardEl.style.setProperty('--ranks', String(r.ranks));
    const pocketRows = pv.pockets ? (2 * r.files) / Math.max(r.files, pv.pockets.white.length, pv.pockets.black.length) : 0;
    boardWrap.style.setProperty('--aspect', String(r.files / (r.ranks + pocketRows)));
    boardWrap.classList.toggle('has-pockets', !!pv.pockets);
    for (const p of pocketEls) {
      p.replaceChildren();
      p.removeAttribute('style');
      p.className = 'pocket-slot';
      p.hidden = !pv.pockets;
    }
    const topLeftDark = (r.ranks - 1) % 2 === 0;
    boardEl.classList.toggle('tl-dark', topLeftDark);
    this.cg = Chessground(boardEl, {
      fen: boardFen(pv.board, pv.pockets),
      orientation: 'white',
      viewOnly: true,
      coordinates: true,
      dimensions: { width: r.files, height: r.ranks },
      pocketRoles: pv.pockets ? pocketRoles(pv.pockets) : undefined,
      drawable: { enabled: false, visible: false },
      draggable: { enabled: false, showGhost: false },
    } as any, ...(pv.pockets ? pocketEls : []));
    applyBoardStyle(boardEl, r.boardStyle, r.files, r.ranks, false);
    this.previewNote.textContent = `${r.variant}: ${pv.fen}` + (r.chess960 ? ' · the block says chess960 = true: a game may start from this position or from a shuffled back rank' : '');
    this.pieceTable.replaceChildren(...pieceRows(r.pieces));
    this.legendBox.replaceChildren();
    if (r.legend) this.legendBox.replaceChildren(renderLegend(r.legend));
  }

  // share puts a /custom#ini= link to the block in the field and copies it
  async share() {
    const s = shareLink(location.origin, this.extractNote.hidden ? this.text.value : this.lastIni, this.section.value);
    if (s.error) {
      this.link.value = '';
      this.shareNote.className = 'note bad';
      this.shareNote.textContent = s.error;
      return;
    }
    this.link.value = s.url!;
    const ok = await copyText(s.url!);
    this.shareNote.className = 'note';
    this.shareNote.textContent = ok ? 'Link copied: it holds the whole block.' : 'Copy the link above: it holds the whole block.';
  }

  // playGame creates a game of the checked block and opens it
  async playGame() {
    const last = this.last;
    if (!last) return;
    this.play.disabled = true;
    try {
      const body: Record<string, unknown> = {
        variant: last.variant,
        ini: this.lastIni,
        presets: [...this.checked].map((id) => ({ id })),
        side: this.side.value,
        opponent: this.oppAI.checked ? { type: 'ai', level: parseInt(this.level.value, 10) } : { type: 'human' },
      };
      // the block's own start unless a shuffle is asked for (chess960 = true
      // would shuffle every game)
      if (last.chess960 && this.startSel.value === 'standard') body.fen = last.startFen;
      const r = await api('POST', '/api/games', body);
      store(seatKey(r.id), r.token);
      if (r.inviteUrl) store(inviteKey(r.id), r.inviteUrl);
      history.pushState(null, '', '/g/' + r.id);
      window.dispatchEvent(new PopStateEvent('popstate'));
    } catch (e) {
      this.verdict.className = 'verdict bad';
      this.verdict.textContent = '✗ ' + (e instanceof ApiError ? e.message : String(e));
      this.play.disabled = false;
    }
  }

  // initialBlock is the block to start from: a game's (?from=), a link's
  // (#ini=), the draft
  async initialBlock(): Promise<string> {
    const draft = store(DRAFT_KEY) ?? '';
    const from = this.params.get('from');
    if (from) return (await this.gameBlock(from)) ?? draft;
    if (this.hash.get('ini')) {
      const b = decodeBlock(this.hash.get('ini')!);
      if (b !== null) return b;
      this.shareNote.className = 'note bad';
      this.shareNote.textContent = 'The link does not hold a readable block (it may have been cut short).';
    }
    return draft;
  }

  // gameBlock is the block of game id with its house rules checked, or
  // null (the game plays a catalogue variant, or does not load)
  async gameBlock(from: string): Promise<string | null> {
    try {
      const g = await api<{ ini?: string; state: { variant: string; presets: string } }>('GET', '/api/games/' + encodeURIComponent(from));
      if (g.ini) {
        this.chosen = g.state.variant;
        for (const id of (g.state.presets || '').split(',').map((x) => x.split(':')[0])) {
          const cb = this.rulesBox.querySelector<HTMLInputElement>(`input[data-preset="${CSS.escape(id)}"]`);
          if (cb) { cb.checked = true; this.checked.add(id); }
        }
        this.shareNote.textContent = `The block of game ${from}.`;
        return g.ini;
      }
      this.shareNote.className = 'note bad';
      this.shareNote.textContent = `Game ${from} plays the catalogue variant ${g.state.variant}, not a custom block.`;
    } catch (e) {
      this.shareNote.className = 'note bad';
      this.shareNote.textContent = `Could not load the block of game ${from}: ${e instanceof ApiError ? e.message : String(e)}`;
    }
    return null;
  }
}
