// Review: the replay log of this profile, newest first and paged so it stays
// quick with thousands of games, and one game stepped through with the AI's
// analysis drawn as an evaluation graph.

import { call, progressChannel } from './ipc.js';
import { BoardView, pointName, svgEl } from './board.js';
import { t, plural } from './i18n.js';
import {
  $, registerScreen, showScreen, currentScreen, showError, clearError, attempt,
  onSettings, onLanguage, formatDate, formatClock, playerName, el, announce,
} from './app.js';
import { openPlayOn, confirmReplace, outcomeTitle, outcomeHow } from './game.js';
import { refreshCoach, bindCoach } from './coach.js';
import { renderSummary } from './opening.js';

const PAGE_SIZE = 20;
const AUTOPLAY_MS = 700;
/** Move classes that count as mistakes for "next mistake". */
const BAD = new Set(['inaccuracy', 'mistake', 'blunder']);
const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };
/** Result filters that ask how a game ended (filter.kind) rather than who won (filter.result). */
const ENDINGS = new Set(['timeout', 'unfinished']);

// ---------------------------------------------------------------- the list

let page = 0;
let listing = null;

function filter() {
  const f = {};
  if ($('review-filter-mode').value) f.mode = $('review-filter-mode').value;
  const result = $('review-filter-result').value;
  if (result) f[ENDINGS.has(result) ? 'kind' : 'result'] = result;
  return f;
}

async function loadPage(n) {
  const answer = await attempt('list_replays', { filter: filter(), page: n, pageSize: PAGE_SIZE });
  if (!answer) return;
  listing = answer;
  page = answer.page ?? n;
  renderList();
}

function resultText(item) {
  if (item.result === 'unfinished') return t('result.unfinished');
  const onTime = item.result === 'timeout';
  if (item.outcome === 'win') return t(onTime ? 'result.winOnTime' : 'result.win');
  if (item.outcome === 'loss') return t(onTime ? 'result.lossOnTime' : 'result.loss');
  if (!item.winner) return t('over.draw');
  return t(onTime ? `result.winsOnTime.${item.winner}` : `over.wins.${item.winner}`);
}

function renderList() {
  if (!listing) return;
  const list = $('review-list');
  list.replaceChildren();
  const pages = Math.max(1, Math.ceil(listing.total / PAGE_SIZE));
  $('review-total').textContent = plural('review.total', listing.total);
  $('review-page').textContent = t('review.page', { page: page + 1, pages });
  $('review-prev').disabled = page <= 0;
  $('review-next').disabled = page + 1 >= pages;
  $('review-empty').hidden = listing.items.length > 0;
  for (const item of listing.items) {
    const li = el('li', 'replay-item');
    li.dataset.id = item.id;
    const open = el('button', 'replay-open card');
    open.type = 'button';
    const title = el('span', 'item-title', `${playerName(item.black, 'black')} – ${playerName(item.white, 'white')}`);
    const outcome = item.result === 'unfinished' ? 'unfinished' : item.outcome ?? (item.winner ? 'decided' : 'draw');
    const result = el('span', `result result-${outcome}`, resultText(item));
    const meta = el('span', 'item-meta num');
    meta.textContent = [
      formatDate(item.ended_at),
      t(`mode.${item.mode}`),
      `${t(`rule.${item.rule}`)} ${item.size}×${item.size}`,
      plural('load.moves', item.move_count),
      formatClock(item.duration_ms),
    ].join(' · ');
    open.append(title, result, meta);
    open.addEventListener('click', () => openReplay(item.id));
    li.append(open);
    list.append(li);
  }
}

$('review-filter-mode').addEventListener('change', () => loadPage(0));
$('review-filter-result').addEventListener('change', () => loadPage(0));
$('review-prev').addEventListener('click', () => loadPage(page - 1));
$('review-next').addEventListener('click', () => loadPage(page + 1));

registerScreen('review', {
  enter({ keepPage } = {}) {
    return loadPage(keepPage ? page : 0);
  },
});

// ---------------------------------------------------------------- one game

const board = new BoardView($('replay-board'), { interactive: false });
let replay = null;
let position = 0;
let judgements = [];
let analysing = false;
let autoplay = 0;

/** Opens a past game at its end. */
export async function openReplay(id, { at = null, play = false } = {}) {
  const answer = await attempt('load_replay', { id });
  if (!answer) return;
  replay = {
    ...answer,
    outcome: answer.outcome ?? answer.final_view?.outcome ?? null,
    winning_line: answer.winning_line ?? answer.final_view?.winning_line ?? [],
  };
  judgements = [];
  position = at ?? replay.moves.length;
  clearWhy();
  await showScreen('replay');
  if (play && position < replay.moves.length) toggleAutoplay();
}

// ---------------------------------------------------------------- why

/** The explanation on screen, for the move it speaks of; a line being played out. */
let why = null;
let variation = null;

function clearWhy() {
  why = null;
  variation = null;
  $('replay-why-text').textContent = '';
  $('replay-line-actions').hidden = true;
}

/** A win by threats in words. */
function winWords(win, side) {
  return t(`editor.win.${win.kind}`, {
    side: t(`side.${side}`),
    count: win.attacker_moves,
    line: win.line.map((p) => pointName(p.x, p.y, replay.size)).join(' '),
  });
}

async function explain() {
  if (!replay || position === 0) return;
  const number = position;
  const answer = await attempt('explain_move', { id: replay.id, number });
  if (!answer || number !== position) return;
  const mover = answer.stone;
  const other = mover === 'black' ? 'white' : 'black';
  const parts = [];
  if (answer.missed) parts.push(t('why.missed', { text: winWords(answer.missed, mover) }));
  if (answer.refutation) parts.push(t('why.refutation', { text: winWords(answer.refutation, other) }));
  if (!parts.length) parts.push(t('why.none'));
  why = { number, answer };
  $('replay-why-text').textContent = parts.join(' ');
  // Every line alternates the sides (a win by threes comes with the
  // defender's toughest answers), so it can be played out on the board.
  const playable = answer.refutation?.line.length
    ? { base: number, line: answer.refutation.line }
    : answer.missed?.line.length ? { base: number - 1, line: answer.missed.line } : null;
  $('replay-line-actions').hidden = !playable;
  if (playable) variation = { ...playable, shown: 0 };
  renderReplay();
}

/** The board of a line played out: its base position and the line's first `shown` moves. */
function variationView() {
  const base = viewAt(variation.base);
  let side = sideToMove(variation.base);
  const extra = variation.line.slice(0, variation.shown).map((p, i) => {
    const stone = { x: p.x, y: p.y, stone: side, number: variation.base + i + 1, variation: true };
    side = side === 'black' ? 'white' : 'black';
    return stone;
  });
  const last = extra.at(-1);
  return {
    ...base,
    stones: [...base.stones, ...extra],
    to_move: side,
    last: last ? { x: last.x, y: last.y } : base.last,
    winning_line: [],
    outcome: null,
  };
}

/** Who moves after `n` moves: the record says, as a game may begin with white. */
function sideToMove(n) {
  if (n < replay.moves.length) return replay.moves[n].stone;
  if (n === 0) return replay.first ?? 'black';
  return replay.moves[n - 1].stone === 'black' ? 'white' : 'black';
}

function viewAt(n) {
  const stones = replay.moves.slice(0, n);
  const end = n === replay.moves.length;
  return {
    size: replay.size,
    setup: replay.setup ?? [],
    stones,
    to_move: sideToMove(n),
    last: n ? { x: stones[n - 1].x, y: stones[n - 1].y } : null,
    winning_line: end ? replay.winning_line ?? [] : [],
    forbidden: [],
    outcome: end ? replay.outcome : null,
  };
}

function renderReplay() {
  if (!replay) return;
  const total = replay.moves.length;
  const playing = variation && variation.shown > 0;
  const shown = playing ? variationView() : viewAt(position);
  board.draw(shown);
  refreshCoach(board, shown, replay.rule);
  const judgement = judgements[position - 1];
  board.showHint(judgement?.best && position > 0 && !playing ? judgement.best : null);
  $('replay-why').disabled = position === 0;
  if (variation) {
    $('replay-line-next').disabled = variation.shown >= variation.line.length;
    $('replay-board').dataset.variation = String(variation.shown);
  } else {
    delete $('replay-board').dataset.variation;
  }
  const summary = replay.summary ?? {};
  const ending = replay.outcome
    ? `${outcomeTitle(replay.outcome, { black: summary.black, white: summary.white }, 'replay')}, ${outcomeHow(replay.outcome)}`
    : summary.result === 'unfinished' ? t('result.unfinished') : '';
  $('replay-title').textContent = [`${playerName(summary.black, 'black')} – ${playerName(summary.white, 'white')}`, ending]
    .filter(Boolean).join(' · ');
  // A game begun with a tournament opening: how the opening went, from the game's end.
  renderSummary($('replay-opening'), replay.final_view);
  const slider = $('replay-slider');
  slider.max = String(total);
  slider.value = String(position);
  slider.setAttribute('aria-valuetext', t('replay.position', { n: position, total }));
  $('replay-position').textContent = t('replay.position', { n: position, total });
  $('replay-first').disabled = position === 0;
  $('replay-prev').disabled = position === 0;
  $('replay-next').disabled = position === total;
  $('replay-last').disabled = position === total;
  $('replay-play').setAttribute('aria-pressed', String(!!autoplay));
  $('replay-play').setAttribute('aria-label', autoplay ? t('replay.pause') : t('replay.play'));
  $('replay-play').title = $('replay-play').getAttribute('aria-label');
  $('replay-analyse').hidden = analysing;
  $('replay-cancel').hidden = !analysing;
  $('replay-next-mistake').disabled = !judgements.some((j) => j && BAD.has(j.class) && j.number > position);
  if (judgement) {
    const played = pointName(judgement.played.x, judgement.played.y, replay.size);
    const best = judgement.best ? pointName(judgement.best.x, judgement.best.y, replay.size) : '–';
    $('replay-best').textContent = t('replay.judgement', {
      played,
      best,
      verdict: t(`class.${judgement.class}`),
    });
  } else {
    $('replay-best').textContent = judgements.length ? '' : t('replay.noAnalysis');
  }
  renderMoves();
  renderGraph();
  // A mistake or a blunder comes with its reason, without asking.
  if (judgement && ['mistake', 'blunder'].includes(judgement.class) && why?.number !== position && !autoplay) {
    why = { number: position, answer: null };
    explain();
  }
}

function renderMoves() {
  const list = $('replay-moves');
  if (list.childElementCount !== replay.moves.length || list.dataset.analysed !== String(judgements.filter(Boolean).length)) {
    list.replaceChildren();
    list.dataset.analysed = String(judgements.filter(Boolean).length);
    replay.moves.forEach((m, i) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `move ${m.stone}`;
      b.dataset.number = String(i + 1);
      const j = judgements[i];
      if (j) b.dataset.class = j.class;
      const mark = j && MARKS[j.class] ? ` ${MARKS[j.class]}` : '';
      b.textContent = `${i + 1}. ${pointName(m.x, m.y, replay.size)}${mark}`;
      // The label starts with what is seen ("3. H8 ?!"), then says it in words.
      const verdict = j ? t(`class.${j.class}`) : '';
      const label = t('replay.moveLabel', { text: b.textContent, n: i + 1, stone: t(`stone.${m.stone}`) });
      b.setAttribute('aria-label', verdict ? t('replay.moveVerdict', { label, verdict }) : label);
      b.addEventListener('click', () => goTo(i + 1));
      li.append(b);
      list.append(li);
    });
  }
  for (const b of list.querySelectorAll('.move')) {
    const current = Number(b.dataset.number) === position;
    b.classList.toggle('current', current);
    if (current) b.setAttribute('aria-current', 'step');
    else b.removeAttribute('aria-current');
  }
  // Keep the current move in view inside the list, without scrolling the page.
  const item = list.querySelector('.current');
  if (item) {
    const top = item.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }
}

function renderGraph() {
  const svg = $('replay-graph');
  svg.replaceChildren();
  const total = Math.max(1, replay.moves.length);
  const W = 300;
  const H = 100;
  const x = (n) => (n / total) * W;
  const y = (chance) => H - chance * H;
  svgEl('rect', { class: 'graph-bg', x: 0, y: 0, width: W, height: H }, svg);
  svgEl('line', { class: 'graph-mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }, svg);
  const points = [[0, 0.5]];
  for (const j of judgements) if (j) points.push([j.number, blackChance(j)]);
  if (points.length > 1) {
    const d = points.map(([n, c]) => `${x(n).toFixed(1)},${y(c).toFixed(1)}`).join(' ');
    svgEl('polygon', { class: 'graph-area', points: `0,${H} ${d} ${x(points.at(-1)[0]).toFixed(1)},${H}` }, svg);
    svgEl('polyline', { class: 'graph-line', points: d }, svg);
  }
  for (const j of judgements) {
    if (!j || !BAD.has(j.class)) continue;
    const cx = x(j.number);
    const cy = y(blackChance(j));
    const r = j.class === 'blunder' ? 4 : j.class === 'mistake' ? 3.2 : 2.5;
    // Shapes differ by class, so the marks do not rely on colour alone.
    if (j.class === 'inaccuracy') {
      svgEl('circle', { class: `graph-mark ${j.class}`, cx, cy, r, 'data-number': j.number }, svg);
    } else if (j.class === 'mistake') {
      svgEl('rect', { class: `graph-mark ${j.class}`, x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, 'data-number': j.number }, svg);
    } else {
      svgEl('polygon', { class: `graph-mark ${j.class}`, points: `${cx},${cy - r - 1} ${cx + r + 1},${cy + r} ${cx - r - 1},${cy + r}`, 'data-number': j.number }, svg);
    }
  }
  svgEl('line', { class: 'graph-cursor', x1: x(position), y1: 0, x2: x(position), y2: H }, svg);
  svg.dataset.points = String(points.length - 1);
}

/** Black's chance of winning after a judged move: the graph reads the same for both sides. */
function blackChance(j) {
  const after = j.win_chance_after ?? j.win_chance ?? 0.5;
  return j.stone === 'black' ? after : 1 - after;
}

/** Says (or, with false, stops saying) that autoplay reached the end, on screen and aloud. */
function showEnded(ended) {
  $('replay-status').hidden = !ended;
  $('replay-status').textContent = ended ? t('replay.ended') : '';
  if (ended) announce(t('replay.ended'));
}

function goTo(n) {
  if (!replay) return;
  showEnded(false);
  clearWhy();
  position = Math.max(0, Math.min(replay.moves.length, n));
  renderReplay();
}

function stopAutoplay() {
  clearInterval(autoplay);
  autoplay = 0;
}

function toggleAutoplay() {
  if (autoplay) {
    stopAutoplay();
  } else {
    if (position >= replay.moves.length) position = 0;
    showEnded(false);
    autoplay = setInterval(() => {
      position = Math.min(position + 1, replay.moves.length);
      // It stops on the last move, and says so: the board alone does not tell.
      if (position >= replay.moves.length) {
        stopAutoplay();
        showEnded(true);
      }
      renderReplay();
    }, AUTOPLAY_MS);
  }
  renderReplay();
}

function nextMistake() {
  const next = judgements.find((j) => j && BAD.has(j.class) && j.number > position);
  if (next) goTo(next.number);
}

async function analyse() {
  if (!replay || analysing) return;
  analysing = true;
  judgements = [];
  const bar = $('replay-progress');
  bar.hidden = false;
  bar.value = 0;
  renderReplay();
  const id = replay.id;
  const onProgress = progressChannel((m) => {
    if (!analysing || replay?.id !== id) return;
    if (m.total) {
      bar.max = m.total;
      bar.value = m.done;
    }
    if (m.judgement) judgements[m.judgement.number - 1] = m.judgement;
    renderReplay();
  });
  try {
    const answer = await call('analyse_game', { id, onProgress });
    if (replay?.id === id && answer?.moves) {
      for (const j of answer.moves) judgements[j.number - 1] = j;
    }
    clearError();
  } catch (err) {
    if (err?.kind !== 'cancelled') showError(err);
  }
  analysing = false;
  bar.hidden = true;
  if (replay?.id === id) renderReplay();
}

async function cancelAnalysis() {
  if (!analysing) return;
  await attempt('stop_analysis');
}

$('replay-first').addEventListener('click', () => goTo(0));
$('replay-prev').addEventListener('click', () => goTo(position - 1));
$('replay-next').addEventListener('click', () => goTo(position + 1));
$('replay-last').addEventListener('click', () => goTo(replay.moves.length));
$('replay-play').addEventListener('click', toggleAutoplay);
$('replay-slider').addEventListener('input', (e) => goTo(Number(e.target.value)));
$('replay-analyse').addEventListener('click', analyse);
$('replay-cancel').addEventListener('click', cancelAnalysis);
$('replay-next-mistake').addEventListener('click', nextMistake);
$('replay-back').addEventListener('click', () => showScreen('review', { keepPage: true }));
$('replay-graph').addEventListener('click', (e) => {
  const box = e.currentTarget.getBoundingClientRect();
  goTo(Math.round(((e.clientX - box.left) / box.width) * replay.moves.length));
});
$('replay-why').addEventListener('click', explain);
$('replay-line-next').addEventListener('click', () => {
  if (!variation || variation.shown >= variation.line.length) return;
  variation.shown += 1;
  const p = variation.line[variation.shown - 1];
  announce(pointName(p.x, p.y, replay.size));
  renderReplay();
});
$('replay-line-exit').addEventListener('click', () => {
  clearWhy();
  renderReplay();
});

bindCoach('replay-coach', 'replay-coach-legend', () => {
  if (replay) refreshCoach(board, viewAt(position), replay.rule);
});

$('replay-edit').addEventListener('click', async () => {
  const { openEditor } = await import('./editor.js');
  const at = viewAt(position);
  await openEditor({
    size: replay.size,
    rule: replay.rule,
    toMove: at.to_move,
    stones: [...at.setup, ...at.stones],
    order: at.setup.length ? null : at.stones,
  });
});

$('replay-play-on').addEventListener('click', async () => {
  if (!(await confirmReplace(t('unsaved.playOn')))) return;
  const view = await attempt('play_from', { id: replay.id, moveCount: position });
  if (view) openPlayOn(view);
});

document.addEventListener('keydown', (e) => {
  if (currentScreen() !== 'replay' || !replay || document.querySelector('dialog[open]')) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest?.('input:not([type=range]), select, textarea')) return;
  const keys = {
    ArrowLeft: () => goTo(position - 1),
    ArrowRight: () => goTo(position + 1),
    Home: () => goTo(0),
    End: () => goTo(replay.moves.length),
    m: nextMistake,
    M: nextMistake,
  };
  const action = keys[e.key];
  if (action) {
    e.preventDefault();
    stopAutoplay();
    action();
  }
});

onSettings((s) => {
  board.setOptions({
    coordinates: s.coordinates,
    moveNumbers: s.move_numbers,
    lastMarker: s.last_move_marker,
    showForbidden: false,
  });
});

onLanguage(() => {
  renderList();
  if (!$('replay-status').hidden) $('replay-status').textContent = t('replay.ended');
  if (replay) {
    $('replay-moves').replaceChildren();
    renderReplay();
    board.relabel();
  }
});

registerScreen('replay', {
  enter() {
    $('replay-moves').replaceChildren();
    $('replay-progress').hidden = true;
    showEnded(false);
    renderReplay();
  },
  leave() {
    stopAutoplay();
    if (analysing) cancelAnalysis();
  },
});

