// The shell every screen shares: which screen shows, the error line, the
// confirm and prompt dialogs, the profile's settings, and number formats.

import { call } from './ipc.js';
import {
  t, language, setLanguage, systemLanguage, hasLanguage, loadLanguage, translatePage,
} from './i18n.js';
import { recordProblemText, reasonText } from './record-problem.js';
import { openingProblemText } from './opening-problem.js';

export const $ = (id) => document.getElementById(id);

/** What the app knows outside a game: the open profile, its settings, the app's version. */
export const state = {
  profile: null,
  settings: null,
  hasAutosave: false,
  appInfo: null,
};

/** The settings the UI assumes until the profile's own arrive. */
export const DEFAULT_SETTINGS = {
  theme: 'system',
  language: 'system',
  sound: true,
  volume: 70,
  board_size: 15,
  rule: 'freestyle',
  forbidden_moves: 'refuse',
  show_forbidden: true,
  ai_level: 'normal',
  first_move: 'human',
  tap_mode: 'auto',
  coordinates: true,
  move_numbers: false,
  last_move_marker: true,
  board_style: 'wood',
  stone_style: 'classic',
  ai_speed: 'normal',
  time_control: { kind: 'none' },
  music: false,
  music_volume: 40,
};

export const LEVELS = ['beginner', 'easy', 'normal', 'hard', 'master'];

// ---------------------------------------------------------------- screens

const screens = new Map();
let current = null;

/** Registers a screen's enter / leave hooks under its name (`game` for #screen-game). */
export function registerScreen(name, hooks) {
  screens.set(name, hooks);
}

/** The screen showing now. */
export function currentScreen() {
  return current;
}

/** Shows one screen, hiding the others; `params` go to its enter hook. */
export async function showScreen(name, params = {}) {
  if (current && current !== name) screens.get(current)?.leave?.();
  for (const section of document.querySelectorAll('.screen')) {
    section.hidden = section.id !== `screen-${name}`;
  }
  current = name;
  document.body.dataset.screen = name;
  $('nav-home').hidden = name === 'home' || name === 'profiles' || !state.profile;
  $('nav-profile').hidden = !state.profile || name === 'profiles';
  clearError();
  const section = $(`screen-${name}`);
  // Lists filled from the service's answer start empty: the last visit's,
  // drawn again under a player's press once the answer came, would
  // swallow the click.
  for (const list of section.querySelectorAll('[data-from-service]')) list.replaceChildren();
  const heading = section.querySelector('h2');
  await screens.get(name)?.enter?.(params);
  if (heading && !document.querySelector('dialog[open]')) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

// ---------------------------------------------------------------- errors

/**
 * The notices the service gathered since it was last asked (an autosave or
 * a finished game it could not keep, say), kept for Home's list as well.
 */
export async function takeNotices() {
  // Quietly: a failure here is not the player's to act on, and the screen
  // asking has its own command whose error shows.
  const info = await call('app_info').catch(() => null);
  if (!info) return [];
  const fresh = info.notices ?? [];
  // The answer stands for the one asked at the start, which may have failed.
  state.appInfo = { ...info, notices: [...(state.appInfo?.notices ?? []), ...fresh] };
  return fresh;
}

/** Shows a failure from the Rust side as a short translated message. */
export function showError(err) {
  const kind = err?.kind ?? 'unknown';
  const text = errorText(err);
  const box = $('message');
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = false;
}

export function clearError() {
  const box = $('message');
  box.hidden = true;
  box.textContent = '';
  delete box.dataset.kind;
}

let spoken = [];

/**
 * Says `text` in the live region (#live, aria-live=polite) for screen
 * readers: the computer's moves, results, refusals. Texts given in the same
 * turn of the event loop are said together, in order, so a computer's
 * winning move is heard with the result it brought.
 */
export function announce(text) {
  if (!text) return;
  if (!spoken.length) {
    queueMicrotask(() => {
      $('live').textContent = spoken.join(' ');
      spoken = [];
    });
  }
  spoken.push(text);
}

/** Calls a command; on failure shows the message and resolves to undefined. */
export async function attempt(command, args) {
  try {
    const answer = await call(command, args);
    clearError();
    return answer;
  } catch (err) {
    showError(err);
    return undefined;
  }
}

// ---------------------------------------------------------------- dialogs

/** Asks a yes / no question; resolves true when confirmed. */
export function confirmDialog(text, okLabel) {
  const dialog = $('dialog-confirm');
  $('confirm-text').textContent = text;
  $('confirm-ok').textContent = okLabel ?? t('dialog.ok');
  return new Promise((resolve) => {
    const done = (answer) => {
      $('confirm-ok').onclick = null;
      $('confirm-cancel').onclick = null;
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    $('confirm-ok').onclick = () => done(true);
    $('confirm-cancel').onclick = () => done(false);
    dialog.onclose = () => done(false);
    dialog.showModal();
    $('confirm-cancel').focus();
  });
}

/**
 * Asks for a name or a password. `check(answer)` runs before the dialog
 * closes: it resolves to an error text to show (the dialog stays open) or
 * to nothing (done). Resolves to the answer, or null when cancelled.
 */
export function promptDialog({ title, label = '', value = '', password = false, text = true, check }) {
  const dialog = $('dialog-prompt');
  const input = $('prompt-input');
  const pass = $('prompt-password');
  const error = $('prompt-error');
  $('prompt-title').textContent = title;
  $('prompt-label').textContent = label;
  input.value = value;
  pass.value = '';
  input.closest('.field').hidden = !text;
  input.required = text;
  $('prompt-password-field').hidden = !password;
  error.hidden = true;
  return new Promise((resolve) => {
    const finish = (answer) => {
      $('prompt-form').onsubmit = null;
      $('prompt-cancel').onclick = null;
      dialog.oncancel = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    $('prompt-form').onsubmit = async (e) => {
      e.preventDefault();
      const answer = { value: input.value.trim(), password: pass.value };
      if (text && !answer.value) {
        input.focus();
        return;
      }
      const problem = check ? await check(answer) : null;
      if (problem) {
        error.textContent = problem;
        error.hidden = false;
        (password ? pass : input).select();
        return;
      }
      finish(answer);
    };
    $('prompt-cancel').onclick = () => finish(null);
    dialog.oncancel = (e) => {
      e.preventDefault();
      finish(null);
    };
    dialog.showModal();
    (text ? input : pass).focus();
    if (text) input.select();
  });
}

/** The translated text for an error, for messages shown inside a dialog. */
export function errorText(err) {
  const kind = err?.kind ?? 'unknown';
  // A record that could not be read: where and why, in the player's words.
  const where = kind === 'bad_record' ? recordProblemText(err) : null;
  if (where) return where;
  // Set-up stones no game starts from: the reason, in the player's words.
  const position = kind === 'bad_position' && err?.position ? reasonText(err.position) : null;
  if (position) return position;
  // A stone or a decision the tournament opening does not take now: why, and what it asks.
  const opening = kind === 'opening' ? openingProblemText(err?.opening) : null;
  if (opening) return opening;
  const known = t(`error.${kind}`, { message: err?.message ?? '' });
  return known === `error.${kind}` ? t('error.unknown', { message: err?.message ?? String(err) }) : known;
}

// ---------------------------------------------------------------- settings

const settingsListeners = [];
const darkMedia = window.matchMedia('(prefers-color-scheme: dark)');

/** Runs `fn(settings)` now and whenever the settings change. */
export function onSettings(fn) {
  settingsListeners.push(fn);
  if (state.settings) fn(state.settings);
}

/** The language `settings` ask for. */
function wantedLanguage(settings) {
  return settings.language === 'system' ? systemLanguage() : settings.language;
}

/** Speaks `lang` (its texts are in) and tells every screen to redraw its texts. */
function speak(lang) {
  setLanguage(lang);
  document.dispatchEvent(new Event('wuzi:language'));
}

/**
 * Applies settings at once: theme, language, board look; then tells every
 * screen. A language whose texts are not in yet is fetched first and
 * switched to when they arrive (if it is still the one asked for); the
 * promise returned resolves then, so a start can wait for it before
 * drawing its first screen.
 */
export function applySettings(settings) {
  state.settings = { ...DEFAULT_SETTINGS, ...settings };
  const s = state.settings;
  const root = document.documentElement;
  root.dataset.theme = s.theme === 'system' ? (darkMedia.matches ? 'dark' : 'light') : s.theme;
  root.dataset.boardStyle = s.board_style;
  root.dataset.stoneStyle = s.stone_style;
  $('theme-toggle').setAttribute('aria-pressed', String(root.dataset.theme === 'dark'));
  const lang = wantedLanguage(s);
  let spoken = Promise.resolve();
  if (lang !== language() || !root.lang) {
    if (hasLanguage(lang)) speak(lang);
    else {
      spoken = loadLanguage(lang).then((arrived) => {
        if (arrived && state.settings && wantedLanguage(state.settings) === lang && language() !== lang) speak(lang);
      });
    }
  }
  for (const fn of settingsListeners) fn(s);
  return spoken;
}

darkMedia.addEventListener('change', () => state.settings && applySettings(state.settings));

let settingsWrites = Promise.resolve();
let settingsChanges = 0;

/**
 * Changes some settings: applied at once, then stored for the profile. The
 * Rust side runs commands side by side, so writes go one at a time, each
 * with the settings as they are when it goes, and only the answer to the
 * latest change is applied: an older answer must not undo a newer change.
 */
export function updateSettings(patch) {
  applySettings({ ...state.settings, ...patch });
  const change = ++settingsChanges;
  settingsWrites = settingsWrites.then(async () => {
    try {
      const stored = await call('set_settings', { settings: state.settings });
      if (change === settingsChanges && stored && typeof stored === 'object') applySettings(stored);
      clearError();
    } catch (err) {
      showError(err);
    }
  });
  return settingsWrites;
}

/** Re-translates the static page and tells screens to redraw their texts. */
export function onLanguage(fn) {
  document.addEventListener('wuzi:language', fn);
}

export { translatePage };

// ---------------------------------------------------------------- formats

/** m:ss, or h:mm:ss past an hour; with `tenths`, 0:07.3 under ten seconds (the last seconds count). */
export function formatClock(ms, { tenths = false } = {}) {
  if (tenths && (ms ?? 0) < 10_000) {
    const d = Math.max(0, Math.floor((ms ?? 0) / 100));
    return `0:0${Math.floor(d / 10)}.${d % 10}`;
  }
  const total = Math.max(0, Math.floor((ms ?? 0) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A length of time as people say it: "5 min", "30 s", "1 h 30 min". */
export function formatDuration(ms) {
  const total = Math.round((ms ?? 0) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = [];
  if (h) parts.push(t('duration.h', { n: h }));
  if (m) parts.push(t('duration.min', { n: m }));
  if (s || !parts.length) parts.push(t('duration.s', { n: s }));
  return parts.join(' ');
}

/**
 * A time control in words: "Sudden death 5 min", "5 min + 3 s per move",
 * "30 s per move" (`prefix` 'clockNote' gives the sentence that explains it).
 */
export function timeControlText(control, prefix = 'clock') {
  const kind = ['sudden_death', 'fischer', 'per_move'].includes(control?.kind) ? control.kind : 'none';
  return t(`${prefix}.${kind}`, {
    main: formatDuration(control?.main_ms),
    increment: formatDuration(control?.increment_ms),
    move: formatDuration(control?.move_ms),
  });
}

/** A date and time in the UI's language; accepts Unix milliseconds or an ISO string. */
export function formatDate(value) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language() === 'zh' ? 'zh-CN' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** A level's name, or the level id when the engine has one the UI does not know. */
export function levelName(level) {
  const key = `level.${level}`;
  const text = t(key);
  return text === key ? String(level) : text;
}

/** The name the data folder gives the profile it makes on first start. */
const DEFAULT_PROFILE_NAME = 'Player';
/** The names games from before named players gave the two sides. */
const OLD_SIDE_NAMES = { black: 'Black', white: 'White' };

/**
 * A profile's name as shown: the profile the app made on first start is
 * called "Player" in the data folder and in the player's language here.
 */
export function profileName(name) {
  return name === DEFAULT_PROFILE_NAME ? t('profile.defaultName') : name;
}

/**
 * The name of one side of a game: the player's, or the computer's with its
 * level. A person with no name (a guest who gave none) is called by the
 * side's name in the player's language.
 */
export function playerName(player, side) {
  if (!player) return '';
  if (player.kind === 'ai') return t('player.ai', { level: levelName(player.level) });
  const name = player.name ?? '';
  if (side && (name === '' || (!player.profile && name === OLD_SIDE_NAMES[side]))) return t(`side.${side}`);
  return profileName(name) || t('player.human');
}

/** A `tag` element of `className`, with `text` when given: lists and cards build many. */
export function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A labelled button of `className` that runs `onClick`: list rows build many. */
export function actionButton(className, text, label, onClick) {
  const b = el('button', className, text);
  b.type = 'button';
  b.setAttribute('aria-label', label);
  b.addEventListener('click', onClick);
  return b;
}
