// The position editor: stones placed and removed by hand, the side to move,
// the rule and the size. The game service judges the position on every
// change (can a game start from it? black's forbidden points in renju), and
// plays, analyses, saves and exports it.

import { call } from './ipc.js';
import { BoardView, pointName } from './board.js';
import { t } from './i18n.js';
import {
  $, state, registerScreen, showScreen, showError, clearError, attempt, confirmDialog,
  promptDialog, onLanguage, onSettings, announce,
} from './app.js';
import { openGame, confirmReplace } from './game.js';
import { reasonText } from './record-problem.js';
import { refreshCoach, bindCoach } from './coach.js';

/** The position being made: stones by point index (y * size + x). */
const draft = {
  size: 15,
  rule: 'freestyle',
  toMove: 'black',
  stones: new Map(),
  /** The order the stones were played in, while it is known (taken from a game, not edited since). */
  order: null,
};
let started = false;
/** The service's last word on the draft. */
let checked = null;
/** Answers to older checks are dropped: only the newest speaks of the draft on screen. */
let checkSeq = 0;
/** The newest check of the draft, on its way or done: the actions wait for it. */
let checking = Promise.resolve();
let generation = 0;
let analysing = false;

const board = new BoardView($('editor-board'), { onPlay: (x, y) => tap(x, y) });

/** The brush chosen: `cycle`, `black`, `white` or `erase`. */
function brush() {
  return document.querySelector('input[name="editor-brush"]:checked')?.value ?? 'cycle';
}

function tap(x, y) {
  const key = y * draft.size + x;
  const now = draft.stones.get(key) ?? null;
  const order = [null, 'black', 'white'];
  const next = {
    cycle: order[(order.indexOf(now) + 1) % order.length],
    black: now === 'black' ? null : 'black',
    white: now === 'white' ? null : 'white',
    erase: null,
  }[brush()];
  if (next) draft.stones.set(key, next);
  else draft.stones.delete(key);
  draft.order = null;
  const name = pointName(x, y, draft.size);
  announce(next ? t('editor.placed', { point: name, stone: t(`stone.${next}`) }) : t('editor.removed', { point: name }));
  changed();
}

/** The draft as the service reads a position. */
function position() {
  const setup = { black: [], white: [] };
  for (const [key, stone] of [...draft.stones].sort((a, b) => a[0] - b[0])) {
    setup[stone].push({ x: key % draft.size, y: Math.floor(key / draft.size) });
  }
  const position = { size: draft.size, rule: draft.rule, toMove: draft.toMove, setup };
  if (draft.order) position.moves = draft.order;
  return position;
}

function stoneList() {
  return [...draft.stones].map(([key, stone]) => ({
    x: key % draft.size, y: Math.floor(key / draft.size), stone, number: 0,
  }));
}

/** What the editor's board shows. */
function boardView() {
  return {
    generation,
    size: draft.size,
    setup: stoneList(),
    stones: [],
    to_move: draft.toMove,
    editing: true,
    last: null,
    outcome: null,
    winning_line: [],
    forbidden: checked?.forbidden ?? [],
  };
}

function render() {
  $('editor-to-move').value = draft.toMove;
  $('editor-rule').value = draft.rule;
  $('editor-size').value = String(draft.size);
  $('editor-size').disabled = draft.rule === 'renju';
  const shown = boardView();
  board.draw(shown);
  const count = (stone) => [...draft.stones.values()].filter((s) => s === stone).length;
  $('editor-counts').textContent = t('editor.counts', { black: count('black'), white: count('white') });
  const problem = checked?.problem ?? null;
  const status = $('editor-status');
  status.dataset.ok = String(checked !== null && !problem);
  status.textContent = !checked ? ''
    : problem ? (reasonText(problem) ?? checked.message)
      : t('editor.ready', { side: t(`side.${draft.toMove}`) });
  for (const id of ['editor-play', 'editor-analyse', 'editor-save', 'editor-export']) {
    $(id).disabled = !checked || Boolean(problem) || analysing;
  }
  // A move list only holds a position whose order of moves is known.
  $('editor-export-moves').hidden = !draft.order;
  $('editor-export-moves').disabled = !checked || Boolean(problem) || analysing;
  $('editor-clear').disabled = draft.stones.size === 0;
}

/** The draft changed: a new look, and the service's judgement of it. */
function changed() {
  checking = check();
  return checking;
}

/**
 * Whether the draft as it is now may be played, analysed, saved or
 * exported: waits for the service's check of the latest change first, so
 * a press right after a tap acts on the judged stones (the buttons still
 * show the judgement before it).
 */
async function judgedPlayable() {
  let seen;
  do {
    seen = checking;
    await seen;
  } while (seen !== checking);
  return checked !== null && !checked.problem;
}

async function check() {
  generation += 1;
  $('editor-analysis').hidden = true;
  board.showHint(null);
  render();
  refreshCoach(board, boardView(), draft.rule);
  const seq = ++checkSeq;
  try {
    const answer = await call('check_position', { position: position() });
    if (seq !== checkSeq) return;
    checked = answer;
    clearError();
  } catch (err) {
    if (seq !== checkSeq) return;
    checked = null;
    showError(err);
  }
  render();
  $('editor-board').dataset.checked = String(seq);
}

/**
 * Opens the editor. `from` is a position to start from
 * (`{ size, rule, toMove, stones: [{x, y, stone}], order? }`, `order` the
 * points in the order they were played when they all were); without one the last
 * draft comes back (an empty board the first time, with the profile's rule
 * and size).
 */
export async function openEditor(from = null) {
  if (from) {
    draft.size = from.size;
    draft.rule = from.rule;
    draft.toMove = from.toMove;
    draft.stones = new Map(from.stones.map((s) => [s.y * from.size + s.x, s.stone]));
    draft.order = from.order?.length ? from.order.map(({ x, y }) => ({ x, y })) : null;
    started = true;
  } else if (!started) {
    draft.rule = state.settings?.rule ?? 'freestyle';
    draft.size = draft.rule === 'renju' ? 15 : (state.settings?.board_size ?? 15);
    started = true;
  }
  checked = null;
  await showScreen('editor');
}

function setSize(size) {
  const kept = new Map();
  for (const [key, stone] of draft.stones) {
    const x = key % draft.size;
    const y = Math.floor(key / draft.size);
    if (x < size && y < size) kept.set(y * size + x, stone);
  }
  draft.size = size;
  draft.stones = kept;
}

function percent(chance) {
  return `${Math.round(chance * 100)}%`;
}

function line(points) {
  return points.map((p) => pointName(p.x, p.y, draft.size)).join(' ');
}

/** A win by threats in words: who, how, in how many moves, and the line. */
function winText(win, side) {
  return t(`editor.win.${win.kind}`, {
    side: t(`side.${side}`), count: win.attacker_moves, line: line(win.line),
  });
}

async function analyse() {
  if (analysing || !(await judgedPlayable())) return;
  analysing = true;
  render();
  const status = $('editor-analysis');
  status.hidden = false;
  status.textContent = t('editor.analysing');
  try {
    const a = await call('analyse_position', { position: position() });
    const other = a.to_move === 'black' ? 'white' : 'black';
    const parts = [
      t('editor.judgement', { side: t(`side.${a.to_move}`), chance: percent(a.win_chance), best: pointName(a.best.x, a.best.y, draft.size) }),
    ];
    if (a.win) parts.push(winText(a.win, a.to_move));
    else if (a.threat) parts.push(t('editor.mustStop', { text: winText(a.threat, other) }));
    if (a.pv?.length > 1 && !a.win) parts.push(t('editor.bestLine', { line: line(a.pv) }));
    status.replaceChildren(...parts.map((text) => {
      const p = document.createElement('p');
      p.textContent = text;
      return p;
    }));
    board.showHint(a.best);
    clearError();
  } catch (err) {
    status.hidden = true;
    showError(err);
  } finally {
    analysing = false;
    render();
  }
}

async function save() {
  if (!(await judgedPlayable())) return;
  const answer = await promptDialog({ title: t('editor.saveTitle'), label: t('load.name'), value: t('editor.defaultName') });
  if (!answer) return;
  const name = answer.value;
  try {
    try {
      await call('save_position', { position: position(), name, overwrite: false });
    } catch (err) {
      if (err?.kind !== 'exists') throw err;
      if (!(await confirmDialog(t('save.overwrite', { name }), t('save.overwriteOk')))) return;
      await call('save_position', { position: position(), name, overwrite: true });
    }
    clearError();
    $('editor-status').textContent = t('save.done', { name });
  } catch (err) {
    showError(err);
  }
}

async function exportAs(format) {
  if (!(await judgedPlayable())) return;
  const exported = await attempt('export_position', { position: position(), format });
  if (!exported) return;
  $('editor-export-title').textContent = t(format === 'sgf' ? 'editor.exportTitle' : 'editor.exportMovesTitle');
  $('editor-export-text').value = exported.text;
  $('dialog-editor-export').showModal();
  $('editor-export-text').select();
}

async function play() {
  if (!(await judgedPlayable())) return;
  const choice = $('editor-play-mode').value;
  if (!(await confirmReplace(t('unsaved.newGame')))) return;
  const p = position();
  const config = { size: p.size, rule: p.rule, first: p.toMove, setup: p.setup };
  if (choice === 'human_human') config.mode = 'human_human';
  else if (choice === 'ai_ai') config.mode = 'ai_ai';
  else {
    config.mode = 'human_ai';
    config.humanStone = choice === 'ai_white' ? 'black' : 'white';
  }
  const next = await attempt('new_game', { config });
  if (next) await openGame(next);
}

registerScreen('editor', {
  async enter() {
    $('editor-analysis').hidden = true;
    await changed();
  },
});

$('editor-board').addEventListener('keydown', (e) => {
  if (e.key === 'Delete' || e.key === 'Backspace') {
    const target = e.target.closest?.('.hit');
    if (!target) return;
    e.preventDefault();
    draft.stones.delete(Number(target.dataset.y) * draft.size + Number(target.dataset.x));
    draft.order = null;
    changed();
  }
});
$('editor-to-move').addEventListener('change', (e) => {
  draft.toMove = e.target.value;
  draft.order = null;
  changed();
});
$('editor-rule').addEventListener('change', (e) => {
  draft.rule = e.target.value;
  if (draft.rule === 'renju') setSize(15);
  changed();
});
$('editor-size').addEventListener('change', (e) => {
  setSize(Number(e.target.value));
  draft.order = null;
  changed();
});
$('editor-clear').addEventListener('click', async () => {
  if (draft.stones.size > 3 && !(await confirmDialog(t('editor.clearAsk'), t('editor.clear')))) return;
  draft.stones.clear();
  draft.order = null;
  changed();
});
$('editor-analyse').addEventListener('click', analyse);
$('editor-save').addEventListener('click', save);
$('editor-export').addEventListener('click', () => exportAs('sgf'));
$('editor-export-moves').addEventListener('click', () => exportAs('moves'));
$('editor-play').addEventListener('click', play);
$('editor-export-close').addEventListener('click', () => $('dialog-editor-export').close());
$('home-editor').addEventListener('click', () => openEditor());
bindCoach('editor-coach', 'editor-coach-legend', () => refreshCoach(board, boardView(), draft.rule));

// Taps place stones at once: a confirm step would only slow the setting up.
onSettings((s) => board.setOptions({
  coordinates: s.coordinates, showForbidden: true, lastMarker: false, moveNumbers: false, tapMode: 'direct',
}));
onLanguage(() => {
  board.relabel();
  render();
});

