// The game screen: draws each GameView the Rust side sends, turns clicks and
// keys into commands, and drives the computer's turns (the Rust side plays
// only when asked, so the UI can show it thinking and stop it).

import { call, progressChannel } from './ipc.js';
import { BoardView, pointName } from './board.js';
import { t } from './i18n.js';
import {
  $, state, registerScreen, showScreen, currentScreen, showError, clearError, attempt,
  confirmDialog, promptDialog, onSettings, onLanguage, updateSettings,
  formatClock, LEVELS, levelName,
} from './app.js';
import { playStoneSound } from './sound.js';

/** Pause between moves of a computer-against-computer game, by speed. */
const AI_DELAY_MS = { slow: 1500, normal: 600, fast: 120 };

let view = null;
let viewAt = 0;
/** Whether a hint is being searched (a second press stops it). */
let hintPending = false;
let thinking = false;
let paused = false;
let aiTimer = 0;
let clockTimer = 0;
let overShownFor = null;
let busy = false;
/** How many side changes are on their way (set_player, sent one at a time). */
let handing = 0;
let handQueue = Promise.resolve();

const SIDES = ['black', 'white'];

const board = new BoardView($('board'), { onPlay: (x, y) => play(x, y) });

/** Shows `next` on the game screen (after new game, continue, load, import, play on). */
export async function openGame(next) {
  overShownFor = next.outcome ? next.generation : null;
  paused = false;
  await showScreen('game', { view: next });
}

/** The game as the Rust side has it now, redrawn. */
export async function refresh() {
  try {
    show(await call('game_view'));
  } catch (err) {
    showError(err);
  }
}

function show(next) {
  const added = view && next.stones.length > view.stones.length && next.size === view.size;
  // A hint speaks of one position: once the game moves on, it is gone.
  if (view && view.generation !== next.generation && !hintPending) $('hint-text').textContent = '';
  view = next;
  viewAt = performance.now();
  clearError();
  render();
  if (added && currentScreen() === 'game') playStoneSound(state.settings);
  if (view.outcome) {
    if (overShownFor !== view.generation) {
      overShownFor = view.generation;
      showGameOver();
    }
  } else {
    overShownFor = null;
  }
  scheduleAi();
}

// ---------------------------------------------------------------- drawing

function render() {
  if (!view) return;
  board.draw(view);
  board.setLocked(thinking || !!view.outcome || view.ai_to_move);
  const over = view.outcome;
  $('turn-stone').className = `turn-stone ${over ? (over.winner ?? 'none') : view.to_move}`;
  $('turn-text').textContent = over ? outcomeTitle(over) : turnText();
  renderSides();
  $('count-black').textContent = String(view.black_count);
  $('count-white').textContent = String(view.white_count);
  $('count-moves').textContent = String(view.stones.length);
  $('score-black').textContent = String(view.score?.black ?? 0);
  $('score-white').textContent = String(view.score?.white ?? 0);
  $('score-draws').textContent = String(view.score?.draws ?? 0);
  renderClock();

  const aiAi = view.mode === 'ai_ai';
  const human = !aiAi;
  $('ai-controls').hidden = !aiAi;
  $('game-pause').setAttribute('aria-pressed', String(paused));
  $('game-pause').textContent = paused ? t('ai.resume') : t('ai.pause');
  $('game-step').disabled = !paused || thinking || !!over;
  $('game-speed').value = state.settings?.ai_speed ?? 'normal';
  $('game-undo').disabled = thinking || !view.can_undo;
  $('game-redo').disabled = thinking || !view.can_redo;
  $('game-hint').disabled = thinking || !!over || view.ai_to_move || !human;
  $('game-resign').disabled = thinking || !!over || !human;
  $('game-save').disabled = thinking;
  // While a computer plays in the game its thinking line keeps its place,
  // so the buttons below it do not jump under the player's finger.
  const computerPlays = view.players.black.kind === 'ai' || view.players.white.kind === 'ai';
  $('ai-thinking').hidden = !computerPlays && !thinking;
  $('ai-thinking').classList.toggle('idle', !thinking);
  document.querySelector('.panel').classList.toggle('is-thinking', thinking);
}

/** Phone layouts (as in app.css), where the two side controls share a row. */
const narrow = window.matchMedia('(max-width: 760px), (max-aspect-ratio: 4/5), (max-height: 500px) and (min-aspect-ratio: 1/1)');

/** Who plays a side, in words: a person, or the computer at a level (shorter when `short`). */
function sideText(value, short = false) {
  if (value === 'human') return t('sides.person');
  return t(short ? 'sides.aiShort' : 'player.ai', { level: levelName(value) });
}

/** The options of both side controls: a person, or the computer at each level. */
function fillSides() {
  for (const stone of SIDES) {
    const select = $(`side-${stone}`);
    select.replaceChildren(...['human', ...LEVELS].map((value) => {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = sideText(value, narrow.matches);
      return o;
    }));
  }
}

/** Who plays each side, as the view says; they can be changed while the game is on. */
function renderSides() {
  const over = !!view.outcome;
  for (const stone of SIDES) {
    const select = $(`side-${stone}`);
    const player = view.players?.[stone];
    const value = player?.kind === 'ai' ? String(player.level) : 'human';
    // A level the UI does not know (a newer engine's) is still shown as it is.
    if (![...select.options].some((o) => o.value === value)) {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = sideText(value, narrow.matches);
      select.append(o);
    }
    // While changes are on their way the control keeps the player's latest pick.
    if (!handing) select.value = value;
    select.disabled = over;
    select.closest('.side').classList.toggle('to-move', !over && view.to_move === stone);
  }
}

/**
 * Hands `stone` to a person or to the computer. Changes go one at a time,
 * in the order made (arrow keys on a closed select make one per press). While
 * the computer thinks, the service stops its search: the pending ai_move
 * answers `stale`, and runAi then asks again only if the side to move is
 * still the computer's.
 */
function handSide(stone, value) {
  handing += 1;
  handQueue = handQueue.then(() => sendSide(stone, value));
}

async function sendSide(stone, value) {
  const player = value === 'human' ? { kind: 'human' } : { kind: 'ai', level: value };
  try {
    const next = await call('set_player', { stone, player });
    handing -= 1;
    // Pause belongs to computer-against-computer games.
    if (next.mode !== 'ai_ai') paused = false;
    show(next);
    $('hint-text').textContent = t('sides.handed', { side: t(`side.${stone}`), player: sideText(value) });
  } catch (err) {
    handing -= 1;
    // The control goes back to what the game has (it may have ended meanwhile).
    await refresh();
    showError(err);
  }
}

function turnText() {
  const side = view.to_move;
  const player = view.players?.[side];
  if (view.mode === 'human_ai' && player?.kind === 'human') return t('turn.yours', { stone: t(`stone.${side}`) });
  if (player?.kind === 'ai' && view.mode === 'human_ai') return t('turn.computer', { stone: t(`stone.${side}`) });
  return t(`turn.${side}`);
}

/** "Black wins", "You win", "Draw". */
export function outcomeTitle(outcome, players = view?.players, mode = view?.mode) {
  if (!outcome.winner) return t('over.draw');
  if (mode === 'human_ai') {
    return players?.[outcome.winner]?.kind === 'human' ? t('over.youWin') : t('over.youLose');
  }
  return t(`over.wins.${outcome.winner}`);
}

/** How the game ended, in words. */
export function outcomeHow(outcome) {
  if (outcome.kind === 'forbidden') {
    const shape = outcome.forbidden_kind ? t(`forbiddenKind.${outcome.forbidden_kind}`) : '';
    return t('how.forbidden', { shape });
  }
  if (outcome.kind === 'resign') return t('how.resign', { side: t(`side.${outcome.winner === 'black' ? 'white' : 'black'}`) });
  return t(`how.${outcome.kind}`);
}

function clockMs(side) {
  const clock = view?.clock;
  if (!clock) return 0;
  const base = clock[`${side}_ms`] ?? 0;
  return clock.running === side && !view.outcome ? base + (performance.now() - viewAt) : base;
}

function renderClock() {
  $('clock-black').textContent = formatClock(clockMs('black'));
  $('clock-white').textContent = formatClock(clockMs('white'));
}

function showGameOver() {
  const o = view.outcome;
  $('game-over-title').textContent = outcomeTitle(o);
  $('game-over-how').textContent = outcomeHow(o);
  $('game-over-counts').textContent = t('over.counts', { black: view.black_count, white: view.white_count, moves: view.stones.length });
  $('game-over-time').textContent = t('over.time', {
    black: formatClock(view.clock?.black_ms),
    white: formatClock(view.clock?.white_ms),
  });
  const dialog = $('dialog-game-over');
  if (!dialog.open) dialog.showModal();
  $('game-over-again').focus();
}

// ---------------------------------------------------------------- commands

async function command(name, args) {
  if (busy) return;
  busy = true;
  try {
    show(await call(name, args));
  } catch (err) {
    showError(err);
    if (err?.kind === 'stale' || err?.kind === 'not_your_turn') await refresh();
  } finally {
    busy = false;
  }
}

function play(x, y) {
  if (thinking || !view || view.ai_to_move) return;
  return command('play', { x, y });
}

function undo() {
  if (!thinking && view?.can_undo) command('undo');
}

function redo() {
  if (!thinking && view?.can_redo) command('redo');
}

async function resign() {
  if (!view || view.outcome || thinking) return;
  if (await confirmDialog(t('game.resignConfirm'), t('game.resign'))) command('resign');
}

/** Asks for a hint; a second press while it is being searched stops it. */
async function hint() {
  if (hintPending) {
    call('stop_hint').catch(showError);
    return;
  }
  if (!view || view.outcome || thinking) return;
  hintPending = true;
  $('hint-text').textContent = t('hint.thinking');
  try {
    const answer = await call('hint');
    clearError();
    // A hint for a position that is no longer on the board is no hint.
    if (!view || view.generation !== answer.generation) {
      $('hint-text').textContent = '';
      return;
    }
    board.showHint(answer.best);
    $('hint-text').textContent = t('hint.best', {
      point: pointName(answer.best.x, answer.best.y, view.size),
      chance: chancePercent(answer.win_chance),
    });
  } catch (err) {
    $('hint-text').textContent = '';
    if (err?.kind !== 'cancelled') showError(err);
  } finally {
    hintPending = false;
  }
}

function chancePercent(chance) {
  return typeof chance === 'number' ? Math.round(chance * 100) : '–';
}

/** Saves the current game under a name; asks before overwriting one. */
export async function saveAs(name) {
  try {
    return await call('save_game', { name, overwrite: false });
  } catch (err) {
    if (err?.kind !== 'exists') throw err;
  }
  if (!(await confirmDialog(t('save.overwrite', { name }), t('save.overwriteOk')))) return null;
  return call('save_game', { name, overwrite: true });
}

async function save() {
  if (!view) return;
  const suggested = view.save_name ?? t('save.defaultName', { date: new Date().toISOString().slice(0, 16).replace('T', ' ').replace(':', '.') });
  const answer = await promptDialog({ title: t('save.title'), label: t('load.name'), value: suggested });
  if (!answer) return;
  try {
    const saved = await saveAs(answer.value);
    if (saved) {
      clearError();
      $('hint-text').textContent = t('save.done', { name: answer.value });
      await refresh();
    }
  } catch (err) {
    showError(err);
  }
}

// ---------------------------------------------------------------- the computer

function scheduleAi() {
  clearTimeout(aiTimer);
  if (!view || thinking || view.outcome || !view.ai_to_move || currentScreen() !== 'game') return;
  if (view.mode === 'ai_ai') {
    if (paused) return;
    aiTimer = setTimeout(runAi, AI_DELAY_MS[state.settings?.ai_speed] ?? AI_DELAY_MS.normal);
  } else {
    runAi();
  }
}

async function runAi() {
  if (thinking || !view?.ai_to_move || view.outcome) return;
  thinking = true;
  $('ai-depth').textContent = '';
  $('ai-pv').textContent = '';
  render();
  const size = view.size;
  const onProgress = progressChannel((m) => {
    if (!thinking) return;
    if (m.depth != null) $('ai-depth').textContent = t('ai.depth', { depth: m.depth });
    if (Array.isArray(m.pv)) $('ai-pv').textContent = m.pv.slice(0, 6).map((p) => pointName(p.x, p.y, size)).join(' ');
  });
  let next = null;
  let failure = null;
  try {
    next = await call('ai_move', { onProgress });
  } catch (err) {
    failure = err;
  }
  thinking = false;
  if (next && view && next.generation < view.generation) {
    // A side was handed over after the computer's move was made: the game
    // has moved on from this answer.
    await refresh();
  } else if (next) {
    show(next);
  } else if (failure?.kind === 'stale' || failure?.kind === 'not_ai_turn') {
    // The game changed while the computer thought: draw what it is now.
    await refresh();
  } else {
    showError(failure);
    paused = view?.mode === 'ai_ai';
    render();
  }
}

async function stopAi() {
  if (!thinking) return;
  try {
    await call('stop_ai');
  } catch (err) {
    showError(err);
  }
}

// ---------------------------------------------------------------- wiring

$('game-undo').addEventListener('click', undo);
$('game-redo').addEventListener('click', redo);
$('game-restart').addEventListener('click', () => {
  paused = false;
  command('restart');
});
$('game-resign').addEventListener('click', resign);
$('game-hint').addEventListener('click', hint);
$('game-save').addEventListener('click', save);
$('game-new').addEventListener('click', () => showScreen('new-game'));
$('game-stop').addEventListener('click', stopAi);
$('game-pause').addEventListener('click', () => {
  paused = !paused;
  render();
  scheduleAi();
});
$('game-step').addEventListener('click', () => {
  if (paused) runAi();
});
$('game-speed').addEventListener('change', (e) => updateSettings({ ai_speed: e.target.value }));
for (const stone of SIDES) {
  $(`side-${stone}`).addEventListener('change', (e) => handSide(stone, e.target.value));
}
fillSides();
narrow.addEventListener('change', () => {
  fillSides();
  if (view) render();
});

$('game-over-again').addEventListener('click', () => {
  $('dialog-game-over').close();
  paused = false;
  command('restart');
});
$('game-over-review').addEventListener('click', async () => {
  $('dialog-game-over').close();
  const { openReplay } = await import('./review.js');
  let id = view?.replay_id;
  if (!id) {
    const latest = await attempt('list_replays', { filter: {}, page: 0, pageSize: 1 });
    id = latest?.items?.[0]?.id;
  }
  if (id) openReplay(id);
  else showScreen('review');
});
$('game-over-home').addEventListener('click', () => {
  $('dialog-game-over').close();
  showScreen('home');
});

document.addEventListener('keydown', (e) => {
  if (currentScreen() !== 'game' || document.querySelector('dialog[open]')) return;
  const typing = e.target.closest?.('input, select, textarea');
  if (typing) return;
  const ctrl = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (ctrl && key === 'z' && !e.shiftKey) {
    e.preventDefault();
    undo();
  } else if (ctrl && (key === 'y' || (key === 'z' && e.shiftKey))) {
    e.preventDefault();
    redo();
  } else if (!ctrl && !e.altKey && key === 'n') {
    e.preventDefault();
    showScreen('new-game');
  } else if (!ctrl && e.key.startsWith('Arrow') && !e.target.closest?.('.hit')) {
    e.preventDefault();
    board.moveCursor(0, 0);
  }
});

onSettings((s) => {
  board.setOptions({
    coordinates: s.coordinates,
    moveNumbers: s.move_numbers,
    lastMarker: s.last_move_marker,
    showForbidden: s.show_forbidden,
    tapMode: s.tap_mode,
  });
});

onLanguage(() => {
  board.relabel();
  fillSides();
  render();
});

registerScreen('game', {
  async enter({ view: next } = {}) {
    clearInterval(clockTimer);
    clockTimer = setInterval(renderClock, 500);
    $('hint-text').textContent = '';
    if (next) {
      view = null;
      show(next);
    } else {
      await refresh();
    }
  },
  leave() {
    clearInterval(clockTimer);
    clearTimeout(aiTimer);
    if (hintPending) call('stop_hint').catch(() => {});
    if (thinking) stopAi();
    const dialog = $('dialog-game-over');
    if (dialog.open) dialog.close();
  },
});


