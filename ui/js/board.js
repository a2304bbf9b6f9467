// Draws a GameView as an SVG board and reports which point the player chose.
// It keeps no game state: every draw starts from the view the Rust side sent.

import { t } from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Distance between two lines, in SVG units. */
const CELL = 40;
/** Room outside the grid for the coordinates. */
const MARGIN = 46;
/** Room outside the grid when the coordinates are hidden. */
const BARE_MARGIN = 28;
const STONE_R = CELL * 0.46;

/** Column letters from the left; I is not skipped, as in Renju notation. */
export function columnName(x) {
  return String.fromCharCode(65 + x);
}

/** A point's name as people read it: `H8` is the centre of 15x15 (rows count from the bottom). */
export function pointName(x, y, size) {
  return `${columnName(x)}${size - y}`;
}

/** The star points: the centre and four others, where the board has room for them. */
export function starPoints(size) {
  const c = Math.floor(size / 2);
  if (size < 9) return size % 2 ? [[c, c]] : [];
  const d = size >= 13 ? 3 : 2;
  const points = [[d, d], [size - 1 - d, d], [d, size - 1 - d], [size - 1 - d, size - 1 - d]];
  if (size % 2) points.push([c, c]);
  return points;
}

export function svgEl(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

const at = (i) => MARGIN + i * CELL;
const same = (a, b) => a && b && a.x === b.x && a.y === b.y;

/** What the board shows besides the stones; the profile's settings set these. */
export const DEFAULT_OPTIONS = {
  coordinates: true,
  moveNumbers: false,
  lastMarker: true,
  showForbidden: true,
  tapMode: 'auto',
};

export class BoardView {
  /**
   * @param {SVGSVGElement} svg where to draw
   * @param {{ onPlay?: (x: number, y: number) => void, interactive?: boolean }} handlers
   */
  constructor(svg, { onPlay = () => {}, interactive = true } = {}) {
    this.svg = svg;
    this.onPlay = onPlay;
    this.interactive = interactive;
    this.options = { ...DEFAULT_OPTIONS };
    this.gridKey = '';
    this.size = 0;
    this.view = null;
    this.locked = false;
    this.hint = null;
    this.coach = null;
    this.preview = null;
    this.cursor = null;
    this.down = null;
    this.hits = [];
    this.previousStones = new Set();
    if (interactive) this.#listen();
    else svg.classList.add('readonly');
  }

  /** Draws `view`: the grid when the size changed, then stones and marks. */
  draw(view) {
    const key = `${view.size}:${this.options.coordinates}`;
    if (key !== this.gridKey) this.#drawGrid(view.size);
    if (!this.view || this.view.generation !== view.generation || view.generation === undefined) {
      this.preview = null;
      this.hint = null;
      // The coach's marks were for the stones before: the caller asks anew.
      this.coach = null;
    }
    this.view = view;
    this.#drawStones(view);
    this.#drawMarks(view);
    this.#labelPoints(view);
  }

  /** Changes what is shown (coordinates, numbers, marks, tap mode) and redraws. */
  setOptions(options) {
    this.options = { ...this.options, ...options };
    this.svg.classList.toggle('numbers', this.options.moveNumbers);
    if (this.view) {
      const view = this.view;
      this.view = { ...view };
      this.draw(view);
    }
  }

  /** Refuses moves while true (the AI is thinking, the game is over). */
  setLocked(locked) {
    this.locked = locked;
    this.svg.classList.toggle('locked', locked);
    this.svg.setAttribute('aria-disabled', String(locked));
    if (locked) {
      this.preview = null;
      this.#hover(null);
      if (this.view) this.#drawMarks(this.view);
    }
  }

  /** Shows a pulsing ring on `point` (the AI's suggestion), or removes it. */
  showHint(point) {
    this.hint = point ? { x: point.x, y: point.y } : null;
    if (this.view) this.#drawMarks(this.view);
  }

  /**
   * Draws the coach's marks (`[{ x, y, stone, mark, forbidden }]`, see
   * `coach_marks`), or takes them away (null).
   */
  showCoach(marks) {
    this.coach = marks;
    if (this.view) this.#drawMarks(this.view);
  }

  /** Redraws texts after a language change. */
  relabel() {
    if (this.view) this.#labelPoints(this.view);
  }

  /** Moves the keyboard cursor by (dx, dy) and focuses it. */
  moveCursor(dx, dy) {
    if (!this.size) return;
    const c = Math.floor(this.size / 2);
    const from = this.cursor ?? this.view?.last ?? { x: c, y: c };
    const moved = this.cursor ? { x: from.x + dx, y: from.y + dy } : from;
    const clamp = (v) => Math.max(0, Math.min(this.size - 1, v));
    this.#setCursor(clamp(moved.x), clamp(moved.y), true);
  }

  #setCursor(x, y, focus) {
    if (this.cursor) this.hits[this.cursor.y * this.size + this.cursor.x]?.setAttribute('tabindex', '-1');
    this.cursor = { x, y };
    const hit = this.hits[y * this.size + x];
    hit.setAttribute('tabindex', '0');
    if (focus) hit.focus();
  }

  #listen() {
    const svg = this.svg;
    svg.addEventListener('pointerdown', (e) => {
      if (e.button > 0) return;
      this.down = { id: e.pointerId, point: this.#pointAt(e) };
    });
    svg.addEventListener('pointerup', (e) => {
      const down = this.down;
      this.down = null;
      if (!down || down.id !== e.pointerId) return;
      const point = this.#pointAt(e);
      // A touch that slid to another point is not a tap: nothing is placed.
      if (!point || !same(point, down.point)) return;
      this.#tap(point, e.pointerType);
    });
    svg.addEventListener('pointercancel', () => { this.down = null; });
    svg.addEventListener('pointermove', (e) => {
      if (e.pointerType === 'mouse') this.#hover(this.#pointAt(e));
    });
    svg.addEventListener('pointerleave', () => this.#hover(null));
    svg.addEventListener('keydown', (e) => {
      const target = e.target.closest?.('.hit');
      if (!target) return;
      const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (moves[e.key] && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        e.stopPropagation();
        this.#setCursor(Number(target.dataset.x), Number(target.dataset.y), false);
        this.moveCursor(...moves[e.key]);
      } else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
        if (!this.locked) this.onPlay(Number(target.dataset.x), Number(target.dataset.y));
      }
    });
    svg.addEventListener('focusin', (e) => {
      const target = e.target.closest?.('.hit');
      if (target) this.#setCursor(Number(target.dataset.x), Number(target.dataset.y), false);
    });
  }

  /** The intersection under a pointer event, or null off the grid. */
  #pointAt(e) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm || !this.size) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    const x = Math.round((p.x - MARGIN) / CELL);
    const y = Math.round((p.y - MARGIN) / CELL);
    if (x < 0 || y < 0 || x >= this.size || y >= this.size) return null;
    return { x, y };
  }

  #tap(point, pointerType) {
    if (this.locked || !this.view) return;
    const mode = this.options.tapMode;
    const confirm = mode === 'confirm' || (mode === 'auto' && pointerType === 'touch');
    if (confirm && !this.#occupied(point.x, point.y) && !same(this.preview, point)) {
      this.preview = point;
      this.#drawMarks(this.view);
      return;
    }
    this.preview = null;
    this.#drawMarks(this.view);
    this.onPlay(point.x, point.y);
  }

  #drawGrid(size) {
    this.size = size;
    this.gridKey = `${size}:${this.options.coordinates}`;
    const svg = this.svg;
    svg.replaceChildren();
    const pad = this.options.coordinates ? MARGIN : BARE_MARGIN;
    const origin = MARGIN - pad;
    const extent = at(size - 1) - at(0) + 2 * pad;
    svg.setAttribute('viewBox', `${origin} ${origin} ${extent} ${extent}`);
    svg.dataset.size = String(size);

    const defs = svgEl('defs', {}, svg);
    const black = svgEl('radialGradient', { id: `${svg.id}-black`, cx: '0.36', cy: '0.32', r: '0.75' }, defs);
    svgEl('stop', { offset: '0', class: 'black-hi' }, black);
    svgEl('stop', { offset: '0.5', class: 'black-mid' }, black);
    svgEl('stop', { offset: '1', class: 'black-lo' }, black);
    const white = svgEl('radialGradient', { id: `${svg.id}-white`, cx: '0.36', cy: '0.32', r: '0.8' }, defs);
    svgEl('stop', { offset: '0', class: 'white-hi' }, white);
    svgEl('stop', { offset: '0.6', class: 'white-mid' }, white);
    svgEl('stop', { offset: '1', class: 'white-lo' }, white);

    svgEl('rect', { class: 'wood', x: origin, y: origin, width: extent, height: extent, rx: 10 }, svg);

    const grid = svgEl('g', { class: 'grid' }, svg);
    for (let i = 0; i < size; i++) {
      svgEl('line', { x1: at(0), y1: at(i), x2: at(size - 1), y2: at(i) }, grid);
      svgEl('line', { x1: at(i), y1: at(0), x2: at(i), y2: at(size - 1) }, grid);
    }
    svgEl('rect', { class: 'edge', x: at(0), y: at(0), width: at(size - 1) - at(0), height: at(size - 1) - at(0) }, grid);

    const stars = svgEl('g', { class: 'stars' }, svg);
    for (const [x, y] of starPoints(size)) svgEl('circle', { cx: at(x), cy: at(y), r: 4.2 }, stars);

    if (this.options.coordinates) {
      const coords = svgEl('g', { class: 'coords', 'aria-hidden': 'true' }, svg);
      for (let i = 0; i < size; i++) {
        for (const y of [MARGIN / 2 - 2, at(size - 1) + MARGIN / 2 + 2]) {
          svgEl('text', { x: at(i), y, class: 'col' }, coords).textContent = columnName(i);
        }
        for (const x of [MARGIN / 2 - 4, at(size - 1) + MARGIN / 2 + 4]) {
          svgEl('text', { x, y: at(i), class: 'row' }, coords).textContent = String(size - i);
        }
      }
    }

    this.stonesLayer = svgEl('g', { class: 'stones' }, svg);
    this.marksLayer = svgEl('g', { class: 'marks', 'aria-hidden': 'true' }, svg);
    this.ghost = svgEl('circle', { class: 'ghost', r: STONE_R, visibility: 'hidden' }, svg);
    this.previousStones = new Set();

    // One hit target per intersection: easy to tap, labelled for screen
    // readers, findable by tests. One of them is in the tab order at a time
    // (the keyboard cursor); arrows move it.
    const hits = svgEl('g', { class: 'hits' }, svg);
    this.hits = [];
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const hit = svgEl('rect', {
          class: 'hit',
          x: at(x) - CELL / 2,
          y: at(y) - CELL / 2,
          width: CELL,
          height: CELL,
          role: this.interactive ? 'button' : 'img',
          tabindex: '-1',
          'data-x': x,
          'data-y': y,
          'data-point': pointName(x, y, size),
        }, hits);
        this.hits.push(hit);
      }
    }
    const c = Math.floor(size / 2);
    this.cursor = null;
    if (this.interactive) this.#setCursor(c, c, false);
  }

  #drawStones(view) {
    const layer = this.stonesLayer;
    layer.replaceChildren();
    const fresh = new Set();
    for (const s of view.setup ?? []) {
      // Set-up stones were never played: no number, never "new".
      fresh.add(`${s.x},${s.y},${s.stone}`);
      const g = svgEl('g', {
        class: `stone ${s.stone} setup`,
        'data-x': s.x,
        'data-y': s.y,
        'data-stone': s.stone,
        'data-number': 0,
      }, layer);
      svgEl('circle', { class: 'body', cx: at(s.x), cy: at(s.y), r: STONE_R, fill: `url(#${this.svg.id}-${s.stone})` }, g);
    }
    for (const s of view.stones) {
      const key = `${s.x},${s.y},${s.stone}`;
      fresh.add(key);
      const isNew = this.previousStones.size > 0 || view.stones.length === 1
        ? !this.previousStones.has(key) : false;
      const g = svgEl('g', {
        class: `stone ${s.stone}${isNew ? ' new' : ''}${s.variation ? ' variation' : ''}`,
        'data-x': s.x,
        'data-y': s.y,
        'data-stone': s.stone,
        'data-number': s.number,
      }, layer);
      svgEl('circle', { class: 'body', cx: at(s.x), cy: at(s.y), r: STONE_R, fill: `url(#${this.svg.id}-${s.stone})` }, g);
      if (this.options.moveNumbers) {
        svgEl('text', { class: `num n${String(s.number).length}`, x: at(s.x), y: at(s.y) + 0.5 }, g).textContent = String(s.number);
      }
    }
    this.previousStones = fresh;
  }

  #drawMarks(view) {
    const layer = this.marksLayer;
    layer.replaceChildren();
    const line = view.winning_line ?? [];
    if (line.length >= 2) {
      // The game gives the line end to end.
      const a = line[0];
      const b = line.at(-1);
      svgEl('line', { class: 'win-line', x1: at(a.x), y1: at(a.y), x2: at(b.x), y2: at(b.y) }, layer);
      for (const p of line) svgEl('circle', { class: 'win-ring', cx: at(p.x), cy: at(p.y), r: STONE_R + 1 }, layer);
    }
    this.#drawOpening(view, layer);
    if (this.options.lastMarker && view.last) {
      svgEl('circle', { class: 'last-move', cx: at(view.last.x), cy: at(view.last.y), r: 5.5 }, layer);
    }
    if (marksForbidden(this.options, view)) {
      for (const f of view.forbidden ?? []) {
        const g = svgEl('g', { class: 'forbidden', 'data-x': f.x, 'data-y': f.y, 'data-kind': f.kind ?? '' }, layer);
        const d = 7;
        svgEl('line', { x1: at(f.x) - d, y1: at(f.y) - d, x2: at(f.x) + d, y2: at(f.y) + d }, g);
        svgEl('line', { x1: at(f.x) - d, y1: at(f.y) + d, x2: at(f.x) + d, y2: at(f.y) - d }, g);
      }
    }
    if (this.coach) {
      const labels = { five: '5', open_four: '4+', four_three: '43', four: '4', double_three: '33', three: '3' };
      for (const m of this.coach) {
        // Black's mark above the point, white's below, so both can show.
        const dy = m.stone === 'black' ? -CELL * 0.22 : CELL * 0.26;
        const text = m.forbidden ? '×' : labels[m.mark] ?? '';
        const label = svgEl('text', {
          class: `coach ${m.stone}${m.forbidden ? ' banned' : ''} ${m.mark ?? ''}`,
          x: at(m.x), y: at(m.y) + dy, 'data-x': m.x, 'data-y': m.y, 'data-stone': m.stone,
          'data-mark': m.forbidden ? 'forbidden' : m.mark,
        }, layer);
        label.textContent = text;
      }
    }
    if (this.hint) {
      svgEl('circle', { class: 'hint-ring', cx: at(this.hint.x), cy: at(this.hint.y), r: STONE_R, 'data-x': this.hint.x, 'data-y': this.hint.y }, layer);
    }
    if (this.preview && !this.locked) {
      const p = this.preview;
      const g = svgEl('g', { class: `preview ${view.to_move}`, 'data-x': p.x, 'data-y': p.y }, layer);
      svgEl('circle', { class: 'body', cx: at(p.x), cy: at(p.y), r: STONE_R, fill: `url(#${this.svg.id}-${view.to_move})` }, g);
      svgEl('circle', { class: 'preview-ring', cx: at(p.x), cy: at(p.y), r: STONE_R + 3 }, g);
    }
  }

  /**
   * A tournament opening's marks: black's fifth-move offers while they are
   * made and picked from (translucent black stones labelled 5a, 5b, …), and
   * the central square the next stone must go in (Soosõrv-8's 1, 3 and 5).
   */
  #drawOpening(view, layer) {
    const step = view.opening?.step;
    if (!step || view.outcome) return;
    if (step.kind === 'place' && step.area) {
      const c = Math.floor(view.size / 2);
      const half = (step.area - 1) / 2;
      const pad = CELL / 2;
      svgEl('rect', {
        class: 'opening-area',
        'data-area': step.area,
        x: at(c - half) - pad,
        y: at(c - half) - pad,
        width: (step.area - 1) * CELL + 2 * pad,
        height: (step.area - 1) * CELL + 2 * pad,
        rx: 6,
      }, layer);
    }
    if (step.kind !== 'offer' && step.kind !== 'pick') return;
    view.opening.offers.forEach((p, i) => {
      const g = svgEl('g', { class: 'offer', 'data-x': p.x, 'data-y': p.y, 'data-label': offerLabel(i) }, layer);
      svgEl('circle', { class: 'body', cx: at(p.x), cy: at(p.y), r: STONE_R, fill: `url(#${this.svg.id}-black)` }, g);
      // A dashed ring tells an offer from the pointer's ghost stone.
      svgEl('circle', { class: 'offer-ring', cx: at(p.x), cy: at(p.y), r: STONE_R + 1.5 }, g);
      svgEl('text', { class: 'offer-label', x: at(p.x), y: at(p.y) + 0.5 }, g).textContent = offerLabel(i);
    });
  }

  #labelPoints(view) {
    const byPoint = new Map(allStones(view).map((s) => [s.y * view.size + s.x, s]));
    const step = view.opening?.step;
    const offers = step?.kind === 'offer' || step?.kind === 'pick' ? view.opening.offers : [];
    const offered = new Map(offers.map((p, i) => [p.y * view.size + p.x, offerLabel(i)]));
    const forbidden = new Set(
      marksForbidden(this.options, view) ? (view.forbidden ?? []).map((f) => f.y * view.size + f.x) : [],
    );
    for (const hit of this.hits) {
      const x = Number(hit.dataset.x);
      const y = Number(hit.dataset.y);
      const name = pointName(x, y, view.size);
      const stone = byPoint.get(y * view.size + x);
      let label;
      if (stone) {
        label = this.options.moveNumbers && stone.number > 0
          ? t('board.pointWithNumber', { name, stone: t(`stone.${stone.stone}`), number: stone.number })
          : t('board.pointWith', { name, stone: t(`stone.${stone.stone}`) });
      } else if (offered.has(y * view.size + x)) {
        label = t('board.pointOffered', { name, label: offered.get(y * view.size + x) });
      } else if (forbidden.has(y * view.size + x)) {
        label = t('board.pointForbidden', { name });
      } else {
        label = t('board.point', { name });
      }
      hit.setAttribute('aria-label', label);
    }
  }

  #occupied(x, y) {
    return this.view ? allStones(this.view).some((s) => s.x === x && s.y === y) : false;
  }

  #hover(point) {
    if (!this.ghost) return;
    if (!point || this.locked || !this.view || this.view.outcome || this.#occupied(point.x, point.y)) {
      this.ghost.setAttribute('visibility', 'hidden');
      return;
    }
    this.ghost.setAttribute('cx', at(point.x));
    this.ghost.setAttribute('cy', at(point.y));
    this.ghost.setAttribute('class', `ghost ${this.view.to_move}`);
    this.ghost.setAttribute('fill', `url(#${this.svg.id}-${this.view.to_move})`);
    this.ghost.setAttribute('visibility', 'visible');
  }
}

/** The name of black's `i`-th fifth-move offer (from 0): 5a, 5b, … */
function offerLabel(i) {
  return `5${String.fromCharCode(97 + i)}`;
}

/** The set-up stones and the moves of `view`, together. */
function allStones(view) {
  return view.setup?.length ? [...view.setup, ...view.stones] : view.stones;
}

/**
 * Whether black's forbidden points are marked: in play, when black is to
 * move; in the position editor (`view.editing`), always.
 */
function marksForbidden(options, view) {
  return options.showForbidden && !view.outcome && (view.to_move === 'black' || view.editing === true);
}

/** A small read-only picture of a position from a `preview` string (`.`, `x`, `o`, row by row). */
export function miniBoard(preview, size) {
  const svg = document.createElementNS(SVG_NS, 'svg');
  const cell = 10;
  const extent = (size + 1) * cell;
  svg.setAttribute('viewBox', `0 0 ${extent} ${extent}`);
  svg.setAttribute('class', 'mini-board');
  svg.setAttribute('aria-hidden', 'true');
  svgEl('rect', { class: 'wood', x: 0, y: 0, width: extent, height: extent, rx: 4 }, svg);
  const lines = [];
  for (let i = 1; i <= size; i++) lines.push(`M${cell} ${i * cell}H${size * cell}M${i * cell} ${cell}V${size * cell}`);
  svgEl('path', { class: 'mini-grid', d: lines.join('') }, svg);
  for (let i = 0; i < Math.min(preview.length, size * size); i++) {
    const c = preview[i];
    if (c !== 'x' && c !== 'o') continue;
    const x = i % size;
    const y = Math.floor(i / size);
    svgEl('circle', { class: c === 'x' ? 'mini-black' : 'mini-white', cx: (x + 1) * cell, cy: (y + 1) * cell, r: cell * 0.45 }, svg);
  }
  return svg;
}
