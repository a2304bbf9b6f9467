// Puzzles: the list with its filters and the profile's progress, and the
// board where one is solved. The game service checks every move with its
// solver and answers with the defence; this page only draws what it says.

import { call } from './ipc.js';
import { BoardView, pointName } from './board.js';
import { t, plural } from './i18n.js';
import {
  $, registerScreen, showScreen, showError, clearError, attempt, onLanguage, onSettings,
  announce, el,
} from './app.js';

let list = { puzzles: [], progress: null };
let view = null;
let busy = false;
let generation = 0;

const board = new BoardView($('puzzle-board'), { onPlay: (x, y) => move(x, y) });

function filter() {
  const pick = (id) => $(id).value || undefined;
  return { rule: pick('puzzles-rule'), kind: pick('puzzles-kind'), difficulty: pick('puzzles-difficulty') };
}

function progressText(progress) {
  if (!progress) return t('puzzles.noProfile');
  return t('puzzles.progress', {
    solved: progress.solved, total: progress.total, rating: progress.rating,
    streak: progress.streak, best: progress.best_streak,
  });
}

/** What the puzzle asks, in words: who plays, how it wins, in how many. */
function task(p) {
  return t(`puzzles.task.${p.kind}`, {
    side: t(`side.${p.to_move ?? p.attacker}`),
    count: plural('puzzles.moves', p.length),
  });
}

function renderList() {
  $('puzzles-progress').textContent = progressText(list.progress);
  const ul = $('puzzles-list');
  ul.replaceChildren();
  for (const p of list.puzzles) {
    const li = el('li', `puzzle-item${p.solved ? ' solved' : ''}`);
    li.dataset.id = p.id;
    const open = el('button', 'puzzle-open');
    open.type = 'button';
    open.append(
      el('span', 'puzzle-id num', p.id),
      el('span', 'puzzle-task', task(p)),
      el('span', 'badge', t(`puzzles.difficulty.${p.difficulty}`)),
    );
    if (p.solved) open.append(el('span', 'badge done', t(p.first_try ? 'puzzles.firstTry' : 'puzzles.solved')));
    open.addEventListener('click', () => openPuzzle(p.id));
    li.append(open);
    ul.append(li);
  }
  $('puzzles-count').textContent = plural('puzzles.count', list.puzzles.length);
  $('puzzles-next').disabled = !list.puzzles.some((p) => !p.solved);
}

/** Counts the list's requests: filters changed in quick succession must not
 * have an earlier, slower answer drawn over the latest. */
let listRequest = 0;

async function loadList() {
  listRequest += 1;
  const mine = listRequest;
  const answer = await attempt('list_puzzles', { filter: filter() });
  if (!answer || mine !== listRequest) return;
  list = answer;
  renderList();
}

/** Opens puzzle `id` on its board. */
export async function openPuzzle(id) {
  const answer = await attempt('start_puzzle', { id });
  if (!answer) return;
  view = answer;
  await showScreen('puzzle');
}

function statusText() {
  if (!view) return '';
  const name = (p) => pointName(p.x, p.y, view.size);
  const defender = t(`side.${view.attacker === 'black' ? 'white' : 'black'}`);
  if (view.status === 'solved') return t('puzzles.status.solved');
  if (view.status === 'failed') {
    const escape = view.refutation[0];
    return escape ? t('puzzles.status.failed', { side: defender, point: name(escape) }) : t('puzzles.status.failedPlain');
  }
  if (view.hint) return t('puzzles.status.hint', { point: name(view.hint) });
  if (view.reply) return t('puzzles.status.reply', { side: defender, point: name(view.reply) });
  return t('puzzles.status.start');
}

function render() {
  if (!view) return;
  generation += 1;
  board.draw({
    generation,
    size: view.size,
    setup: view.setup,
    stones: view.stones,
    to_move: view.to_move,
    last: view.last,
    forbidden: view.forbidden,
    winning_line: [],
    outcome: view.status === 'solving' ? null : { kind: view.status },
  });
  board.showHint(view.status === 'failed' ? view.refutation[0] ?? null : view.hint ?? null);
  board.setLocked(busy || view.status !== 'solving');
  $('puzzle-title').textContent = `${view.id} · ${task(view)}`;
  $('puzzle-rule').textContent = t(`rule.${view.rule}`);
  const status = $('puzzle-status');
  status.textContent = busy ? t('puzzles.status.thinking') : statusText();
  status.dataset.status = view.status;
  $('puzzle-progress').textContent = progressText(view.progress ?? list.progress);
  $('puzzle-hint').disabled = busy || view.status !== 'solving';
  $('puzzle-retry').disabled = busy;
  $('puzzle-next').disabled = busy;
  $('screen-puzzle').dataset.status = view.status;
}

async function move(x, y) {
  if (busy || !view || view.status !== 'solving') return;
  busy = true;
  render();
  try {
    view = await call('puzzle_move', { x, y });
    clearError();
    announce(statusText());
    if (view.progress) list.progress = view.progress;
  } catch (err) {
    showError(err);
  } finally {
    busy = false;
    render();
  }
}

async function run(command) {
  if (busy) return;
  busy = true;
  render();
  try {
    view = await call(command);
    clearError();
    announce(statusText());
  } catch (err) {
    showError(err);
  } finally {
    busy = false;
    render();
  }
}

/** The next puzzle of the list not yet solved, after the one open. */
async function next() {
  if (!list.puzzles.length) await loadList();
  const at = list.puzzles.findIndex((p) => p.id === view?.id);
  const rest = [...list.puzzles.slice(at + 1), ...list.puzzles.slice(0, Math.max(at, 0))];
  const target = rest.find((p) => !p.solved) ?? rest[0];
  if (target) await openPuzzle(target.id);
}

registerScreen('puzzles', { enter: loadList });
registerScreen('puzzle', { enter: render });

for (const id of ['puzzles-rule', 'puzzles-kind', 'puzzles-difficulty']) {
  $(id).addEventListener('change', loadList);
}
$('home-puzzles').addEventListener('click', () => showScreen('puzzles'));
$('puzzles-next').addEventListener('click', next);
$('puzzle-hint').addEventListener('click', () => run('puzzle_hint'));
$('puzzle-retry').addEventListener('click', () => run('retry_puzzle'));
$('puzzle-next').addEventListener('click', next);
$('puzzle-back').addEventListener('click', () => showScreen('puzzles'));

onSettings((s) => board.setOptions({
  coordinates: s.coordinates, moveNumbers: true, lastMarker: true,
  showForbidden: s.show_forbidden, tapMode: s.tap_mode,
}));
onLanguage(() => {
  board.relabel();
  renderList();
  render();
});
