// The statistics screen: the open profile's record in every mode, its
// points, and the leaderboard of this device's profiles.

import { call } from './ipc.js';
import { t, plural } from './i18n.js';
import {
  $, LEVELS, registerScreen, attempt, onLanguage, levelName, profileName, el,
} from './app.js';

const MODE_KEYS = {
  human_human: ['human_human', 'human_vs_human'],
  human_ai: ['human_ai', 'human_vs_ai'],
};

function cell(tag, text, scope) {
  const c = el(tag, '', String(text));
  if (scope) c.scope = scope;
  return c;
}

function tallyRow(label, tally = {}) {
  const tr = document.createElement('tr');
  tr.append(cell('th', label, 'row'));
  const wins = tally.wins ?? 0;
  const losses = tally.losses ?? 0;
  const draws = tally.draws ?? 0;
  const games = wins + losses + draws;
  for (const n of [games, wins, losses, draws]) tr.append(cell('td', n));
  tr.append(cell('td', games ? `${Math.round((wins / games) * 100)}%` : '–'));
  return tr;
}

function tableHead(keys) {
  const thead = document.createElement('thead');
  const tr = document.createElement('tr');
  for (const key of keys) tr.append(cell('th', t(key), 'col'));
  thead.append(tr);
  return thead;
}

const TALLY_HEAD = ['stats.games', 'stats.wins', 'stats.losses', 'stats.draws', 'stats.winRate'];

let stats = null;
let board = [];

function renderStats() {
  if (!stats) return;
  const byMode = stats.by_mode ?? {};
  const total = stats.total ?? {};
  $('stats-total').textContent = String((total.wins ?? 0) + (total.losses ?? 0) + (total.draws ?? 0));
  $('stats-points').textContent = String(stats.points ?? 0);
  $('stats-current-streak').textContent = String(stats.current_streak ?? 0);
  $('stats-best-streak').textContent = String(stats.best_streak ?? 0);

  const modeBody = document.createElement('tbody');
  for (const [mode, keys] of Object.entries(MODE_KEYS)) {
    const tally = keys.map((k) => byMode[k]).find(Boolean);
    const row = tallyRow(t(`mode.${mode}`), tally);
    row.id = `stats-mode-${mode}`;
    modeBody.append(row);
  }
  $('stats-by-mode').replaceChildren(tableHead(['stats.mode', ...TALLY_HEAD]), modeBody);

  const levelBody = document.createElement('tbody');
  const levels = [...LEVELS, ...Object.keys(stats.by_level ?? {}).filter((l) => !LEVELS.includes(l))];
  for (const level of levels) levelBody.append(tallyRow(levelName(level), stats.by_level?.[level]));
  // Games against the computer that ended on time, at any level.
  const onTime = document.createElement('tfoot');
  onTime.append(tallyRow(t('stats.onTime'), stats.on_time));
  onTime.firstChild.id = 'stats-on-time';
  $('stats-by-level').replaceChildren(tableHead(['stats.level', ...TALLY_HEAD]), levelBody, onTime);

  // Computer against computer: watched, so counted by the side that won.
  const w = stats.watched ?? {};
  const watchedRow = document.createElement('tr');
  watchedRow.id = 'stats-watched-row';
  const watchedGames = (w.black_wins ?? 0) + (w.white_wins ?? 0) + (w.draws ?? 0);
  watchedRow.append(cell('th', t('mode.ai_ai'), 'row'));
  for (const n of [watchedGames, w.black_wins ?? 0, w.white_wins ?? 0, w.draws ?? 0]) watchedRow.append(cell('td', n));
  const watchedBody = document.createElement('tbody');
  watchedBody.append(watchedRow);
  $('stats-watched').replaceChildren(
    tableHead(['stats.mode', 'stats.games', 'stats.blackWins', 'stats.whiteWins', 'stats.draws']),
    watchedBody,
  );
}

function renderBoard() {
  const body = document.createElement('tbody');
  for (const row of board) {
    const tr = document.createElement('tr');
    tr.dataset.id = row.id;
    if (row.current) {
      tr.classList.add('current');
      tr.setAttribute('aria-current', 'true');
    }
    tr.append(cell('td', row.place));
    const name = cell('th', profileName(row.name), 'row');
    if (row.current) name.append(' ', el('span', 'badge', t('profiles.current')));
    tr.append(name);
    for (const n of [row.points, row.games, row.wins, row.losses, row.draws, row.best_streak]) tr.append(cell('td', n));
    body.append(tr);
  }
  $('stats-leaderboard').replaceChildren(
    tableHead(['stats.place', 'stats.player', 'stats.points', 'stats.games', 'stats.wins', 'stats.losses', 'stats.draws', 'stats.bestStreak']),
    body,
  );
  $('stats-leaderboard-note').textContent = plural('stats.boardNote', board.length);
}

registerScreen('stats', {
  async enter() {
    // One after the other: a failure to read this profile's statistics
    // stays on screen, not cleared by the leaderboard's answer.
    const mine = await attempt('get_stats');
    const all = mine ? await attempt('leaderboard') : await call('leaderboard').catch(() => null);
    stats = mine ?? stats;
    board = all ?? board;
    renderStats();
    renderBoard();
  },
});

onLanguage(() => {
  renderStats();
  renderBoard();
});
