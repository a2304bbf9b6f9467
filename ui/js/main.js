// Wires the page to the Rust side: intents go out, complete views come back.

import { call } from './ipc.js';
import { BoardView } from './board.js';
import { t, translatePage } from './i18n.js';
import { initTheme } from './theme.js';

const $ = (id) => document.getElementById(id);

const board = new BoardView($('board'), { onPlay: (x, y) => play(x, y) });

/** Shows the latest view: board, turn, counters. */
function render(view) {
  board.draw(view);
  $('turn-stone').className = `turn-stone ${view.to_move}`;
  $('turn-text').textContent = t(`turn.${view.to_move}`);
  $('count-black').textContent = String(view.black_count);
  $('count-white').textContent = String(view.white_count);
  $('count-moves').textContent = String(view.stones.length);
}

function showError(err) {
  const kind = err?.kind ?? 'unknown';
  const known = t(`error.${kind}`);
  const text = known === `error.${kind}` ? t('error.unknown', { message: err?.message ?? String(err) }) : known;
  const box = $('message');
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = false;
}

function clearError() {
  const box = $('message');
  box.hidden = true;
  box.textContent = '';
  delete box.dataset.kind;
}

async function run(command, args) {
  try {
    const view = await call(command, args);
    clearError();
    render(view);
  } catch (err) {
    showError(err);
  }
}

function play(x, y) {
  return run('play', { x, y });
}

$('new-game').addEventListener('click', () => run('new_game', {}));

translatePage();
initTheme($('theme-toggle'));
run('game_view');
