// The game screen: draws each GameView the Rust side sends, turns clicks and
// keys into commands, and drives the computer's turns (the Rust side plays
// only when asked, so the UI can show it thinking and stop it).

import { call, progressChannel } from './ipc.js';
import { BoardView, pointName, svgEl } from './board.js';
import { t, plural } from './i18n.js';
import {
  $, state, registerScreen, showScreen, currentScreen, showError, clearError, attempt,
  confirmDialog, promptDialog, onSettings, onLanguage, updateSettings, announce, errorText,
  formatClock, timeControlText, LEVELS, levelName, playerName, takeNotices,
} from './app.js';
import { playStoneSound, playLowTimeSound, playEffect } from './sound.js';
import { refreshCoach, bindCoach } from './coach.js';
import { renderOpening, bindOpening, openingStep, openingNews } from './opening.js';

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
/** The view whose running clock reached zero and was sent to check_clock (once per view). */
let clockChecked = null;
/** Which clocks are in the warning zone: the low-time sound plays on the way in. */
const lowTime = { black: false, white: false };
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
  // Answers can come back out of order (a side handed over and an undo
  // sent close together): the service's generation only grows, so an
  // answer older than the board drawn is a past the game has left.
  if (view && next.generation < view.generation) return;
  const added = view && next.stones.length > view.stones.length && next.size === view.size;
  // A hint speaks of one position: once the game moves on, it is gone.
  if (view && view.generation !== next.generation && !hintPending) $('hint-text').textContent = '';
  view = next;
  viewAt = performance.now();
  clearError();
  render();
  if (added && currentScreen() === 'game') playStoneSound(state.settings);
  if (view.outcome) {
    // Only on the game screen: the computer's move can end the game after
    // the player has left it (leaving makes it play at once), and the end
    // must not pop up over Home or the profiles.
    if (overShownFor !== view.generation && currentScreen() === 'game') {
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
  refreshCoach(board, view, view.rule);
  board.setLocked(thinking || !!view.outcome || view.ai_to_move);
  const over = view.outcome;
  const step = over ? null : openingStep(view);
  // In an opening the one who acts is not always the colour of the next
  // stone: the opener places stones of both colours, white picks black's fifth.
  const turnStone = step && step.kind !== 'place' ? step.actor : view.to_move;
  $('turn-stone').className = `turn-stone ${over ? (over.winner ?? 'none') : turnStone}`;
  $('turn-text').textContent = over ? outcomeTitle(over) : step ? openingTurnText(step) : turnText();
  renderOpening(view, { thinking });
  renderSides();
  $('count-black').textContent = String(view.black_count);
  $('count-white').textContent = String(view.white_count);
  $('count-moves').textContent = String(view.stones.length);
  $('score-black').textContent = String(view.score?.black ?? 0);
  $('score-white').textContent = String(view.score?.white ?? 0);
  $('score-draws').textContent = String(view.score?.draws ?? 0);
  renderClock();
  const control = view.clock?.control;
  const timed = !!control && control.kind !== 'none';
  $('clock-control').hidden = !timed;
  document.querySelector('#screen-game .counts').classList.toggle('timed', timed);
  $('clock-control').textContent = timeControlText(control);

  const aiAi = view.mode === 'ai_ai';
  const human = !aiAi;
  $('ai-controls').hidden = !aiAi;
  $('game-pause').setAttribute('aria-pressed', String(paused));
  $('game-pause').textContent = paused ? t('ai.resume') : t('ai.pause');
  $('game-step').disabled = !paused || thinking || !!over;
  $('game-speed').value = state.settings?.ai_speed ?? 'normal';
  $('game-undo').disabled = thinking || !view.can_undo;
  $('game-redo').disabled = thinking || !view.can_redo;
  // A hint is a stone: no help while the opening asks for a decision or a pick among offers.
  const noStone = step && ['choose', 'declare', 'pick'].includes(step.kind);
  $('game-hint').disabled = thinking || !!over || view.ai_to_move || !human || !!noStone;
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

/** Fills `select` with who can play a side: a person, or the computer at each level. */
function fillSideOptions(select, short) {
  select.replaceChildren(...['human', ...LEVELS].map((value) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = sideText(value, short);
    return o;
  }));
}

/** The options of both side controls. */
function fillSides() {
  for (const stone of SIDES) fillSideOptions($(`side-${stone}`), narrow.matches);
}

/** A side control's value as a player for set_player. */
function playerOf(value) {
  return value === 'human' ? { kind: 'human' } : { kind: 'ai', level: value };
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
    // A person is shown by name: the profile or guest playing that side.
    const person = select.querySelector('option[value="human"]');
    const name = player?.kind === 'human' ? playerName(player, stone) : '';
    person.textContent = name && name !== t(`side.${stone}`) ? name : sideText('human', narrow.matches);
    // While changes are on their way the control keeps the player's latest pick.
    if (!handing) select.value = value;
    select.disabled = over;
    // In an opening, the side whose holder acts now.
    const acting = openingStep(view)?.actor ?? view.to_move;
    select.closest('.side').classList.toggle('to-move', !over && acting === stone);
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
  try {
    const next = await call('set_player', { stone, player: playerOf(value) });
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

/** The turn line in an opening: "Opening: a white stone next", "Opening: White decides". */
function openingTurnText(step) {
  return t(`turn.opening.${step.kind}`, { stone: t(`stone.${view.to_move}`), side: t(`side.${step.actor}`) });
}

/** "Black wins", "You win", "Draw". */
export function outcomeTitle(outcome, players = view?.players, mode = view?.mode) {
  if (!outcome.winner) return t('over.draw');
  if (mode === 'human_ai') {
    return players?.[outcome.winner]?.kind === 'human' ? t('over.youWin') : t('over.youLose');
  }
  // Two people, at least one of them named: the winner by name.
  const winner = players?.[outcome.winner];
  if (mode === 'human_human' && winner?.kind === 'human' && winner.name) {
    const name = playerName(winner, outcome.winner);
    if (name !== t(`side.${outcome.winner}`)) return t('over.nameWins', { name });
  }
  return t(`over.wins.${outcome.winner}`);
}

/** How the game ended, in words. */
export function outcomeHow(outcome) {
  if (outcome.kind === 'forbidden') {
    const shape = outcome.forbidden_kind ? t(`forbiddenKind.${outcome.forbidden_kind}`) : '';
    return t('how.forbidden', { shape });
  }
  // The side that resigned or ran out of time: the one that did not win.
  const loser = t(`side.${outcome.winner === 'black' ? 'white' : 'black'}`);
  return t(`how.${outcome.kind}`, { side: loser });
}

function clockMs(side) {
  const clock = view?.clock;
  if (!clock) return 0;
  const base = clock[`${side}_ms`] ?? 0;
  return clock.running === side && !view.outcome ? base + (performance.now() - viewAt) : base;
}

/** Time left on a side's clock now, or null with no time control. */
function clockLeft(side) {
  const left = view?.clock?.[`${side}_left_ms`];
  if (left == null) return null;
  const running = view.clock.running === side && !view.outcome;
  return Math.max(0, running ? left - (performance.now() - viewAt) : left);
}

/**
 * With no time control the clocks count the time used; with one they count
 * down what is left, the running side from the moment its view arrived.
 */
function renderClock() {
  if (!view) return;
  const clock = view.clock ?? {};
  for (const side of SIDES) {
    const el = $(`clock-${side}`);
    const left = clockLeft(side);
    const text = left == null ? formatClock(clockMs(side)) : formatClock(left, { tenths: true });
    if (el.textContent !== text) el.textContent = text;
    const low = left != null && clock.warn_ms != null && left <= clock.warn_ms;
    el.classList.toggle('low', low);
    el.classList.toggle('running', clock.running === side && !view.outcome);
    // A person hears it once as their time runs low (the computer needs no warning).
    if (low && !lowTime[side] && clock.running === side && !view.outcome
      && view.players?.[side]?.kind === 'human' && currentScreen() === 'game') {
      playLowTimeSound(state.settings);
    }
    lowTime[side] = low;
  }
  const running = !view.outcome && clock.running;
  if (running && clockLeft(running) === 0 && clockChecked !== view) checkClock();
}

/**
 * The running clock shows zero: the service's clock decides. When its
 * time has not quite run out (the two clocks drift a little) the answer
 * resets this one, and it asks again when that runs out.
 */
async function checkClock() {
  clockChecked = view;
  try {
    const next = await call('check_clock');
    // A move made meanwhile may have answered with a newer view: show keeps it.
    show(next);
  } catch (err) {
    showError(err);
  }
}

/** Room around the stones of the game-over drawing, and between their centres, in SVG units. */
const ENDING_PAD = 8;
const ENDING_STEP = 48;

/**
 * The game-over drawing: the winning line's stones in a row, large, with
 * the line through them and each point's name; for a forbidden move, black's
 * stone with the red × on it. A draw, a resignation or a loss on time has
 * no stones to show, so the drawing is hidden.
 */
function drawEnding(svg, game) {
  const o = game.outcome;
  const line = o?.kind === 'five' ? game.winning_line ?? [] : [];
  const points = line.length ? line : o?.kind === 'forbidden' && o.point ? [o.point] : [];
  svg.replaceChildren();
  // An <svg> has no `hidden` property: the attribute itself is set.
  svg.toggleAttribute('hidden', points.length === 0);
  if (!points.length) return;
  const stone = line.length ? o.winner : 'black';
  const r = ENDING_STEP * 0.42;
  const width = ENDING_PAD * 2 + points.length * ENDING_STEP;
  const height = ENDING_PAD * 2 + ENDING_STEP + 20;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.style.maxWidth = `${points.length * 64}px`;
  svg.dataset.kind = o.kind;
  const names = points.map((p) => pointName(p.x, p.y, game.size));
  svg.setAttribute('aria-label', t(line.length ? 'over.fiveLabel' : 'over.forbiddenLabel', { points: names.join(' ') }));
  const defs = svgEl('defs', {}, svg);
  const gradient = svgEl('radialGradient', { id: `${svg.id}-${stone}`, cx: '0.36', cy: '0.32', r: '0.78' }, defs);
  svgEl('stop', { offset: '0', class: `${stone}-hi` }, gradient);
  svgEl('stop', { offset: '0.55', class: `${stone}-mid` }, gradient);
  svgEl('stop', { offset: '1', class: `${stone}-lo` }, gradient);
  const cy = ENDING_PAD + ENDING_STEP / 2;
  const cx = (i) => ENDING_PAD + ENDING_STEP * (i + 0.5);
  svgEl('rect', { class: 'wood', x: 0, y: 0, width, height: ENDING_PAD + ENDING_STEP + 2, rx: 8 }, svg);
  svgEl('line', { class: 'grid', x1: 0, y1: cy, x2: width, y2: cy }, svg);
  points.forEach((p, i) => {
    const g = svgEl('g', { class: `five-stone ${stone}`, 'data-x': p.x, 'data-y': p.y }, svg);
    svgEl('circle', { class: 'body', cx: cx(i), cy, r, fill: `url(#${svg.id}-${stone})` }, g);
    svgEl('text', { class: 'name', x: cx(i), y: height - 6 }, svg).textContent = names[i];
  });
  if (line.length >= 2) {
    svgEl('line', { class: 'win-line', x1: cx(0), y1: cy, x2: cx(points.length - 1), y2: cy }, svg);
  } else if (o.kind === 'forbidden') {
    const d = r * 0.45;
    const g = svgEl('g', { class: 'forbidden' }, svg);
    svgEl('line', { x1: cx(0) - d, y1: cy - d, x2: cx(0) + d, y2: cy + d }, g);
    svgEl('line', { x1: cx(0) - d, y1: cy + d, x2: cx(0) + d, y2: cy - d }, g);
  }
}

/** The sound of an ending: a draw, a win, or (against the computer) a loss for the person. */
function endingSound(outcome) {
  if (!outcome.winner) return 'draw';
  if (view.mode === 'human_ai' && view.players?.[outcome.winner]?.kind !== 'human') return 'loss';
  return 'win';
}

function showGameOver() {
  const o = view.outcome;
  playEffect(endingSound(o), state.settings);
  $('game-over-title').textContent = outcomeTitle(o);
  drawEnding($('game-over-five'), view);
  $('game-over-how').textContent = outcomeHow(o);
  announce(t('live.result', { title: outcomeTitle(o).replace(/[.!。！]$/u, ''), how: outcomeHow(o) }));
  $('game-over-counts').textContent = t('over.counts', {
    black: plural('count.stones', view.black_count),
    white: plural('count.stones', view.white_count),
    moves: plural('count.moves', view.stones.length),
  });
  $('game-over-time').textContent = t('over.time', {
    black: formatClock(view.clock?.black_ms),
    white: formatClock(view.clock?.white_ms),
  });
  // The computer won with a five: it can show the forced line it played.
  const winnerSeat = o.winner ? view.players?.[o.winner] : null;
  $('game-over-show').hidden = !(o.kind === 'five' && winnerSeat?.kind === 'ai' && view.mode === 'human_ai');
  const dialog = $('dialog-game-over');
  if (!dialog.open) dialog.showModal();
  $('game-over-again').focus();
  tellWhatWasNotKept();
}

/**
 * Says in the game-over dialog what the service could not keep of the game
 * just ended (its replay or statistics, on a full disk say): the player
 * learns it now, not on the next start.
 */
async function tellWhatWasNotKept() {
  const box = $('game-over-notice');
  box.hidden = true;
  const fresh = await takeNotices();
  if (!fresh.length) return;
  box.textContent = fresh.map((n) => t('notice.text', { message: n.message })).join(' ');
  box.hidden = false;
}

// ---------------------------------------------------------------- commands

/** The kinds of error that mean "not there, not now" for a move: the refused sound. */
const REFUSALS = new Set(['occupied', 'forbidden', 'off_board', 'not_your_turn', 'game_over', 'opening']);

async function command(name, args) {
  if (busy) return;
  busy = true;
  try {
    show(await call(name, args));
    if (name === 'undo') playEffect('undo', state.settings);
  } catch (err) {
    showError(err);
    if (name === 'play' && REFUSALS.has(err?.kind)) playEffect('refused', state.settings);
    // A refused move is said aloud too: the player may not be looking at the message line.
    if (name === 'play' && view) {
      announce(t('live.refused', { point: pointName(args.x, args.y, view.size), reason: errorText(err) }));
    }
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

/**
 * Before a command that replaces the game on the board: when that game is
 * on and not saved as it stands, asks whether to save it first (`action`
 * ends "Save it before …?"). Save… asks a name and saves; Discard lets it
 * go (the service logs it as unfinished); Cancel changes nothing.
 * Resolves true to go on.
 */
export async function confirmReplace(action) {
  let current = currentScreen() === 'game' ? view : null;
  if (!current) {
    try {
      current = await call('game_view');
    } catch {
      // No game to lose; the command itself will say what is wrong.
      return true;
    }
  }
  if (!current?.unsaved) return true;
  const back = document.activeElement;
  const choice = await unsavedDialog(action);
  if (choice === 'discard') return true;
  if (choice === 'save' && (await saveWithName(current))) return true;
  back?.focus?.();
  return false;
}

/** The Save / Discard / Cancel question; Escape cancels. Resolves to the choice. */
function unsavedDialog(action) {
  const dialog = $('dialog-unsaved');
  const buttons = { 'unsaved-save': 'save', 'unsaved-discard': 'discard', 'unsaved-cancel': 'cancel' };
  $('unsaved-text').textContent = t('unsaved.text', { action });
  return new Promise((resolve) => {
    const done = (choice) => {
      for (const id of Object.keys(buttons)) $(id).onclick = null;
      dialog.oncancel = null;
      if (dialog.open) dialog.close();
      resolve(choice);
    };
    for (const [id, choice] of Object.entries(buttons)) $(id).onclick = () => done(choice);
    dialog.oncancel = (e) => {
      e.preventDefault();
      done('cancel');
    };
    dialog.showModal();
    $('unsaved-cancel').focus();
  });
}

/**
 * Opens a game just put on the board from a review, an import or a save.
 * While it is on, asks first who plays each side from here: the record
 * says who played, not who wants to play on.
 */
export async function openPlayOn(next) {
  // The answer that brought `next` can come after the game has moved on (a
  // new game started while a load or an import was on its way), and the
  // dialog can be open a while: no sides are asked for, or handed over in,
  // a game no longer on the board. The game screen then shows the one that is.
  let now = await newerView(next);
  let chosen = null;
  if (!next.outcome && !now) {
    chosen = await askSides(next);
    now = await newerView(next);
  }
  if (now) {
    await openGame(now);
    return;
  }
  let failure = null;
  for (const [stone, value] of Object.entries(chosen ?? {})) {
    try {
      next = await call('set_player', { stone, player: playerOf(value) });
    } catch (err) {
      failure = err;
    }
  }
  await openGame(next);
  if (failure) showError(failure);
}

/** The service's game when it has moved on from `next`, else null (only the service knows). */
async function newerView(next) {
  try {
    const now = await call('game_view');
    return now.generation > next.generation ? now : null;
  } catch {
    // Not known: `next` is taken as the game; the game screen still
    // draws no view older than the one it has.
    return null;
  }
}

/** The "Who plays on?" dialog; resolves to the sides changed ({ black: 'hard' }), none when kept. */
function askSides(next) {
  const dialog = $('dialog-play-on');
  const was = {};
  for (const stone of SIDES) {
    const player = next.players?.[stone];
    was[stone] = player?.kind === 'ai' ? String(player.level) : 'human';
    const select = $(`play-on-${stone}`);
    fillSideOptions(select, false);
    if (![...select.options].some((o) => o.value === was[stone])) select.append(new Option(sideText(was[stone]), was[stone]));
    select.value = was[stone];
  }
  return new Promise((resolve) => {
    const done = (start) => {
      $('play-on-start').onclick = null;
      $('play-on-cancel').onclick = null;
      dialog.oncancel = null;
      if (dialog.open) dialog.close();
      const changed = {};
      for (const stone of SIDES) {
        const value = $(`play-on-${stone}`).value;
        if (start && value !== was[stone]) changed[stone] = value;
      }
      resolve(changed);
    };
    $('play-on-start').onclick = () => done(true);
    $('play-on-cancel').onclick = () => done(false);
    dialog.oncancel = (e) => {
      e.preventDefault();
      done(false);
    };
    dialog.showModal();
    $('play-on-start').focus();
  });
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

/** Asks a name for the game `current` and saves it; resolves to the name once saved. */
async function saveWithName(current) {
  const suggested = current.save_name ?? t('save.defaultName', { date: new Date().toISOString().slice(0, 16).replace('T', ' ').replace(':', '.') });
  const answer = await promptDialog({ title: t('save.title'), label: t('load.name'), value: suggested });
  if (!answer) return null;
  try {
    if (!(await saveAs(answer.value))) return null;
    clearError();
    return answer.value;
  } catch (err) {
    showError(err);
    return null;
  }
}

async function save() {
  if (!view) return;
  const name = await saveWithName(view);
  if (!name) return;
  $('hint-text').textContent = t('save.done', { name });
  await refresh();
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
    const played = next.stones.at(-1);
    if (played && next.stones.length > (view?.stones.length ?? 0)) {
      announce(t('live.plays', { side: t(`side.${played.stone}`), point: pointName(played.x, played.y, next.size) }));
    }
    // A decision or an offer in the opening puts no stone down: said in words.
    announce(openingNews(view, next));
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
$('game-restart').addEventListener('click', async () => {
  if (!(await confirmReplace(t('unsaved.restart')))) return;
  paused = false;
  command('restart');
});
$('game-resign').addEventListener('click', resign);
$('game-hint').addEventListener('click', hint);
$('game-save').addEventListener('click', save);
$('game-new').addEventListener('click', () => showScreen('new-game'));
bindCoach('game-coach', 'game-coach-legend', () => {
  if (view) refreshCoach(board, view, view.rule);
});
$('game-edit').addEventListener('click', async () => {
  if (!view) return;
  const { openEditor } = await import('./editor.js');
  await openEditor({
    size: view.size,
    rule: view.rule,
    toMove: view.to_move,
    stones: [...(view.setup ?? []), ...view.stones],
    // Played from the empty board: the order of the moves is known.
    order: view.setup?.length ? null : view.stones,
  });
});
$('game-stop').addEventListener('click', stopAi);
bindOpening((choice) => {
  if (!thinking && view && !view.ai_to_move) command('opening_choice', { choice });
});
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

// The game is over: nothing to lose, nothing to ask.
$('game-over-again').addEventListener('click', () => {
  $('dialog-game-over').close();
  paused = false;
  command('restart');
});
/** The ended game's id in the replay log: the view's, or the newest logged. */
async function endedGameId() {
  if (view?.replay_id) return view.replay_id;
  const latest = await attempt('list_replays', { filter: {}, page: 0, pageSize: 1 });
  return latest?.items?.[0]?.id;
}

$('game-over-show').addEventListener('click', async () => {
  $('dialog-game-over').close();
  const { openReplay } = await import('./review.js');
  const id = await endedGameId();
  if (!id) return;
  const sequence = await attempt('winning_sequence', { id });
  // From where the win was forced, played to the five; with no line the
  // solver sees, the last moves are shown.
  await openReplay(id, { at: sequence ? sequence.from : null, play: Boolean(sequence) });
});
$('game-over-review').addEventListener('click', async () => {
  $('dialog-game-over').close();
  const { openReplay } = await import('./review.js');
  const id = await endedGameId();
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
    // Often enough for tenths in the last seconds of a time control.
    clockTimer = setInterval(renderClock, 100);
    lowTime.black = false;
    lowTime.white = false;
    $('hint-text').textContent = '';
    if (next && !(view && next.generation < view.generation)) {
      view = null;
      show(next);
    } else {
      // A view older than the board drawn last (one a dialog held while
      // the game moved on) is a past the game has left: the game as it is.
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


