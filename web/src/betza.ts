// A small Betza reader for piece images: the squares a piece reaches from
// the centre of a small grid, as White sees them (forward = up), drawn as a
// tiny movement diagram on the piece's face. It reads Betza as the engine
// does (a port of betza/betza.go: atoms, riders, ranges, modes m c,
// hoppers p g, initial i, direction modifiers with Fairy-Stockfish's
// conventions) and skips what it does not know: the diagram is a picture
// of the piece, the legend shows its exact moves.

export type Mode = 'both' | 'move' | 'capture';

export interface Step {
  dx: number; // files to the right
  dy: number; // ranks forward
  mode: Mode;
  hop: boolean; // a hopper (cannon, grasshopper): jumps a piece
  initial: boolean; // only its first move
  rider: number; // 0: a leap; n > 0: a slide of up to n steps (Infinity: unlimited)
}

// the atoms (forward, sideways) as houserules' betza package (Go) reads them
const LEAPERS: Record<string, [number, number][]> = {
  W: [[1, 0]], F: [[1, 1]], D: [[2, 0]], N: [[2, 1]], A: [[2, 2]], H: [[3, 0]], L: [[3, 1]], C: [[3, 1]],
  J: [[3, 2]], Z: [[3, 2]], G: [[3, 3]], K: [[1, 0], [1, 1]],
};
const RIDERS: Record<string, [number, number][]> = { R: [[1, 0]], B: [[1, 1]], Q: [[1, 0], [1, 1]] };
const VERTICALS = 'fbvh';
const HORIZONTALS = 'rlsh';

// expand: the (forward, right) vectors the direction modifiers select for
// the atom (a forward, b sideways), Fairy-Stockfish's conventions (a port
// of expand in betza/betza.go).
function expand(a: number, b: number, dirs: string[]): [number, number][] {
  const has = (...opts: string[]) => dirs.length === 0 || dirs.some((d) => opts.includes(d));
  const out: [number, number][] = [];
  if (has('ff', 'vv', 'rf', 'rv', 'fh', 'rh', 'hr')) out.push([a, b]);
  if (has('bb', 'vv', 'lb', 'lv', 'bh', 'lh', 'hr')) out.push([-a, -b]);
  if (has('rr', 'ss', 'br', 'bs', 'bh', 'rh', 'hr')) out.push([-b, a]);
  if (has('ll', 'ss', 'fl', 'fs', 'fh', 'lh', 'hr')) out.push([b, -a]);
  if (has('rr', 'ss', 'fr', 'fs', 'fh', 'rh', 'hl')) out.push([b, a]);
  if (has('ll', 'ss', 'bl', 'bs', 'bh', 'lh', 'hl')) out.push([-b, -a]);
  if (has('bb', 'vv', 'rb', 'rv', 'bh', 'rh', 'hl')) out.push([-a, b]);
  if (has('ff', 'vv', 'lf', 'lv', 'fh', 'lh', 'hl')) out.push([a, -b]);
  return out;
}

// parseBetza lists the steps of a Betza string (a port of Parse in
// betza/betza.go; what it cannot read is skipped).
export function parseBetza(s: string): Step[] {
  const moves = new Map<string, Step>();
  let mods: Mode[] = [];
  let dirs: string[] = [];
  let hop = false, initial = false, distance = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === 'm') mods.push('move');
    else if (c === 'c') mods.push('capture');
    else if (c === 'p' || c === 'g') {
      hop = true;
      if (c === 'g') distance = 1;
    } else if (c === 'n' || c === 'e') {
      /* lame leaper, en passant: drawn as the plain move */
    } else if (c === 'i') initial = true;
    else if (VERTICALS.includes(c) || HORIZONTALS.includes(c)) {
      const c2 = s[i + 1];
      if (c2 && (c2 === c || (VERTICALS.includes(c) && HORIZONTALS.includes(c2)) || (HORIZONTALS.includes(c) && VERTICALS.includes(c2)))) {
        dirs.push(c + c2);
        i++;
      } else dirs.push(c + c);
    } else if (LEAPERS[c] || RIDERS[c]) {
      let atoms = RIDERS[c];
      let rider = !!atoms;
      if (!rider) atoms = LEAPERS[c];
      const n = s[i + 1];
      if (n && (/[1-9]/.test(n) || n === c)) {
        rider = true;
        if (/[1-9]/.test(n)) distance = +n;
        i++;
      }
      const ms: Mode[] = mods.length ? mods : ['move', 'capture'];
      for (const [a, b] of atoms) {
        const ds: string[] = [];
        for (const d of dirs) {
          if (atoms.length === 1 && b === 0 && d[0] !== d[1]) ds.push(d[0] + d[0], d[1] + d[1]);
          else ds.push(d);
        }
        for (const m of ms) {
          if (m === 'capture' && initial) continue;
          for (const [dy, dx] of expand(a, b, ds)) {
            const k = `${dx},${dy},${initial},${hop},${rider}`;
            moves.set(`${k},${m}`, { dx, dy, mode: m, hop, initial, rider: hop ? (distance > 1 ? distance : Infinity) : rider ? distance || Infinity : 0 });
          }
        }
      }
      mods = [];
      dirs = [];
      hop = initial = false;
      distance = 0;
    }
  }
  // a move and a capture the same way are one step of both modes
  const out: Step[] = [];
  for (const [k, st] of moves) {
    const base = k.slice(0, k.lastIndexOf(','));
    if (st.mode === 'capture' && moves.has(`${base},move`)) continue;
    if (st.mode === 'move' && moves.has(`${base},capture`)) out.push({ ...st, mode: 'both' });
    else out.push(st);
  }
  return out;
}

// A mark on the diagram: a square reached, or a ray of a slider.
export interface Mark {
  x: number; // from the centre, forward = +y
  y: number;
  mode: Mode;
  hop: boolean;
  initial: boolean;
}

export interface Diagram {
  reach: number; // the grid is (2 reach + 1)² squares
  marks: Mark[]; // squares reached (leaps, the steps of short sliders)
  rays: { dx: number; dy: number; mode: Mode; hop: boolean }[]; // unlimited sliders: to the edge
}

// diagramOf lays a Betza string out on a 5×5 grid (7×7 when it leaps
// three squares).
export function diagramOf(betza: string): Diagram {
  const steps = parseBetza(betza);
  let reach = 2;
  for (const s of steps) if (!s.rider) reach = Math.max(reach, Math.abs(s.dx), Math.abs(s.dy));
  reach = Math.min(reach, 3);
  const marks = new Map<string, Mark>();
  const put = (x: number, y: number, s: Step) => {
    if (Math.abs(x) > reach || Math.abs(y) > reach) return;
    const k = `${x},${y}`;
    const old = marks.get(k);
    if (!old) {
      marks.set(k, { x, y, mode: s.mode, hop: s.hop, initial: s.initial });
      return;
    }
    if (old.mode !== s.mode) old.mode = 'both';
    old.hop = old.hop && s.hop;
    old.initial = old.initial && s.initial;
  };
  const rays: Diagram['rays'] = [];
  for (const s of steps) {
    if (!s.rider) put(s.dx, s.dy, s);
    else if (s.rider === Infinity) {
      const r = rays.find((o) => o.dx === s.dx && o.dy === s.dy);
      if (!r) rays.push({ dx: s.dx, dy: s.dy, mode: s.mode, hop: s.hop });
      else {
        if (r.mode !== s.mode) r.mode = 'both';
        r.hop = r.hop && s.hop;
      }
    } else for (let i = 1; i <= s.rider; i++) put(s.dx * i, s.dy * i, s);
  }
  // a square on an unlimited ray is the ray's
  const onRay = (m: Mark) => rays.some((r) => !r.hop && r.mode === 'both' && sameRay(r.dx, r.dy, m.x, m.y));
  return { reach, marks: [...marks.values()].filter((m) => !onRay(m)), rays };
}

function sameRay(dx: number, dy: number, x: number, y: number): boolean {
  for (let i = 1; i <= 3; i++) if (dx * i === x && dy * i === y) return true;
  return false;
}

const f1 = (n: number) => (Math.round(n * 100) / 100).toString();

// diagramSVG draws the diagram in a box (x, y, size) in ink: leaps as dots
// (rings for moves only, crosses for captures only), sliders as arrows to
// the edge (dashed for hoppers), the piece's square as a small square. flip
// turns it for Black (forward = down).
export function diagramSVG(d: Diagram, x0: number, y0: number, size: number, ink: string, flip: boolean, faint: string): string {
  const n = 2 * d.reach + 1;
  const cell = size / n;
  const cx = x0 + size / 2;
  const cy = y0 + size / 2;
  const px = (x: number) => cx + x * cell;
  const py = (y: number) => cy - (flip ? -y : y) * cell;
  const r = cell * 0.4;
  let s = `<g data-face="diagram" data-marks="${d.marks.length + d.rays.length}"><rect x="${f1(x0)}" y="${f1(y0)}" width="${f1(size)}" height="${f1(size)}" fill="none" stroke="${faint}" stroke-width="0.5"/>`;
  s += `<rect x="${f1(cx - cell * 0.38)}" y="${f1(cy - cell * 0.38)}" width="${f1(cell * 0.76)}" height="${f1(cell * 0.76)}" fill="${faint}"/>`;
  for (const ray of d.rays) {
    const k = d.reach / Math.max(Math.abs(ray.dx), Math.abs(ray.dy));
    const ex = px(ray.dx * k), ey = py(ray.dy * k);
    const sx = px(ray.dx * 0.5), sy = py(ray.dy * 0.5);
    const w = Math.max(0.9, cell * 0.26);
    const dash = ray.hop ? ` stroke-dasharray="${f1(cell * 0.5)} ${f1(cell * 0.35)}"` : '';
    const col = ray.mode === 'capture' ? '#c0392b' : ink;
    s += `<line x1="${f1(sx)}" y1="${f1(sy)}" x2="${f1(ex)}" y2="${f1(ey)}" stroke="${col}" stroke-width="${f1(w)}" stroke-linecap="round"${dash}${ray.mode === 'move' ? ' stroke-opacity="0.6"' : ''}/>`;
    // the arrow head
    const len = Math.hypot(ex - sx, ey - sy) || 1;
    const ux = (ex - sx) / len, uy = (ey - sy) / len;
    const h = cell * 0.55;
    s += `<path d="M${f1(ex + ux * h * 0.3)} ${f1(ey + uy * h * 0.3)} L${f1(ex - ux * h - uy * h * 0.6)} ${f1(ey - uy * h + ux * h * 0.6)} L${f1(ex - ux * h + uy * h * 0.6)} ${f1(ey - uy * h - ux * h * 0.6)}Z" fill="${col}"/>`;
  }
  for (const m of d.marks) {
    const x = px(m.x), y = py(m.y);
    const rr = m.initial ? r * 0.75 : r;
    const sw = f1(Math.max(0.6, cell * 0.16));
    if (m.mode === 'capture') {
      s += `<path d="M${f1(x - rr)} ${f1(y - rr)} L${f1(x + rr)} ${f1(y + rr)} M${f1(x + rr)} ${f1(y - rr)} L${f1(x - rr)} ${f1(y + rr)}" stroke="#c0392b" stroke-width="${sw}" stroke-linecap="round"/>`;
    } else if (m.mode === 'move' || m.hop) {
      s += `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rr * 0.85)}" fill="none" stroke="${ink}" stroke-width="${sw}"${m.hop ? ` stroke-dasharray="${f1(cell * 0.2)} ${f1(cell * 0.15)}"` : ''}/>`;
    } else {
      s += `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rr)}" fill="${ink}"/>`;
    }
  }
  return s + '</g>';
}

// movesKey is the same for two Betza strings that move alike ("fmFfcW",
// "mfFcfeW").
export const movesKey = (betza: string) =>
  parseBetza(betza).map((s) => `${s.dx},${s.dy},${s.mode},${s.hop},${s.initial},${s.rider}`).sort().join(' ');
