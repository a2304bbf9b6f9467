// The help screen: the three rules with small diagrams drawn by the board
// renderer (renju's forbidden points marked as the game marks them), the
// keyboard shortcuts, and the version and licences the Rust side reports.
// F1 or ? opens it from anywhere; Esc or Back returns to where the player was.

import { BoardView } from './board.js';
import { t } from './i18n.js';
import {
  $, state, registerScreen, showScreen, currentScreen, attempt, onLanguage, el,
} from './app.js';

/** Diagrams are 7 × 7 corners of a board: big enough for each shape with room around it. */
const DIAGRAM_SIZE = 7;

const row = (y, xs) => xs.map((x) => [x, y]);

/**
 * The diagrams of each rule. `black` and `white` are stones, `line` the
 * winning line drawn through a five, `forbidden` black's forbidden point
 * with its kind, marked with the board's red ×. The renju shapes are the
 * plainest of each kind; tests/ui/help.test.js plays each on the real
 * service and checks that it marks exactly these points.
 */
export const DIAGRAMS = {
  freestyle: [
    { key: 'five', black: row(3, [1, 2, 3, 4, 5]), white: [[2, 2], [3, 2], [4, 4], [5, 2]], line: row(3, [1, 2, 3, 4, 5]) },
    { key: 'sixWins', black: row(3, [0, 1, 2, 3, 4, 5]), white: [[1, 2], [2, 4], [4, 2], [5, 4], [6, 3]], line: row(3, [0, 1, 2, 3, 4, 5]) },
  ],
  standard: [
    { key: 'five', black: row(3, [1, 2, 3, 4, 5]), white: [[2, 2], [3, 2], [4, 4], [5, 2]], line: row(3, [1, 2, 3, 4, 5]) },
    { key: 'sixNoWin', black: row(3, [0, 1, 2, 3, 4, 5]), white: [[1, 2], [2, 4], [4, 2], [5, 4], [6, 3]], line: [] },
  ],
  renju: [
    { key: 'double_three', black: [[2, 3], [4, 3], [3, 2], [3, 4]], white: [], forbidden: { x: 3, y: 3, kind: 'double_three' } },
    { key: 'double_four', black: [[1, 3], [2, 3], [4, 3], [2, 4], [4, 2], [5, 1]], white: [], forbidden: { x: 3, y: 3, kind: 'double_four' } },
    { key: 'overline', black: row(3, [0, 1, 2, 4, 5]), white: [], forbidden: { x: 3, y: 3, kind: 'overline' } },
  ],
};

/**
 * Every key the page answers, as its handlers have them: app-wide here
 * (F1, ?, Esc on this screen), the game's in game.js (Ctrl+Z, Ctrl+Y or
 * Ctrl+Shift+Z, N, an arrow to reach the board), the board's in board.js
 * (arrows, Enter or Space), the review's in review.js (←, →, Home, End, M),
 * and the dialogs' Esc. Each entry is a list of alternatives, each a list
 * of keys pressed together; `keyName.*` keys are translated.
 */
export const SHORTCUTS = [
  { where: 'anywhere', action: 'help', keys: [['F1'], ['?']] },
  { where: 'anywhere', action: 'back', keys: [['Esc']] },
  { where: 'game', action: 'undo', keys: [['Ctrl', 'Z']] },
  { where: 'game', action: 'redo', keys: [['Ctrl', 'Y'], ['Ctrl', 'Shift', 'Z']] },
  { where: 'game', action: 'newGame', keys: [['N']] },
  { where: 'game', action: 'toBoard', keys: [['keyName.arrows']] },
  { where: 'board', action: 'move', keys: [['keyName.arrows']] },
  { where: 'board', action: 'place', keys: [['Enter'], ['keyName.space']] },
  { where: 'review', action: 'step', keys: [['←'], ['→']] },
  { where: 'review', action: 'jump', keys: [['Home'], ['End']] },
  { where: 'review', action: 'mistake', keys: [['M']] },
  { where: 'dialog', action: 'cancel', keys: [['Esc']] },
];

/** The screen to go back to. */
let returnTo = null;

/** A diagram's position as the board renderer draws a game view. */
function diagramView(d) {
  const stones = [...d.black.map(([x, y]) => ({ x, y, stone: 'black' })), ...d.white.map(([x, y]) => ({ x, y, stone: 'white' }))]
    .map((s, i) => ({ ...s, number: i + 1 }));
  return {
    size: DIAGRAM_SIZE,
    stones,
    to_move: 'black',
    last: null,
    winning_line: (d.line ?? []).map(([x, y]) => ({ x, y })),
    forbidden: d.forbidden ? [d.forbidden] : [],
    outcome: null,
  };
}

/** Draws every diagram; they exist only while the help shows, so no other screen's board selectors find them. */
function drawDiagrams() {
  for (const article of document.querySelectorAll('#help-rules [data-rule]')) {
    const box = article.querySelector('.help-diagrams');
    box.replaceChildren();
    for (const d of DIAGRAMS[article.dataset.rule]) {
      const figure = el('figure', 'help-diagram');
      figure.dataset.shape = d.key;
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.id = `help-${article.dataset.rule}-${d.key}`;
      svg.setAttribute('class', 'board');
      // The caption says what the picture shows; its points are not for reading one by one.
      svg.setAttribute('aria-hidden', 'true');
      const caption = el('figcaption', '', t(`help.diagram.${d.key}`));
      caption.dataset.key = d.key;
      figure.append(svg, caption);
      box.append(figure);
      const board = new BoardView(svg, { interactive: false });
      board.setOptions({ coordinates: false, moveNumbers: false, lastMarker: false, showForbidden: true });
      board.draw(diagramView(d));
    }
  }
}

function keyText(key) {
  return key.startsWith('keyName.') ? t(key) : key;
}

/** The shortcuts table, grouped by where they work. */
function renderShortcuts() {
  const table = $('help-keys');
  const head = el('thead');
  const tr = el('tr');
  for (const key of ['help.keysColumn', 'help.whatColumn']) {
    const th = el('th', '', t(key));
    th.scope = 'col';
    tr.append(th);
  }
  head.append(tr);
  const bodies = [];
  for (const where of [...new Set(SHORTCUTS.map((s) => s.where))]) {
    const body = el('tbody');
    body.dataset.where = where;
    const group = el('tr', 'group');
    const th = el('th', '', t(`help.where.${where}`));
    th.scope = 'colgroup';
    th.colSpan = 2;
    group.append(th);
    body.append(group);
    for (const s of SHORTCUTS.filter((x) => x.where === where)) {
      const line = el('tr');
      line.dataset.action = s.action;
      line.dataset.keys = s.keys.map((combo) => combo.join('+')).join(' ');
      const keys = el('td', 'keys');
      s.keys.forEach((combo, i) => {
        if (i) keys.append(` ${t('help.or')} `);
        combo.forEach((key, j) => {
          if (j) keys.append('+');
          keys.append(el('kbd', '', keyText(key)));
        });
      });
      line.append(keys, el('td', '', t(`help.key.${s.action}`)));
      body.append(line);
    }
    bodies.push(body);
  }
  table.replaceChildren(head, ...bodies);
}

function renderAbout() {
  const info = state.appInfo;
  $('help-version').textContent = info?.version ? t('help.version', { version: info.version }) : '';
  $('help-licence').textContent = info?.licence ? t('help.licence', { licence: info.licence }) : '';
  $('help-licence').hidden = !info?.licence;
}

/** Shows the help, remembering the screen to return to. */
export function openHelp() {
  const from = currentScreen();
  if (from === 'help') return;
  returnTo = from;
  return showScreen('help');
}

/** Back to the screen the help was opened from (home when there was none). */
function closeHelp() {
  const back = returnTo && returnTo !== 'help' ? returnTo : state.profile ? 'home' : 'profiles';
  returnTo = null;
  return showScreen(back);
}

$('nav-help').addEventListener('click', openHelp);
$('home-help').addEventListener('click', openHelp);
$('help-back').addEventListener('click', closeHelp);

document.addEventListener('keydown', (e) => {
  if (document.querySelector('dialog[open]') || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest?.('input, select, textarea')) return;
  if (e.key === 'F1' || e.key === '?') {
    e.preventDefault();
    openHelp();
  } else if (e.key === 'Escape' && currentScreen() === 'help') {
    e.preventDefault();
    closeHelp();
  }
});

registerScreen('help', {
  async enter() {
    $('nav-help').hidden = true;
    if (!state.appInfo) state.appInfo = (await attempt('app_info')) ?? null;
    drawDiagrams();
    renderShortcuts();
    renderAbout();
  },
  leave() {
    $('nav-help').hidden = false;
    for (const box of document.querySelectorAll('#help-rules .help-diagrams')) box.replaceChildren();
  },
});

onLanguage(() => {
  if (currentScreen() !== 'help') return;
  for (const caption of document.querySelectorAll('#help-rules figcaption')) caption.textContent = t(`help.diagram.${caption.dataset.key}`);
  renderShortcuts();
  renderAbout();
});
