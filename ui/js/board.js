// Draws a GameView as an SVG board and reports which point the player chose.
// It keeps no game state: every draw starts from the view the Rust side sent.

import { t } from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Distance between two lines, in SVG units. */
const CELL = 40;
/** Room outside the grid for the coordinates. */
const MARGIN = 46;

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

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

const at = (i) => MARGIN + i * CELL;

export class BoardView {
  /**
   * @param {SVGSVGElement} svg where to draw
   * @param {{ onPlay: (x: number, y: number) => void }} handlers
   */
  constructor(svg, { onPlay }) {
    this.svg = svg;
    this.onPlay = onPlay;
    this.size = 0;
    this.view = null;
    this.locked = false;
  }

  /** Draws `view`: the grid when the size changed, then stones and marks. */
  draw(view) {
    if (view.size !== this.size) this.#drawGrid(view.size);
    const previous = this.view?.stones.length ?? 0;
    this.view = view;
    this.#drawStones(view, previous);
    this.#labelPoints(view);
  }

  /** Refuses clicks while true (the AI is thinking, the game is over). */
  setLocked(locked) {
    this.locked = locked;
    this.svg.classList.toggle('locked', locked);
  }

  /** Redraws texts after a language change. */
  relabel() {
    if (this.view) this.#labelPoints(this.view);
  }

  #drawGrid(size) {
    this.size = size;
    const svg = this.svg;
    svg.replaceChildren();
    const extent = at(size - 1) + MARGIN;
    svg.setAttribute('viewBox', `0 0 ${extent} ${extent}`);
    svg.dataset.size = String(size);

    const defs = el('defs', {}, svg);
    const black = el('radialGradient', { id: 'stone-black', cx: '0.36', cy: '0.32', r: '0.75' }, defs);
    el('stop', { offset: '0', class: 'black-hi' }, black);
    el('stop', { offset: '0.5', class: 'black-mid' }, black);
    el('stop', { offset: '1', class: 'black-lo' }, black);
    const white = el('radialGradient', { id: 'stone-white', cx: '0.36', cy: '0.32', r: '0.8' }, defs);
    el('stop', { offset: '0', class: 'white-hi' }, white);
    el('stop', { offset: '0.6', class: 'white-mid' }, white);
    el('stop', { offset: '1', class: 'white-lo' }, white);

    el('rect', { class: 'wood', x: 0, y: 0, width: extent, height: extent, rx: 10 }, svg);

    const grid = el('g', { class: 'grid' }, svg);
    for (let i = 0; i < size; i++) {
      el('line', { x1: at(0), y1: at(i), x2: at(size - 1), y2: at(i) }, grid);
      el('line', { x1: at(i), y1: at(0), x2: at(i), y2: at(size - 1) }, grid);
    }
    el('rect', { class: 'edge', x: at(0), y: at(0), width: at(size - 1) - at(0), height: at(size - 1) - at(0) }, grid);

    const stars = el('g', { class: 'stars' }, svg);
    for (const [x, y] of starPoints(size)) el('circle', { cx: at(x), cy: at(y), r: 4.2 }, stars);

    const coords = el('g', { class: 'coords', 'aria-hidden': 'true' }, svg);
    for (let i = 0; i < size; i++) {
      for (const y of [MARGIN / 2 - 2, at(size - 1) + MARGIN / 2 + 2]) {
        el('text', { x: at(i), y, class: 'col' }, coords).textContent = columnName(i);
      }
      for (const x of [MARGIN / 2 - 4, at(size - 1) + MARGIN / 2 + 4]) {
        el('text', { x, y: at(i), class: 'row' }, coords).textContent = String(size - i);
      }
    }

    this.stonesLayer = el('g', { class: 'stones' }, svg);
    this.marksLayer = el('g', { class: 'marks' }, svg);
    this.ghost = el('circle', { class: 'ghost', r: CELL * 0.46, visibility: 'hidden' }, svg);

    // One hit target per intersection: easy to tap, labelled for screen
    // readers, and findable by tests.
    const hits = el('g', { class: 'hits' }, svg);
    this.hits = [];
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const hit = el('rect', {
          class: 'hit',
          x: at(x) - CELL / 2,
          y: at(y) - CELL / 2,
          width: CELL,
          height: CELL,
          role: 'button',
          'data-x': x,
          'data-y': y,
          'data-point': pointName(x, y, size),
        }, hits);
        hit.addEventListener('click', () => this.#choose(x, y));
        hit.addEventListener('pointerenter', () => this.#hover(x, y));
        hit.addEventListener('pointerleave', () => this.#hover(-1, -1));
        this.hits.push(hit);
      }
    }
  }

  #drawStones(view, previous) {
    const layer = this.stonesLayer;
    layer.replaceChildren();
    this.marksLayer.replaceChildren();
    view.stones.forEach((s, i) => {
      el('circle', {
        cx: at(s.x),
        cy: at(s.y),
        r: CELL * 0.46,
        class: `stone ${s.stone}${i >= previous ? ' new' : ''}`,
        fill: `url(#stone-${s.stone})`,
        'data-x': s.x,
        'data-y': s.y,
        'data-stone': s.stone,
        'data-number': s.number,
      }, layer);
    });
    if (view.last) {
      el('circle', { class: 'last-move', cx: at(view.last.x), cy: at(view.last.y), r: 5 }, this.marksLayer);
    }
    this.ghost.setAttribute('visibility', 'hidden');
  }

  #labelPoints(view) {
    const byPoint = new Map(view.stones.map((s) => [s.y * view.size + s.x, s.stone]));
    for (const hit of this.hits) {
      const x = Number(hit.dataset.x);
      const y = Number(hit.dataset.y);
      const name = pointName(x, y, view.size);
      const stone = byPoint.get(y * view.size + x);
      hit.setAttribute('aria-label', stone
        ? t('board.pointWith', { name, stone: t(`stone.${stone}`) })
        : t('board.point', { name }));
    }
  }

  #occupied(x, y) {
    return this.view?.stones.some((s) => s.x === x && s.y === y) ?? false;
  }

  #hover(x, y) {
    if (x < 0 || this.locked || !this.view || this.#occupied(x, y)) {
      this.ghost.setAttribute('visibility', 'hidden');
      return;
    }
    this.ghost.setAttribute('cx', at(x));
    this.ghost.setAttribute('cy', at(y));
    this.ghost.setAttribute('class', `ghost ${this.view.to_move}`);
    this.ghost.setAttribute('fill', `url(#stone-${this.view.to_move})`);
    this.ghost.setAttribute('visibility', 'visible');
  }

  #choose(x, y) {
    if (this.locked) return;
    this.onPlay(x, y);
  }
}
