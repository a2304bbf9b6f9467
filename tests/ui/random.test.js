// A seeded random-input run against the real game service (`wuzi serve`)
// in Chromium: clicks and taps on board points (free, taken, out of turn),
// clicks on whatever button, link, select or input the screen shows (found
// in the DOM, so new screens are covered without changing this file), the
// app's keys and random ones, typing, and commands posted straight to the
// service as the page posts them (undo, new game, loads, imports of garbage
// text and files, profiles made and switched, malformed requests), many of
// them while the computer is thinking.
//
// After every action, once the page is settled (no command of its own on
// the way but the computer's search or a hint, and the DOM has caught up),
// the board drawn (stones, side to move, counts, lock) must equal the
// service's own `game_view`. The run fails on any page error, any console
// error that is not Chromium's line for a refused (4xx) request, any 5xx
// answer, an error the page shows that is the app's fault (`internal`,
// `ipc`, ...), or a panic of `wuzi serve`; at the end the service must
// still answer.
//
// Its seed is printed; to replay a run (the same choices, though the
// computer's timing may differ):
//   WUZI_RANDOM_SEED=1234 node --test --test-timeout=600000 --test-reporter=spec tests/ui/random.test.js
// A longer run (the count is split between the desktop and phone parts,
// which run side by side; each allows 400 ms an action, and two minutes at least):
//   WUZI_RANDOM_ACTIONS=10000 node --test --test-timeout=0 --test-reporter=spec tests/ui/random.test.js

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useUi, startBackend, openUi } from './support.js';

const SEED = process.env.WUZI_RANDOM_SEED
  ? Number(process.env.WUZI_RANDOM_SEED) >>> 0
  : (Math.random() * 2 ** 32) >>> 0;
const ACTIONS = Math.max(2, Number(process.env.WUZI_RANDOM_ACTIONS ?? 2000));
/** The run's actions, half at a desktop size with a mouse, half at a phone size with touch. */
const PARTS = [
  { viewport: 'desktop', actions: Math.ceil(ACTIONS / 2) },
  { viewport: 'phone', actions: Math.floor(ACTIONS / 2) },
];
/**
 * How long the page may take to agree with the service after an action:
 * a bound for a failure only, never a wait (a settled page agrees at once;
 * the computer's search, up to 5 s at Master, runs on meanwhile).
 */
const SETTLE_BOUND_MS = 15000;
/** Commands that run long on the page's behalf: the page is settled while they think. */
const LONG_COMMANDS = new Set(['ai_move', 'hint', 'analyse_game']);
/** Commands that only read: after any other sent behind the page's back, the page is told to redraw. */
const READS = new Set([
  'game_view', 'list_saves', 'has_autosave', 'export_game', 'list_replays', 'load_replay',
  'app_info', 'list_profiles', 'get_settings', 'get_stats',
]);
/**
 * Error kinds that are the app's own fault, never a refusal the player
 * should see ("The game engine ran into a problem" and the like).
 */
const FAULT_KINDS = new Set(['internal', 'io', 'ipc', 'no_backend', 'unknown', 'unknown_command']);
/** Chromium's console line for an answer with an error status: a 4xx is a refusal by protocol. */
const REFUSAL_LINE = /^Failed to load resource: the server responded with a status of 4\d\d/;

const ui = useUi();

/** mulberry32: small, fast and the same on every machine for one seed. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const rng = {
    next,
    int: (n) => Math.floor(next() * n),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    /** A key of `weights` ({ name: weight }) drawn by weight. */
    weighted(weights) {
      const entries = Object.entries(weights).filter(([, w]) => w > 0);
      let r = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [name, w] of entries) {
        r -= w;
        if (r < 0) return name;
      }
      return entries.at(-1)[0];
    },
    text(length, alphabet = 'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789-_.,;:()[]{}<>/\\\'"!?#%&*+=~`|@$^五子棋黑白\u00e9\u0000\t\n') {
      let s = '';
      for (let i = 0; i < length; i++) s += alphabet[Math.floor(next() * alphabet.length)];
      return s;
    },
  };
  return rng;
}

/** Texts an import must refuse cleanly: broken records of every format the service reads. */
function garbageRecord(rng) {
  const n = () => rng.int(30) - 5;
  return rng.pick([
    () => rng.text(1 + rng.int(200)),
    () => `(;GM[4]FF[4]SZ[${rng.pick([0, 1, 4, 15, 23, 99, -3, 'x'])}];B[${rng.text(2)}];W[hh]`,
    () => `(;GM[4]FF[4]SZ[15]${';B[hh];W[hh]'.repeat(1 + rng.int(3))})`,
    () => `(;GM[1]FF[4]SZ[19];B[pd];W[dd])`,
    () => `(;GM[4]${rng.text(rng.int(40), '[]();\\BW')}`,
    () => `[${n()}x${n()}]\n${Array.from({ length: 1 + rng.int(6) }, () => `${n()},${n()},${rng.int(2000)}`).join('\n')}\n-1`,
    () => `[15x15] ${rng.text(30, '0123456789,\n ')}`,
    () => Array.from({ length: 1 + rng.int(12) }, () => `${rng.text(1, 'abcdefghijklmnopqrstuvwxyz')}${n()}`).join(''),
    () => 'h8h8',
    () => 'h8i9j10'.repeat(1 + rng.int(4)),
    () => JSON.stringify({ format: 'wuzi-game', version: rng.pick([0, 1, 2, 99, -1, 'x']), moves: [{ x: n(), y: n() }] }),
    () => JSON.stringify({ format: 'wuzi-game', version: 1, size: rng.pick([0, 5, 15, 23, 1e9]), rule: rng.pick(['renju', 'nope', 7]), moves: rng.text(5) }),
    () => '{'.repeat(1 + rng.int(2000)),
    () => `${'['.repeat(3000)}${']'.repeat(3000)}`,
    () => rng.text(1 + rng.int(20), '\u0000\u0001\u0002\u001b\ufffd\ud800'),
  ])();
}

/** Records an import should take: a move string now and then, so imports also succeed. */
function goodRecord(rng) {
  return rng.pick(['h8i9j10', 'h8h9i8i9', 'a1b2c3d4', 'h8 i9 j10 k11', 'h8i8h9i9h10']);
}

/** A file for the stand-in Open dialog: garbage text, binary, too large, empty or a real record. */
function garbageFile(rng) {
  return rng.pick([
    () => ({ name: `junk-${rng.int(1e6)}.psq`, data: garbageRecord(rng) }),
    () => ({ name: `bytes-${rng.int(1e6)}.sgf`, data: Buffer.from(Array.from({ length: 1 + rng.int(4000) }, () => rng.int(256))) }),
    () => ({ name: `big-${rng.int(1e6)}.txt`, data: Buffer.alloc(1024 * 1024 + 1 + rng.int(1000), 'h8') }),
    () => ({ name: `empty-${rng.int(1e6)}.json`, data: '' }),
    () => ({ name: `game-${rng.int(1e6)}.txt`, data: goodRecord(rng) }),
    () => ({ name: `latin1-${rng.int(1e6)}.psq`, data: Buffer.from([0xff, 0xfe, 0x68, 0x38, 0xe9, 0x00]) }),
  ])();
}

/** A game config as the new-game screen or a caller might send it, sometimes out of range. */
function randomConfig(rng, { computerFirst = false } = {}) {
  const rule = rng.pick(['freestyle', 'freestyle', 'standard', 'renju']);
  const config = {
    mode: rng.pick(['human_ai', 'human_ai', 'human_human', 'ai_ai']),
    size: rule === 'renju' ? 15 : rng.pick([15, 15, 17, 19, 9, 22]),
    rule,
    humanStone: computerFirst ? 'white' : rng.pick(['black', 'white']),
    // Mostly the quick levels: a search keeps a core busy for its whole time.
    blackLevel: rng.pick(['beginner', 'easy', 'easy', 'normal', 'normal', 'hard']),
    whiteLevel: rng.pick(['beginner', 'easy', 'easy', 'normal', 'normal', 'hard']),
    timeControl: rng.pick([{ kind: 'none' }, { kind: 'none' }, { kind: 'per_move', move_ms: 15000 }, { kind: 'sudden_death', main_ms: 300000 }]),
  };
  if (computerFirst) config.mode = 'human_ai';
  if (rng.chance(0.08)) config.size = rng.pick([0, 4, 23, 1e6, -1, '15']);
  if (rng.chance(0.05)) config.rule = 'renju';
  if (rng.chance(0.05)) config.whiteLevel = 'grandmaster';
  if (rng.chance(0.05)) config.first = 'white';
  if (rng.chance(0.04)) config.timeControl = { kind: 'per_move', move_ms: rng.pick([1, 10, 1e12]) };
  return config;
}

/** What the page shows, read in one go (runs in the page). */
function readPage() {
  const screen = document.body.dataset.screen ?? null;
  const message = document.getElementById('message');
  const out = {
    screen,
    dialog: document.querySelector('dialog[open]')?.id ?? null,
    messageKind: message.hidden ? null : (message.dataset.kind ?? null),
    message: message.hidden ? '' : message.textContent,
  };
  if (screen !== 'game') return out;
  const board = document.getElementById('board');
  const text = (id) => document.getElementById(id).textContent;
  return {
    ...out,
    size: Number(board.dataset.size),
    hits: board.querySelectorAll('.hit').length,
    stones: [...board.querySelectorAll('.stone')]
      .map((s) => `${s.dataset.x},${s.dataset.y},${s.dataset.stone},${s.dataset.number}`).sort(),
    turn: document.getElementById('turn-stone').className,
    moves: text('count-moves'),
    black: text('count-black'),
    white: text('count-white'),
    locked: board.classList.contains('locked'),
    thinking: document.querySelector('#screen-game .panel').classList.contains('is-thinking'),
  };
}

/** Resolves at the page's next animation frame. Runs in the page. */
function nextFrame() {
  return new Promise((done) => requestAnimationFrame(() => done('frame')));
}

/** Where the page and the service's view disagree; empty when the board matches. */
function differences(view, shown) {
  const diff = [];
  // A game from a set-up position draws its set-up stones too (number 0).
  const want = [...(view.setup ?? []), ...view.stones].map((s) => `${s.x},${s.y},${s.stone},${s.number}`).sort();
  if (shown.size !== view.size) diff.push(`size ${shown.size}, service ${view.size}`);
  if (shown.hits !== view.size * view.size) diff.push(`${shown.hits} points, service ${view.size}x${view.size}`);
  if (JSON.stringify(shown.stones) !== JSON.stringify(want)) {
    diff.push(`stones ${JSON.stringify(shown.stones)}, service ${JSON.stringify(want)}`);
  }
  // In an opening's decision, offer count or pick, the turn shows who acts,
  // not the colour of the next stone (white picks among black's offers).
  const step = view.opening?.step;
  const acting = step && !['place', 'done'].includes(step.kind) ? step.actor : view.to_move;
  const turn = `turn-stone ${view.outcome ? (view.outcome.winner ?? 'none') : acting}`;
  if (shown.turn !== turn) diff.push(`"${shown.turn}", service "${turn}"`);
  if (shown.moves !== String(view.stones.length)) diff.push(`move count ${shown.moves}, service ${view.stones.length}`);
  if (shown.black !== String(view.black_count)) diff.push(`black count ${shown.black}, service ${view.black_count}`);
  if (shown.white !== String(view.white_count)) diff.push(`white count ${shown.white}, service ${view.white_count}`);
  const locked = shown.thinking || !!view.outcome || view.ai_to_move;
  if (shown.locked !== locked) diff.push(`board ${shown.locked ? 'locked' : 'open'}, should be ${locked ? 'locked' : 'open'}`);
  // Against the computer, its turn must be taken: a page that is not
  // thinking then has left the board locked for good.
  if (view.ai_to_move && !view.outcome && view.mode !== 'ai_ai' && !shown.thinking) diff.push('the computer is to move but the page is not thinking');
  return diff;
}

/**
 * Watches the page for changes that matter to the comparison (the board,
 * the turn, the counts, screens, dialogs, the message) and calls the
 * binding `wuziChanged` once a frame at most; the running clocks are left
 * out, or every tick would count. Also makes an unhandled rejection a
 * console error, so it fails the run however Chromium reports it.
 */
function watchPage() {
  if (window.__wuziWatching) return;
  window.__wuziWatching = true;
  window.addEventListener('unhandledrejection', (e) => {
    let reason;
    try {
      reason = JSON.stringify(e.reason) ?? String(e.reason);
    } catch {
      reason = String(e.reason);
    }
    console.error(`unhandled rejection: ${e.reason?.stack ?? reason}`);
  });
  let queued = false;
  const tell = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      window.wuziChanged?.();
    });
  };
  const start = () => new MutationObserver((records) => {
    if (records.some((r) => !r.target.closest?.('.clock, #ai-depth, #ai-pv')
      && !r.target.parentElement?.closest('.clock, #ai-depth, #ai-pv'))) tell();
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
}

/**
 * Picks one of the enabled controls a person could use now (inside the open
 * dialog if there is one: the rest of the page is inert), scrolls it into
 * view, and says what and where it is. `r` picks the control and `s` what
 * to do with it (a select's option, a range's value). Runs in the page.
 */
function pickControl({ r, s, slow }) {
  const root = document.querySelector('dialog[open]') ?? document;
  const controls = [...root.querySelectorAll('button, a[href], select, input, textarea, summary, [role="button"]:not(.hit), [tabindex="0"]:not(.hit)')]
    .filter((el) => !el.disabled && el.checkVisibility?.({ checkVisibilityCSS: true }) !== false
      && el.getClientRects().length > 0 && !el.closest('[inert], [hidden]'));
  if (!controls.length) return null;
  const el = controls[Math.floor(r * controls.length)];
  el.scrollIntoView({ block: 'center', inline: 'center' });
  const box = el.getBoundingClientRect();
  const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.type ? `[${el.type}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
  const out = { name, x: box.x + box.width / 2, y: box.y + box.height / 2, kind: 'click' };
  if (el.tagName === 'SELECT') {
    // As Playwright's selectOption does it: the value, then input and change.
    // The slow levels (a search of 2 or 5 s, a core busy all the while) less often.
    const quick = (o) => !['hard', 'master'].includes(o.value);
    const all = [...el.options].filter((o) => !o.disabled);
    const options = slow || !all.some(quick) ? all : all.filter(quick);
    if (!options.length) return null;
    const option = options[Math.floor(s * options.length)];
    el.focus();
    el.value = option.value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return { ...out, kind: 'select', value: option.value };
  }
  if (el.tagName === 'INPUT' && el.type === 'range') {
    const min = Number(el.min || 0);
    const max = Number(el.max || 100);
    el.focus();
    el.value = String(Math.round(min + s * (max - min)));
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return { ...out, kind: 'range', value: el.value };
  }
  if ((el.tagName === 'INPUT' && !['checkbox', 'radio', 'submit', 'button'].includes(el.type)) || el.tagName === 'TEXTAREA') {
    return { ...out, kind: 'text' };
  }
  return out;
}

/** The centre of board point (x, y) in the window, or null when off screen. Runs in the page. */
function pointCentre({ x, y }) {
  const hit = document.querySelector(`#board .hit[data-x="${x}"][data-y="${y}"]`);
  if (!hit) return null;
  const box = hit.getBoundingClientRect();
  if (!box.width) return null;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Redraws the game screen from the service, as the page does on its own when it learns of a change. */
async function redraw() {
  const { refresh } = await import('/js/game.js');
  await refresh();
}

/** Puts `config`'s new game on the board through the page's own door and shows it. */
async function startInPage(config) {
  const { call } = await import('/js/ipc.js');
  const { openGame } = await import('/js/game.js');
  try {
    await openGame(await call('new_game', { config }));
  } catch (err) {
    return err;
  }
  return null;
}

/** One random run of `count` actions at `viewport` on a fresh data folder. */
async function randomRun(browser, viewport, count, seed) {
  const rng = generator(seed);
  const backend = await startBackend();
  const stats = {
    actions: {},
    boardChecks: 0,
    otherScreenChecks: 0,
    whileThinking: 0,
    refusals: 0,
    pageErrors: [],
    consoleErrors: [],
    serverErrors: [],
    panics: 0,
  };
  const trail = [];
  const passwords = new Map();
  const exported = [];
  let context;
  try {
    const opened = await openUi(browser, backend, { viewport });
    context = opened.context;
    const { page } = opened;

    // Every change the page makes or receives wakes the settle loop.
    let waiters = [];
    const bump = () => {
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    };
    const nextChange = () => new Promise((wake) => waiters.push(wake));
    await page.exposeBinding('wuziChanged', bump);
    await page.addInitScript(watchPage);
    await page.evaluate(watchPage);

    const inflight = new Map();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'POST' && pathname.startsWith('/ipc/')) inflight.set(request, decodeURIComponent(pathname.slice(5)));
    });
    /** The page's last answers, each with its error's kind (a streamed one's too), for a failure's report. */
    const answers = [];
    const noteAnswer = async (request, cmd) => {
      let said = 'failed';
      try {
        const response = await request.response();
        if (response) {
          said = String(response.status());
          // Only a refusal or a stream can carry an error: other bodies are not read.
          const streams = /text\/event-stream/.test(response.headers()['content-type'] ?? '');
          if (response.status() >= 400 || streams) {
            const text = await response.text();
            const error = streams ? text.match(/^event: error\r?\ndata: (.*)$/m)?.[1] : text;
            if (error) said += ` ${JSON.parse(error).kind}`;
          }
        }
      } catch {
        // The page went away first: the status is what is known.
      }
      answers.push(`${cmd} → ${said}`);
      if (answers.length > 50) answers.splice(0, 25);
    };
    const finished = (request) => {
      const cmd = inflight.get(request);
      if (inflight.delete(request)) {
        noteAnswer(request, cmd);
        bump();
      }
    };
    page.on('requestfinished', finished);
    page.on('requestfailed', finished);
    page.on('response', (response) => {
      if (response.status() >= 500) stats.serverErrors.push(`page: ${response.status()} ${response.url()}`);
    });
    page.on('pageerror', (err) => stats.pageErrors.push(String(err?.stack ?? err)));
    page.on('crash', () => stats.pageErrors.push('the page crashed'));
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      if (REFUSAL_LINE.test(msg.text())) stats.refusals += 1;
      else stats.consoleErrors.push(msg.text());
    });
    page.on('load', bump);
    const pageBusy = () => [...inflight.values()].some((cmd) => !LONG_COMMANDS.has(cmd));
    const thinking = () => [...inflight.values()].includes('ai_move');

    /** A command posted as the page posts it; any 5xx, or an error without its kind, is a failure. */
    async function post(command, args = {}, { raw = false } = {}) {
      const response = await fetch(new URL(`/ipc/${command}`, backend.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-wuzi-token': backend.token },
        body: raw ? args : JSON.stringify(args),
      });
      const text = await response.text();
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (response.status >= 500) stats.serverErrors.push(`${command}: ${response.status} ${text.slice(0, 300)}`);
      else if (!response.ok && typeof body?.kind !== 'string') stats.serverErrors.push(`${command}: ${response.status} without a kind: ${text.slice(0, 300)}`);
      return { ok: response.ok, status: response.status, body };
    }

    /** The page's evaluate, where a reload meanwhile (a random action may make one) is no failure. */
    async function inPage(fn, arg) {
      try {
        return await page.evaluate(fn, arg);
      } catch (err) {
        if (/Execution context was destroyed|navigation|Target closed/i.test(String(err))) return undefined;
        throw err;
      }
    }

    let shown = null;
    /** The service's view at the last check. */
    let lastView = null;
    /** A command changed the service behind the page's back while the game screen was not showing. */
    let behindBack = false;
    /**
     * Waits until the page has no command of its own on the way (the
     * computer's search and hints may run on) and the game screen, if it
     * shows, draws what the service has; then counts one check. Woken by
     * the page's requests and DOM changes; the bound only ends a wait that
     * would never end.
     */
    async function settle() {
      const bound = Date.now() + SETTLE_BOUND_MS;
      let problem = '';
      for (;;) {
        const change = nextChange();
        if (!pageBusy()) {
          // Both at once: a snapshot from two moments that differ is retried.
          const [answer, read] = await Promise.all([post('game_view'), inPage(readPage)]);
          const view = answer.body;
          lastView = view;
          shown = read;
          if (shown) {
            if (FAULT_KINDS.has(shown.messageKind)) {
              throw new Error(`the page shows an error that is the app's fault: ${shown.messageKind}: ${shown.message}`);
            }
            if (shown.screen !== 'game') {
              // The end of a game is told on the game screen, not over another one.
              if (shown.dialog !== 'dialog-game-over') {
                stats.otherScreenChecks += 1;
                return;
              }
              problem = `the game-over dialog is open on the ${shown.screen} screen`;
            }
            if (shown.screen === 'game' && behindBack && shown.dialog !== 'dialog-play-on') {
              behindBack = false;
              await inPage(redraw);
              continue;
            }
            const diff = shown.screen === 'game' ? differences(view, shown) : [problem];
            if (!diff.length) {
              stats.boardChecks += 1;
              return;
            }
            problem = `${diff.join('; ')} (service generation ${view.generation}, mode ${view.mode}, ai_to_move ${view.ai_to_move}, page dialog ${shown.dialog}`
              + `, page message ${shown.messageKind ? `${shown.messageKind}: ${shown.message}` : 'none'})`;
          }
        } else {
          problem = `the page's commands never finished: ${[...inflight.values()].join(', ')}`;
        }
        const left = bound - Date.now();
        if (left <= 0) throw new Error(`not settled after ${SETTLE_BOUND_MS} ms: ${problem}`);
        // A command that never answers, or a board the page never mends,
        // changes nothing: the page's next frame wakes the check as well,
        // so the bound is seen and the hang told with where it was.
        const woke = await Promise.race([change.then(() => 'change'), inPage(nextFrame)]);
        if (woke === undefined) await change;
      }
    }

    const onGame = () => shown?.screen === 'game';
    const boardSize = () => shown?.size || 15;

    // ------------------------------------------------------------ actions

    /** A click or tap on a board point: free, taken, or anywhere. */
    async function boardPoint() {
      if (!onGame()) return 'board (not shown)';
      // The view of the last check: the page agreed with it then.
      const view = lastView;
      if (!view) return 'board (no view yet)';
      const size = view.size;
      let target;
      const free = [];
      for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) free.push({ x, y });
      const taken = new Set(view.stones.map((s) => `${s.x},${s.y}`));
      const empty = free.filter((p) => !taken.has(`${p.x},${p.y}`));
      if (view.stones.length && rng.chance(0.25)) target = rng.pick(view.stones);
      else if (empty.length && rng.chance(0.8)) {
        // Near the stones, where games are played, most of the time.
        const near = empty.filter((p) => view.stones.some((s) => Math.abs(s.x - p.x) <= 2 && Math.abs(s.y - p.y) <= 2));
        target = near.length && rng.chance(0.7) ? rng.pick(near) : rng.pick(empty);
      } else target = rng.pick(free);
      const at = await inPage(pointCentre, { x: target.x, y: target.y });
      if (!at) return 'board (off screen)';
      if (page.touch) {
        await page.touchscreen.tap(at.x, at.y);
        // The second tap of "tap to preview, tap to confirm", most times.
        if (rng.chance(0.75)) await page.touchscreen.tap(at.x, at.y);
        return 'tap point';
      }
      await page.mouse.click(at.x, at.y);
      return 'click point';
    }

    /** A click (or tap) on any enabled control the screen shows, or a choice in a select. */
    async function control() {
      const picked = await inPage(pickControl, { r: rng.next(), s: rng.next(), slow: rng.chance(0.2) });
      if (!picked) return 'control (none)';
      if (picked.kind === 'select' || picked.kind === 'range') return `${picked.kind} ${picked.name}=${picked.value}`;
      if (page.touch) await page.touchscreen.tap(picked.x, picked.y);
      else await page.mouse.click(picked.x, picked.y);
      if (picked.kind === 'text') {
        await page.keyboard.insertText(rng.chance(0.3) ? garbageRecord(rng) : rng.text(rng.int(24)));
        if (rng.chance(0.5)) await page.keyboard.press('Enter');
        return `type ${picked.name}`;
      }
      return `${page.touch ? 'tap' : 'click'} ${picked.name}`;
    }

    /** A key: the app's shortcuts, dialog keys, arrows, or any letter. */
    async function key() {
      const k = rng.pick([
        'Control+z', 'Control+z', 'Control+y', 'Control+Shift+Z', 'n', 'N', 'Escape', 'Escape', 'Enter', 'Enter', ' ',
        'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'm', 'Tab', 'Shift+Tab', 'Backspace',
        'Delete', 'PageDown', rng.text(1, 'abcdefghijklmnopqrstuvwxyz0123456789'),
      ]);
      await page.keyboard.press(k);
      return `key ${k}`;
    }

    /** Writes a file for the stand-in Open dialog (or cancels it), then opens it from the page or directly. */
    async function openFile() {
      const cancel = join(backend.dialogDir, '.cancel');
      if (rng.chance(0.15)) await writeFile(cancel, '');
      else await rm(cancel, { force: true });
      const file = garbageFile(rng);
      await writeFile(join(backend.dialogDir, file.name), file.data);
      if (shown?.screen === 'load' && rng.chance(0.6)) {
        const at = await inPage(() => {
          const b = document.querySelector('dialog[open]') ? null : document.getElementById('import-open');
          if (!b || b.hidden) return null;
          b.scrollIntoView({ block: 'center' });
          const r = b.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        });
        if (at) {
          if (page.touch) await page.touchscreen.tap(at.x, at.y);
          else await page.mouse.click(at.x, at.y);
          return `open file ${file.name} from the page`;
        }
      }
      const { status } = await post('import_from_file');
      await afterDirect('import_from_file');
      return `import_from_file ${file.name} → ${status}`;
    }

    /** A profile made, opened (with the right, a wrong or no password), renamed or deleted behind the page's back. */
    async function profile() {
      const list = (await post('list_profiles')).body;
      const profiles = list?.profiles ?? [];
      const what = rng.weighted({ create: 3, open: 6, rename: 1, delete: profiles.length > 2 ? 1 : 0, password: 1 });
      let answer;
      if (what === 'create') {
        const name = rng.chance(0.15) ? rng.pick(['', ' ', 'a/b', '..', 'x'.repeat(200), profiles[0]?.name ?? 'Player']) : `R${rng.int(1e6)}`;
        const password = rng.chance(0.3) ? rng.text(1 + rng.int(8)) : undefined;
        answer = await post('create_profile', password ? { name, password } : { name });
        if (answer.ok && password) {
          const made = answer.body.profiles.find((p) => p.name === name);
          if (made) passwords.set(made.id, password);
        }
      } else if (what === 'open') {
        const p = rng.chance(0.9) && profiles.length ? rng.pick(profiles) : { id: rng.text(8), has_password: false };
        const args = { id: p.id };
        if (p.has_password) {
          const known = passwords.get(p.id);
          if (known && rng.chance(0.7)) args.password = known;
          else if (rng.chance(0.5)) args.password = rng.text(4);
        }
        answer = await post('open_profile', args);
      } else if (what === 'rename' && profiles.length) {
        answer = await post('rename_profile', { id: rng.pick(profiles).id, name: rng.chance(0.8) ? `N${rng.int(1e6)}` : rng.text(rng.int(50)) });
      } else if (what === 'delete') {
        answer = await post('delete_profile', { id: rng.pick(profiles).id });
      } else if (profiles.length) {
        const p = rng.pick(profiles);
        const next = rng.chance(0.5) ? rng.text(1 + rng.int(6)) : null;
        answer = await post('set_password', { id: p.id, old: passwords.get(p.id), new: next });
        if (answer.ok) {
          if (next) passwords.set(p.id, next);
          else passwords.delete(p.id);
        }
      }
      await afterDirect(`${what}_profile`);
      return `profile ${what} → ${answer?.status ?? '-'}`;
    }

    /** A save's name, mostly one that exists. */
    async function saveName() {
      const saves = (await post('list_saves')).body;
      if (Array.isArray(saves) && saves.length && rng.chance(0.7)) return rng.pick(saves).name;
      return rng.chance(0.7) ? `S${rng.int(40)}` : rng.pick(['', '../x', 'a/b', 'autosave', 'x'.repeat(300), rng.text(10)]);
    }

    /** A command straight to the service, the way the page sends it, with sound or broken arguments. */
    async function direct() {
      const size = boardSize();
      const p = () => ({ x: rng.int(size + 2) - 1, y: rng.int(size + 2) - 1 });
      const command = rng.weighted({
        undo: 6, redo: 3, new_game: 5, play: 6, restart: 2, resign: 1, load_save: 4, save_game: 3,
        delete_save: 1, import_game: 6, export_game: 1, export_to_file: 1, continue_game: 2, set_player: 3,
        ai_move: 2, hint: 1, check_clock: 1, set_settings: 2, replay: 2, analyse: 0.5, garbage: 4, game_view: 1,
      });
      let answer;
      switch (command) {
        case 'new_game':
          answer = await post('new_game', { config: randomConfig(rng) });
          break;
        case 'play':
          answer = await post('play', rng.chance(0.1) ? { x: rng.pick(['a', null, -1, 1e9, 1.5]), y: 3 } : p());
          break;
        case 'load_save':
          answer = await post('load_save', { name: await saveName() });
          break;
        case 'save_game':
          answer = await post('save_game', { name: await saveName(), overwrite: rng.chance(0.5) });
          break;
        case 'delete_save':
          answer = await post('delete_save', { name: await saveName() });
          break;
        case 'import_game': {
          const text = rng.chance(0.2) && exported.length ? rng.pick(exported) : rng.chance(0.25) ? goodRecord(rng) : garbageRecord(rng);
          answer = await post('import_game', { text });
          break;
        }
        case 'export_game':
          answer = await post('export_game', { format: rng.pick(['psq', 'sgf', 'moves', 'json', 'pdf']) });
          if (answer.ok) exported.push(answer.body.text);
          if (exported.length > 20) exported.shift();
          break;
        case 'export_to_file':
          answer = await post('export_to_file', { format: rng.pick(['psq', 'sgf', 'moves', 'json', 'xml']) });
          break;
        case 'set_player':
          answer = await post('set_player', {
            stone: rng.pick(['black', 'white', 'red']),
            player: rng.chance(0.4) ? { kind: 'human' } : { kind: 'ai', level: rng.pick(['beginner', 'easy', 'normal', 'hard', 'genius']) },
          });
          break;
        case 'ai_move': {
          // Played now: a second search beside the page's own, stopped at once.
          const move = post('ai_move');
          await post('stop_ai');
          answer = await move;
          break;
        }
        case 'hint': {
          const hint = post('hint');
          await post('stop_hint');
          answer = await hint;
          break;
        }
        case 'set_settings': {
          const settings = (await post('get_settings')).body ?? {};
          const key = rng.pick(['board_size', 'rule', 'ai_level', 'tap_mode', 'theme', 'volume', 'time_control', 'move_numbers', 'coordinates']);
          const value = rng.pick([
            settings[key], 15, 19, 99, -1, 'renju', 'standard', 'master', 'beginner', 'direct', 'confirm', 'dark',
            true, null, { kind: 'per_move', move_ms: 15000 }, { kind: 'fischer', main_ms: 1, increment_ms: 1e9 }, rng.text(5),
          ]);
          answer = await post('set_settings', { settings: { ...settings, [key]: value } });
          break;
        }
        case 'replay': {
          const list = (await post('list_replays', { filter: {}, page: 0, pageSize: 20 })).body;
          const item = list?.items?.length ? rng.pick(list.items) : null;
          const id = item && rng.chance(0.85) ? item.id : rng.text(6);
          answer = rng.chance(0.5)
            ? await post('load_replay', { id })
            : await post('play_from', { id, moveCount: rng.int((item?.move_count ?? 3) + 3) - 1 });
          break;
        }
        case 'analyse': {
          const list = (await post('list_replays', { filter: {}, page: 0, pageSize: 5 })).body;
          const id = list?.items?.[0]?.id ?? 'none';
          const analysis = post('analyse_game', { id });
          await post('stop_analysis');
          answer = await analysis;
          break;
        }
        case 'garbage':
          answer = await rng.pick([
            () => post(rng.pick(['undo', 'play', 'new_game', 'import_game', 'open_profile', 'load_save']), rng.pick(['{', '[1,2', 'nul', '"', '{"x":}', '\u0000', '{}}']), { raw: true }),
            () => post(rng.pick(['nope', 'Undo', '..%2Fgame_view', '%00', 'play%20', encodeURIComponent('五子')])),
            () => post(rng.pick(['play', 'new_game', 'import_game', 'load_save', 'set_settings', 'open_profile', 'save_game', 'set_player']), rng.pick([null, [], 7, 'x', { config: 5 }, { text: 12 }, { name: {} }, { settings: [] }, { x: {}, y: [] }])),
            () => post('import_game', { text: 'h8'.repeat(50000 + rng.int(1000)) }),
          ])();
          break;
        default:
          answer = await post(command);
      }
      await afterDirect(command);
      return `${command} → ${answer.status}${answer.ok ? '' : ` ${answer.body?.kind}`}`;
    }

    /**
     * The service changed behind the page's back: a game screen showing is
     * told to redraw, as the page would be by any event telling it so.
     * (A search the page is running sees the change by itself: its answer
     * is stale or older than the view.) Elsewhere the page may hold a view
     * from before (in "Who plays on?") and show it later: the game screen
     * is told to redraw when it next shows.
     */
    async function afterDirect(command) {
      if (READS.has(command)) return;
      const redrawn = await inPage(async () => {
        const game = document.body.dataset.screen === 'game';
        if (game) {
          const { refresh } = await import('/js/game.js');
          await refresh();
        }
        // "Who plays on?" holds the view it was opened with, to show on closing.
        return game && !document.querySelector('dialog[open]');
      });
      if (redrawn === false) behindBack = true;
    }

    /**
     * A game against the computer, started from the new-game screen or the
     * page's own door, mostly with the computer to move first; the next
     * action then comes while it thinks.
     */
    async function computerGame() {
      const computerFirst = rng.chance(0.7);
      // Long enough a search for the next action to come while it runs.
      const level = rng.pick(['normal', 'normal', 'normal', 'hard']);
      if (rng.chance(0.5) && !(await inPage(() => !!document.querySelector('dialog[open]')))) {
        const go = async (selector) => {
          const at = await inPage((sel) => {
            const el = document.querySelector(sel);
            if (!el || !el.checkVisibility() || el.disabled) return null;
            el.scrollIntoView({ block: 'center' });
            const r = el.getBoundingClientRect();
            return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
          }, selector);
          if (!at) return false;
          if (page.touch) await page.touchscreen.tap(at.x, at.y);
          else await page.mouse.click(at.x, at.y);
          return true;
        };
        const screen = await inPage(() => document.body.dataset.screen);
        if (screen !== 'new-game') {
          if (screen === 'game') await go('#game-new');
          else if (screen !== 'home') await go('#nav-home');
          await go('#new-game');
        }
        const ready = await inPage(() => document.body.dataset.screen === 'new-game');
        if (ready) {
          await go('#new-game-mode input[value="human_ai"]');
          await go(`#new-game-colour input[value="${computerFirst ? 'white' : 'black'}"]`);
          await inPage((value) => {
            const select = document.getElementById('new-game-level');
            select.value = value;
            select.dispatchEvent(new Event('change', { bubbles: true }));
          }, level);
          await go('#new-game-start');
          // The question before an unsaved game is replaced: mostly Discard.
          const asked = await page.locator('#dialog-unsaved').isVisible();
          if (asked) await go(rng.chance(0.8) ? '#unsaved-discard' : '#unsaved-cancel');
          return `computer game from the page (${level}, ${computerFirst ? 'computer first' : 'player first'})`;
        }
      }
      await escapeDialogs();
      const err = await inPage(startInPage, {
        mode: 'human_ai', humanStone: computerFirst ? 'white' : 'black', blackLevel: level, whiteLevel: level,
        size: 15, rule: rng.pick(['freestyle', 'renju']), timeControl: { kind: 'none' },
      });
      return `computer game by command (${level}) ${err ? `refused: ${err.kind}` : ''}`;
    }

    /** Something that disturbs a computer in the middle of its search. */
    async function whileThinking() {
      const what = rng.weighted({ undo: 3, new_game: 2, load: 2, import: 2, profile: 2, stop: 1, ui: 3, board: 2, key: 1, file: 1, setPlayer: 1 });
      switch (what) {
        case 'undo': {
          const { status } = await post('undo');
          await afterDirect('undo');
          return `undo → ${status}`;
        }
        case 'new_game': {
          const { status } = await post('new_game', { config: randomConfig(rng, { computerFirst: rng.chance(0.5) }) });
          await afterDirect('new_game');
          return `new_game → ${status}`;
        }
        case 'load': {
          const { status } = await post('load_save', { name: await saveName() });
          await afterDirect('load_save');
          return `load_save → ${status}`;
        }
        case 'import': {
          const { status } = await post('import_game', { text: rng.chance(0.7) ? garbageRecord(rng) : goodRecord(rng) });
          await afterDirect('import_game');
          return `import_game → ${status}`;
        }
        case 'setPlayer': {
          const { status } = await post('set_player', { stone: rng.pick(['black', 'white']), player: rng.chance(0.5) ? { kind: 'human' } : { kind: 'ai', level: 'beginner' } });
          await afterDirect('set_player');
          return `set_player → ${status}`;
        }
        case 'stop': {
          const { status } = await post('stop_ai');
          return `stop_ai → ${status}`;
        }
        case 'profile': return profile();
        case 'board': return boardPoint();
        case 'key': return key();
        case 'file': return openFile();
        default: return control();
      }
    }

    /**
     * Two to five clicks, taps or keys in a row without waiting for the page
     * in between, often on the same control: a double click on Start or
     * Undo, a tap while the last one is still on its way.
     */
    async function burst() {
      const done = [];
      const again = rng.chance(0.5) ? await inPage(pickControl, { r: rng.next(), s: rng.next(), slow: rng.chance(0.2) }) : null;
      for (let n = 2 + rng.int(4); n > 0; n--) {
        if (again && again.kind === 'click') {
          if (page.touch) await page.touchscreen.tap(again.x, again.y);
          else await page.mouse.click(again.x, again.y);
          done.push(`${page.touch ? 'tap' : 'click'} ${again.name}`);
        } else {
          const what = rng.weighted({ board: onGame() ? 3 : 0, control: 2, key: 1 });
          done.push(what === 'board' ? await boardPoint() : what === 'control' ? await control() : await key());
        }
      }
      return `burst: ${done.join(', ')}`;
    }

    /**
     * The computer has a five to make; the player leaves the game screen
     * the moment its search starts (leaving makes it play at once), by a
     * button of the game screen or its key. Its winning answer then comes
     * in on another screen, where no game-over dialog may open (settle
     * checks it).
     */
    async function leaveWhileWinning() {
      const row = 2 + rng.int(11);
      const col = 2 + rng.int(8);
      const name = (x, y) => `${String.fromCharCode(97 + x)}${15 - y}`;
      // Black down the left edge, white's four across the board.
      const moves = [0, 1, 2, 3].map((i) => `${name(0, 14 - 2 * i)}${name(col + i, row)}`).join('') + name(0, 6);
      const level = rng.pick(['easy', 'normal', 'hard']);
      const route = rng.pick(['nav-home', 'game-new', 'nav-profile', 'n']);
      await escapeDialogs();
      const err = await inPage(async ({ text, level, route }) => {
        const { call } = await import('/js/ipc.js');
        const { openGame } = await import('/js/game.js');
        try {
          await call('import_game', { text });
          await openGame(await call('set_player', { stone: 'white', player: { kind: 'ai', level } }));
        } catch (e) {
          return e;
        }
        if (route === 'n') document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true }));
        else document.getElementById(route).click();
        return null;
      }, { text: moves, level, route });
      return `leave by ${route} while ${level} makes five (${moves})${err ? ` refused: ${err.kind}` : ''}`;
    }

    /**
     * Closes the open dialogs with Escape, as a person would before
     * starting something else: the page's own door is used next, and a
     * dialog left open would hold a view from before it.
     */
    async function escapeDialogs() {
      for (let n = 0; n < 4 && (await inPage(() => !!document.querySelector('dialog[open]'))); n++) {
        await page.keyboard.press('Escape');
      }
    }

    /** Brings back a profile that opens without a password and reloads the page: a run must not stay locked out. */
    async function recover() {
      let list = (await post('list_profiles')).body;
      let open = list.profiles.find((p) => !p.has_password);
      if (!open) {
        list = (await post('create_profile', { name: `Back${rng.int(1e6)}` })).body;
        open = list.profiles.find((p) => !p.has_password);
      }
      await post('open_profile', { id: open.id });
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.screen);
      return 'recover: open a profile and reload';
    }

    const tally = (kind) => {
      stats.actions[kind] = (stats.actions[kind] ?? 0) + 1;
    };
    let awayFromGame = 0;
    /** The slowest actions with their settling, printed to show where a run's time goes. */
    const slowest = [];
    const started = Date.now();
    for (let i = 0; i < count; i++) {
      let kind;
      if (awayFromGame > 40) kind = rng.chance(0.5) ? 'computerGame' : 'recover';
      else if (onGame()) kind = rng.weighted({ board: 30, control: 25, key: 10, burst: 6, direct: 18, computerGame: 6, leaveWhileWinning: 1, file: 2, profile: 3, reload: 0.4 });
      else kind = rng.weighted({ control: 45, key: 10, burst: 5, direct: 14, computerGame: 10, leaveWhileWinning: 1, file: 4, profile: 3, reload: 0.4 });
      tally(kind);
      if (thinking()) stats.whileThinking += 1;
      let done;
      const began = Date.now();
      try {
        switch (kind) {
          case 'board': done = await boardPoint(); break;
          case 'control': done = await control(); break;
          case 'key': done = await key(); break;
          case 'burst': done = await burst(); break;
          case 'leaveWhileWinning': done = await leaveWhileWinning(); break;
          case 'direct': done = await direct(); break;
          case 'file': done = await openFile(); break;
          case 'profile': done = await profile(); break;
          case 'recover': done = await recover(); awayFromGame = 0; break;
          case 'reload':
            await page.reload();
            await page.waitForFunction(() => document.body.dataset.screen);
            done = 'reload';
            break;
          default: done = await computerGame();
        }
        trail.push(`${i}: ${done}`);
        await settle();
        // Straight after a computer game starts, while it thinks: disturb it.
        if (kind === 'computerGame' && thinking()) {
          stats.whileThinking += 1;
          tally('while thinking');
          const also = await whileThinking();
          trail.push(`${i}: while thinking: ${also}`);
          await settle();
        }
      } catch (err) {
        err.message = `${viewport} run, seed ${seed}, action ${i} (${kind}): ${err.message}\nlast actions:\n${trail.slice(-25).join('\n')}`
          + `\nthe page's last commands: ${page.ipcCalls.slice(-25).map((c) => c.cmd).join(' ')}`
          + `\ntheir answers, as they came: ${answers.slice(-25).join(', ')}`;
        throw err;
      }
      slowest.push([Date.now() - began, `${i}: ${done}`]);
      slowest.sort((a, b) => b[0] - a[0]).splice(5);
      awayFromGame = onGame() ? 0 : awayFromGame + 1;
      const failure = stats.pageErrors[0] ?? stats.serverErrors[0] ?? stats.consoleErrors[0];
      if (failure || backend.log.join('').includes('panicked')) {
        assert.fail(`${viewport} run, seed ${seed}, after action ${i}: ${failure ?? backend.log.join('')}\nlast actions:\n${trail.slice(-25).join('\n')}`);
      }
      if (trail.length > 200) trail.splice(0, 100);
    }

    // The service is still there and answers, and never panicked.
    const info = await post('app_info');
    assert.ok(info.ok, 'wuzi serve still answers at the end');
    stats.panics = backend.log.join('').split('panicked').length - 1;
    stats.seconds = Math.round((Date.now() - started) / 1000);
    console.log(`${viewport}: ${count} actions in ${stats.seconds} s, seed ${seed}`);
    console.log(`  actions by kind: ${Object.entries(stats.actions).sort().map(([k, n]) => `${k} ${n}`).join(', ')}`);
    console.log(`  checks: board matched the service ${stats.boardChecks}, settled on other screens ${stats.otherScreenChecks}; actions while the computer thought ${stats.whileThinking}; refusals (4xx) seen by the page ${stats.refusals}`);
    console.log(`  slowest: ${slowest.map(([ms, what]) => `${what} (${ms} ms)`).join('; ')}`);
    console.log(`  page errors ${stats.pageErrors.length}, console errors ${stats.consoleErrors.length}, 5xx answers ${stats.serverErrors.length}, panics ${stats.panics}`);
    assert.deepEqual(stats.pageErrors, []);
    assert.deepEqual(stats.consoleErrors, []);
    assert.deepEqual(stats.serverErrors, []);
    assert.equal(stats.panics, 0, backend.log.join(''));
    assert.ok(stats.boardChecks > count / 10, `the board was compared often enough (${stats.boardChecks} times)`);
    return stats;
  } finally {
    await context?.close();
    await backend.remove();
  }
}

console.log(`random run: seed ${SEED}, ${ACTIONS} actions (replay with WUZI_RANDOM_SEED=${SEED})`);
// The two parts run side by side, each with its own service and data
// folder: most of an action's time is spent waiting on the page or the
// service, so together they fit in the time one file has under `make test`.
describe('random input', { concurrency: PARTS.length }, () => {
  PARTS.forEach(({ viewport, actions }, n) => {
    it(`${viewport}: ${actions} random actions against the real service keep the board equal to the service's view`, {
      timeout: Math.max(120000, actions * 400),
    }, () => randomRun(ui.browser, viewport, actions, (SEED + n * 0x9E3779B9) >>> 0));
  });
});
