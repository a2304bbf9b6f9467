// The coach: a toggle on the game, review and editor boards that marks, at
// every empty point, the threat each side would make there (asked of the
// game service, which reads it from the engine's own patterns), and black's
// forbidden points in renju. The choice is kept in the profile's settings.

import { call } from './ipc.js';
import { $, state, updateSettings, onSettings } from './app.js';

/** The position a board shows, as the service reads one. */
function positionOf(view, rule) {
  const setup = { black: [], white: [] };
  for (const s of [...(view.setup ?? []), ...view.stones]) setup[s.stone].push({ x: s.x, y: s.y });
  return { size: view.size, rule, toMove: view.to_move ?? 'black', setup };
}

/** Whether the coach is on. */
export function coachOn() {
  return Boolean(state.settings?.coach);
}

/**
 * Marks `view` on `board` when the coach is on (and clears the marks when
 * it is off). An answer for a position the board no longer shows is dropped.
 */
export async function refreshCoach(board, view, rule) {
  // The same position already marked (a redraw for the clock or the
  // thinking line): nothing to ask.
  if (coachOn() && view?.generation !== undefined && board.coach && board.coachFor === view.generation) return;
  const mine = (board.coachSeq = (board.coachSeq ?? 0) + 1);
  if (!coachOn() || !view) {
    board.showCoach(null);
    return;
  }
  board.coachFor = view.generation;
  try {
    const marks = await call('coach_marks', { position: positionOf(view, rule) });
    if (mine === board.coachSeq) board.showCoach(marks);
  } catch {
    // A position the service cannot read has nothing to mark.
    if (mine === board.coachSeq) board.showCoach(null);
  }
}

/**
 * Wires the toggle `buttonId` (and its legend `legendId`): a press turns
 * the coach on or off for the profile, and `redraw` marks the board again.
 */
export function bindCoach(buttonId, legendId, redraw) {
  $(buttonId).addEventListener('click', () => updateSettings({ coach: !coachOn() }));
  onSettings(() => {
    $(buttonId).setAttribute('aria-pressed', String(coachOn()));
    $(legendId).hidden = !coachOn();
    redraw();
  });
}
