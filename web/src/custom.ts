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
  const params = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));

  // --- the editor: line numbers beside a textarea; problem lines marked ---
  const gutter = el('div', { class: 'ini-gutter', id: 'ini-gutter', 'aria-hidden': 'true' });
  const text = el('textarea', {
    id: 'ini', class: 'ini-text', spellcheck: 'false', wrap: 'off', 'aria-label': 'variants.ini block',
    placeholder: '[myvariant:chess]\ncustomPiece1 = a:BN\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\npromotionPieceTypes = aqrbn',
  });
  const editor = el('div', { class: 'ini-editor' }, gutter, text);
  const file = el('input', { type: 'file', id: 'ini-file', accept: '.ini,.txt,text/plain' });
  const section = el('select', { id: 'section', 'aria-label': 'Section to play' });
  const sectionRow = el('div', { class: 'row', id: 'section-row' }, el('label', { for: 'section', text: 'Section to play ' }), section);
  const verdict = el('div', { class: 'verdict', id: 'custom-verdict', role: 'status' });
  const extractNote = el('p', { class: 'note', id: 'custom-extract', hidden: true });
  const problems = el('ul', { class: 'ini-problems', id: 'ini-problems' });
  const report = el('pre', { class: 'explain', id: 'ini-report' });
  const reportBox = el('details', {}, el('summary', { text: 'houserules check report' }), report);

  // --- the preview: a view-only board and the pieces ---
  const pocketEls = pocketElements();
  const boardEl = el('div', { class: 'cg-wrap', id: 'preview-board' });
  const boardWrap = el('div', { class: 'board-wrap preview-wrap' }, pocketEls[0], boardEl, pocketEls[1]);
  const pieceTable = el('table', { class: 'piece-table', id: 'piece-table' });
  const legendBox = el('div', { class: 'custom-legend', id: 'custom-legend' });
  const previewNote = el('p', { class: 'muted', id: 'preview-note' });

  // --- play: house rules, start, opponent, side ---
  const presets = await api<{ presets: Preset[] }>('GET', '/api/presets').then((r) => r.presets).catch(() => [] as Preset[]);
  const checked = new Set<string>((params.get('presets') ?? '').split(',').filter((x) => presets.some((p) => p.id === x)));
  const rulesBox = el('div', { class: 'rules custom-rules', id: 'custom-rules' });
  for (const p of presets) {
    const cb = el('input', { type: 'checkbox', id: 'cpreset-' + p.id, value: p.id, 'data-preset': p.id });
    cb.checked = checked.has(p.id);
    cb.addEventListener('change', () => {
      if (cb.checked) checked.add(p.id);
      else checked.delete(p.id);
      schedule();
    });
    rulesBox.append(el('label', { class: 'rule-pick', for: 'cpreset-' + p.id, title: p.description }, cb, ' ' + p.name));
  }
  const start = el('select', { id: 'start', 'aria-label': 'Start position' },
    el('option', { value: 'standard', text: "the block's startFen" }), el('option', { value: 'shuffled', text: 'a shuffled back rank (Chess960)' }));
  const startRow = el('div', { class: 'row', id: 'start-row', hidden: true }, el('label', { for: 'start', text: 'Start from ' }), start);
  const level = await levelSelect('custom-level', params.get('level')); // 0..20 as the CLI's
  const oppAI = el('input', { type: 'radio', name: 'custom-opponent', value: 'ai', id: 'custom-opp-ai' });
  const oppHuman = el('input', { type: 'radio', name: 'custom-opponent', value: 'human', id: 'custom-opp-human' });
  oppAI.checked = params.get('opponent') !== 'human';
  oppHuman.checked = !oppAI.checked;
  const side = el('select', { id: 'custom-side', 'aria-label': 'Your side' },
    el('option', { value: 'white', text: 'White' }), el('option', { value: 'black', text: 'Black' }), el('option', { value: 'random', text: 'Random' }));
  const play = el('button', { class: 'primary', id: 'play', type: 'button', text: 'Play', disabled: true });
  const copy = el('button', { id: 'copy-link', type: 'button', text: 'Copy link' });
  const link = el('input', { id: 'share-link', class: 'share-link', readonly: true, 'aria-label': 'Link to this block' });
  const shareNote = el('p', { class: 'note', id: 'share-note' });

  app.replaceChildren(el('div', { class: 'custom' },
    el('section', { class: 'card custom-edit' },
      el('h2', { text: 'Custom variant: paste a Fairy-Stockfish variants.ini block' }),
      el('p', { class: 'muted', text: 'One or more sections in the variants.ini syntax; a section may inherit from a catalogue variant ([mine:chess]). It is checked as you type, as `houserules check` checks a file.' }),
      el('div', { class: 'row' }, el('label', { for: 'ini-file', text: 'Or open a file: ' }), file),
      editor, sectionRow, verdict, extractNote, problems, reportBox,
      el('div', { class: 'row share' }, copy, link), shareNote),
    el('section', { class: 'card custom-preview' },
      el('h2', { text: 'Start position' }), boardWrap, previewNote,
      el('h3', { text: 'Pieces' }), pieceTable,
      legendBox),
    el('section', { class: 'card custom-play' },
      el('h2', { text: 'Play it' }),
      el('details', { class: 'custom-rules-box' }, el('summary', { text: 'House rules (optional)' }), rulesBox),
      startRow,
      el('div', { class: 'row' }, el('label', { for: 'custom-opp-ai' }, oppAI, ' Computer '), level),
      el('div', { class: 'row' }, el('label', { for: 'custom-opp-human' }, oppHuman, ' A friend (you get an invite link)')),
      el('div', { class: 'row' }, el('label', { for: 'custom-side', text: 'You play ' }), side),
      play),
  ));

  let cg: Api | null = null;
  let last: CheckOK | null = null;
  let lastIni = ''; // the block the last check sent (the whole text, or its extract)
  let seq = 0;
  let timer: number | undefined;
  let chosen = hash.get('variant') ?? params.get('variant') ?? '';

  // the line numbers, with the problem lines marked (title: the message)
  function paintGutter(bad: Map<number, string[]>) {
    const n = Math.max(1, text.value.split('\n').length);
    const nums: HTMLElement[] = [];
    for (let i = 1; i <= n; i++) {
      const msgs = bad.get(i);
      nums.push(el('div', { class: 'ln' + (msgs ? ' bad' : ''), 'data-line': i, title: msgs?.join('\n'), text: String(i) }));
    }
    gutter.replaceChildren(...nums);
    gutter.scrollTop = text.scrollTop;
  }
  text.addEventListener('scroll', () => (gutter.scrollTop = text.scrollTop));

  // goLine selects line n of the block
  function goLine(n: number) {
    const lines = text.value.split('\n');
    const from = lines.slice(0, n - 1).reduce((a, l) => a + l.length + 1, 0);
    text.focus();
    text.setSelectionRange(from, from + (lines[n - 1]?.length ?? 0));
    const lh = parseFloat(getComputedStyle(text).lineHeight) || 18;
    text.scrollTop = Math.max(0, (n - 3) * lh);
  }

  function fillSections(names: string[], check?: IniCheck) {
    const status = new Map((check?.sections ?? []).map((s) => [s.name, s.ok]));
    const want = names.includes(chosen) ? chosen : names[0] ?? '';
    section.replaceChildren(...names.map((n) => el('option', { value: n, text: status.get(n) === false ? `${n} (has errors)` : n })));
    section.value = want;
    sectionRow.hidden = names.length < 2;
  }
  section.addEventListener('change', () => {
    chosen = section.value;
    schedule(0);
  });

  function schedule(delay = 300) {
    clearTimeout(timer);
    store(DRAFT_KEY, text.value);
    paintGutter(new Map());
    timer = window.setTimeout(check, delay);
  }
  text.addEventListener('input', () => schedule());
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (!f) return;
    if (f.size > 64 << 10) {
      verdict.className = 'verdict bad';
      verdict.textContent = `✗ ${f.name} is ${f.size} bytes: a variants.ini block for the page is at most 64 KiB`;
      return;
    }
    text.value = await f.text();
    chosen = '';
    schedule(0);
  });

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

  async function check() {
    const n = ++seq;
    const block = text.value;
    const names = sectionsOf(block);
    fillSections(names);
    if (!block.trim()) {
      last = null;
      verdict.className = 'verdict';
      verdict.textContent = 'Paste a variants.ini block, or open a file.';
      problems.replaceChildren();
      report.textContent = '';
      play.disabled = true;
      showPreview(null);
      return;
    }
    const specs = [...checked].map((id) => ({ id }));
    // a large file (a whole variants.ini): the chosen section and its parents
    let sent = block;
    let map: number[] | null = null;
    const size = (t: string) => new TextEncoder().encode(JSON.stringify({ ini: t, presets: specs })).length;
    let tooLarge = 0;
    if (size(block) > SEND_LIMIT) {
      // the chosen section and its parents; still too large (or no section
      // at all): without its comments and blank lines
      let ex = extractSection(block, section.value || names[0] || '');
      if (!ex || size(ex.text) > SEND_LIMIT) ex = withoutComments(block, ex);
      if (size(ex.text) > SEND_LIMIT) tooLarge = size(ex.text);
      sent = ex.text;
      map = ex.lines;
    }
    extractNote.hidden = !map;
    extractNote.textContent = !map ? '' : names.length ? `The text is too large to send whole: section ${section.value} and the sections it inherits from (${map.length} of ${block.split('\n').length} lines, comments left out when needed) are checked and played.` : `The text is too large to send whole: its ${map.length} lines that are not comments are checked.`;
    let r: CheckResult;
    try {
      r = tooLarge
        ? { ok: false, error: { code: 'message_too_large', message: `section ${section.value || names[0] || '(none)'} is too large to check and play: ${tooLarge} bytes without its comments, over the server's limit of 8 KiB` } }
        : !sent.trim() // comments only, left out
          ? { ok: false, error: { code: 'bad_variant', message: 'no [section] in the file: nothing to load' } }
          : await runCheck({ ini: sent, variant: section.value || undefined, presets: specs });
    } catch (e) {
      r = { ok: false, error: { code: 'network', message: 'the server could not be reached: ' + String(e) } };
    }
    if (n !== seq) return;
    const ic = r.result?.iniCheck ?? r.iniCheck;
    if (ic && map) {
      // back to the lines of the whole text
      const m = map;
      const fix = (p: IniProblem) => ({ line: p.line > 0 ? m[p.line - 1] ?? p.line : 0, message: mapLines(p.message, m) });
      ic.report = ic.report.map((l) => mapLines(l, m));
      ic.fileErrors = ic.fileErrors.map(fix);
      for (const s of ic.sections) {
        s.errors = s.errors.map(fix);
        s.line = m[s.line - 1] ?? s.line;
      }
      if (r.error) r.error = { ...r.error, message: mapLines(r.error.message, m), display: r.error.display && mapLines(r.error.display, m) };
      fillSections(names, ic);
    } else if (ic) fillSections(ic.sections.map((s) => s.name), ic);
    lastIni = sent;
    report.textContent = ic?.report.join('\n') ?? '';
    // every problem of the block, the chosen section's first
    const bad = new Map<number, string[]>();
    const items: HTMLElement[] = [];
    const list = [...(ic?.fileErrors ?? []), ...(ic?.sections ?? []).filter((s) => s.name === section.value).flatMap((s) => s.errors),
      ...(ic?.sections ?? []).filter((s) => s.name !== section.value).flatMap((s) => s.errors)];
    for (const p of list) {
      if (p.line > 0) bad.set(p.line, [...(bad.get(p.line) ?? []), p.message]);
      const li = el('li', { class: 'ini-problem', 'data-line': p.line || undefined },
        p.line > 0 ? el('a', { href: '#', class: 'goto', text: `Line ${p.line}` }) : el('strong', { text: 'File' }), ': ' + p.message);
      li.querySelector('a')?.addEventListener('click', (e) => { e.preventDefault(); goLine(p.line); });
      items.push(li);
    }
    problems.replaceChildren(...items);
    paintGutter(bad);
    // the section chosen must itself load: a section named like a built-in
    // variant ([chess]) is skipped and the catalogue's would be played
    const own = ic?.sections.find((x) => x.name === section.value);
    if (r.ok && r.result && own && !own.ok) {
      r = { ok: false, error: { code: 'bad_variant', message: own.errors.map((p) => p.message).join('; ') }, iniCheck: ic };
    }
    if (r.ok && r.result) {
      last = r.result;
      verdict.className = 'verdict ok';
      verdict.textContent = `✓ ${r.result.variant}: ${r.result.files}×${r.result.ranks}, ${r.result.pieces.length} piece types${r.result.presets ? ' + ' + r.result.presets : ''}`;
      play.disabled = false;
      startRow.hidden = !r.result.chess960;
      showPreview(r.result);
    } else {
      last = null;
      const e = r.error;
      verdict.className = 'verdict bad';
      verdict.textContent = '✗ ' + (e?.display ?? e?.message ?? 'the block does not load');
      play.disabled = true;
      startRow.hidden = true;
      showPreview(null);
    }
  }

  function showPreview(r: CheckOK | null) {
    if (!r || !r.preview) {
      cg?.destroy();
      cg = null;
      boardEl.replaceChildren();
      for (const p of pocketEls) { p.replaceChildren(); p.hidden = true; }
      pieceTable.replaceChildren();
      legendBox.replaceChildren();
      previewNote.textContent = r ? 'The start position does not set up.' : text.value.trim() ? 'No preview: the block does not load (see the marked lines).' : '';
      return;
    }
    const pv = r.preview;
    installPieceStyles(r.pieces, r.boardStyle);
    cg?.destroy();
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
    cg = Chessground(boardEl, {
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
    previewNote.textContent = `${r.variant}: ${pv.fen}` + (r.chess960 ? ' · the block says chess960 = true: a game may start from this position or from a shuffled back rank' : '');
    pieceTable.replaceChildren(
      el('thead', {}, el('tr', {}, el('th', { text: 'Letter' }), el('th', { text: 'Name' }), el('th', { text: 'Moves (Betza)' }))),
      el('tbody', {}, ...r.pieces.map((p) => el('tr', { 'data-letter': p.letter },
        el('td', {}, pieceIcon(p.letter), ' ' + p.letter.toUpperCase()),
        el('td', { text: p.name + (p.royal ? ' (royal)' : '') + (p.promoted ? ` · promoted: ${p.promoted.toUpperCase()} (+${p.letter.toUpperCase()} on the board)` : '') }),
        el('td', {}, el('code', { text: p.betza }))))),
    );
    legendBox.replaceChildren();
    if (r.legend) legendBox.replaceChildren(renderLegend(r.legend));
  }

  copy.addEventListener('click', async () => {
    const s = shareLink(location.origin, extractNote.hidden ? text.value : lastIni, section.value);
    if (s.error) {
      link.value = '';
      shareNote.className = 'note bad';
      shareNote.textContent = s.error;
      return;
    }
    link.value = s.url!;
    const ok = await copyText(s.url!);
    shareNote.className = 'note';
    shareNote.textContent = ok ? 'Link copied: it holds the whole block.' : 'Copy the link above: it holds the whole block.';
  });

  play.addEventListener('click', async () => {
    if (!last) return;
    play.disabled = true;
    try {
      const body: Record<string, unknown> = {
        variant: last.variant,
        ini: lastIni,
        presets: [...checked].map((id) => ({ id })),
        side: side.value,
        opponent: oppAI.checked ? { type: 'ai', level: parseInt(level.value, 10) } : { type: 'human' },
      };
      // the block's own start unless a shuffle is asked for (chess960 = true
      // would shuffle every game)
      if (last.chess960 && start.value === 'standard') body.fen = last.startFen;
      const r = await api('POST', '/api/games', body);
      store(seatKey(r.id), r.token);
      if (r.inviteUrl) store(inviteKey(r.id), r.inviteUrl);
      history.pushState(null, '', '/g/' + r.id);
      window.dispatchEvent(new PopStateEvent('popstate'));
    } catch (e) {
      verdict.className = 'verdict bad';
      verdict.textContent = '✗ ' + (e instanceof ApiError ? e.message : String(e));
      play.disabled = false;
    }
  });

  // the block to start from: a game's (?from=), a link's (#ini=), the draft
  let initial = store(DRAFT_KEY) ?? '';
  const from = params.get('from');
  if (from) {
    try {
      const g = await api<{ ini?: string; state: { variant: string; presets: string } }>('GET', '/api/games/' + encodeURIComponent(from));
      if (g.ini) {
        initial = g.ini;
        chosen = g.state.variant;
        for (const id of (g.state.presets || '').split(',').map((x) => x.split(':')[0])) {
          const cb = rulesBox.querySelector<HTMLInputElement>(`input[data-preset="${CSS.escape(id)}"]`);
          if (cb) { cb.checked = true; checked.add(id); }
        }
        shareNote.textContent = `The block of game ${from}.`;
      } else {
        shareNote.className = 'note bad';
        shareNote.textContent = `Game ${from} plays the catalogue variant ${g.state.variant}, not a custom block.`;
      }
    } catch (e) {
      shareNote.className = 'note bad';
      shareNote.textContent = `Could not load the block of game ${from}: ${e instanceof ApiError ? e.message : String(e)}`;
    }
  } else if (hash.get('ini')) {
    const b = decodeBlock(hash.get('ini')!);
    if (b === null) {
      shareNote.className = 'note bad';
      shareNote.textContent = 'The link does not hold a readable block (it may have been cut short).';
    } else initial = b;
  }
  text.value = initial;
  paintGutter(new Map());
  await check();
  return () => {
    clearTimeout(timer);
    cg?.destroy();
  };
}
