// The screens around the game: profiles, home, new game, statistics and
// settings.

import { call, canQuit, quitApp } from './ipc.js';
import { t, translatePage } from './i18n.js';
import {
  $, state, LEVELS, registerScreen, showScreen, attempt, showError,
  confirmDialog, promptDialog, errorText, applySettings, updateSettings, onLanguage,
  levelName, actionButton, el, timeControlText, profileName, takeNotices,
} from './app.js';
import { openGame, confirmReplace } from './game.js';
import { passwordDialog } from './password.js';
import { OPENINGS, openingName } from './opening.js';

// ---------------------------------------------------------------- profiles

let profiles = { profiles: [], current: null };

function renderProfiles() {
  const list = $('profiles-list');
  list.replaceChildren();
  for (const p of profiles.profiles) {
    const li = el('li', 'profile-item card');
    li.dataset.id = p.id;
    const open = el('button', 'profile-open');
    open.type = 'button';
    const name = el('span', 'profile-name', profileName(p.name));
    open.append(name);
    if (p.has_password) {
      const lock = el('span', 'badge', t('profiles.locked'));
      open.append(lock);
    }
    if (p.id === profiles.current) {
      const badge = el('span', 'badge', t('profiles.current'));
      open.append(badge);
    }
    // The name and badges seen are the button's name; what it does is its title.
    open.title = t('profiles.open', { name: profileName(p.name) });
    open.addEventListener('click', () => openProfile(p));
    const rename = actionButton('button profile-rename', t('profiles.rename'), t('profiles.renameLabel', { name: profileName(p.name) }), () => renameProfile(p));
    const del = actionButton('button profile-delete danger', t('profiles.delete'), t('profiles.deleteLabel', { name: profileName(p.name) }), () => deleteProfile(p));
    const password = actionButton('button profile-password', t('profiles.passwordButton'), t('profiles.passwordLabel', { name: profileName(p.name) }), () => changePassword(p));
    li.append(open, rename, password, del);
    list.append(li);
  }
}

/** Opens a profile (asking for its password if it has one), then goes home. */
export async function openProfile(p) {
  // The profile already open goes straight back home: its password was
  // given when it was opened.
  if (p.id === profiles.current && state.profile?.id === p.id) {
    await showScreen('home');
    return;
  }
  let opened;
  if (p.has_password) {
    let result = null;
    const answer = await promptDialog({
      title: t('profiles.passwordFor', { name: profileName(p.name) }),
      text: false,
      password: true,
      check: async ({ password }) => {
        try {
          result = await call('open_profile', { id: p.id, password });
          return null;
        } catch (err) {
          return errorText(err);
        }
      },
    });
    if (!answer) return;
    opened = result;
  } else {
    opened = await attempt('open_profile', { id: p.id });
  }
  if (!opened) return;
  await enterProfile(opened);
}

async function enterProfile(opened) {
  state.profile = opened.profile;
  state.hasAutosave = !!opened.has_autosave;
  // Home is drawn in the profile's language, fetched first if need be.
  await applySettings(opened.settings ?? {});
  nameNavProfile(state.profile.name);
  await showScreen('home');
}

/**
 * A profile with a password is locked unless it is the open one: renaming or
 * deleting it waits until it has been opened with its password. Says so
 * rather than letting the service refuse with a bare "needs its password".
 */
function unlockedOrSay(p) {
  if (!p.has_password || p.id === profiles.current) return true;
  showError({ kind: 'unlock_first', message: t('profiles.unlockFirst', { name: profileName(p.name) }) });
  return false;
}

async function changePassword(p) {
  const next = await passwordDialog(p);
  if (!next) return;
  profiles = next;
  // Home offers Lock only to a profile with a password.
  if (state.profile?.id === p.id) state.profile = next.profiles.find((q) => q.id === p.id) ?? state.profile;
  renderProfiles();
}

async function renameProfile(p) {
  if (!unlockedOrSay(p)) return;
  const answer = await promptDialog({
    title: t('profiles.renameTitle', { name: profileName(p.name) }),
    label: t('profiles.name'),
    value: p.name,
    check: async ({ value }) => {
      try {
        profiles = await call('rename_profile', { id: p.id, name: value });
        return null;
      } catch (err) {
        return errorText(err);
      }
    },
  });
  if (!answer) return;
  if (state.profile?.id === p.id) {
    state.profile = { ...state.profile, name: answer.value };
    nameNavProfile(answer.value);
  }
  renderProfiles();
}

async function deleteProfile(p) {
  if (!unlockedOrSay(p)) return;
  if (!(await confirmDialog(t('profiles.deleteConfirm', { name: profileName(p.name) }), t('profiles.delete')))) return;
  const next = await attempt('delete_profile', { id: p.id });
  if (!next) return;
  profiles = next;
  if (state.profile?.id === p.id) {
    state.profile = null;
    $('nav-profile').hidden = true;
  }
  renderProfiles();
}

$('profile-create-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const name = $('profile-create-name').value.trim();
  const password = $('profile-create-password').value;
  if (!name) return;
  const next = await attempt('create_profile', password ? { name, password } : { name });
  if (!next) return;
  profiles = next;
  $('profile-create-name').value = '';
  $('profile-create-password').value = '';
  renderProfiles();
  const made = next.profiles.find((p) => p.name === name);
  if (!made || !(await confirmDialog(t('profiles.createdOpen', { name: profileName(made.name) }), t('profiles.openNow')))) return;
  // The password was typed a moment ago: it opens the profile without
  // asking again.
  const opened = await attempt('open_profile', password ? { id: made.id, password } : { id: made.id });
  if (opened) await enterProfile(opened);
});

registerScreen('profiles', {
  async enter() {
    $('profiles-status').textContent = '';
    // The list and the form under it wait for the answer together: the
    // list filling in later would push the form down under a finger
    // already on its way to Create.
    const page = $('screen-profiles');
    page.classList.add('waiting');
    try {
      const next = await attempt('list_profiles');
      if (next) profiles = next;
      renderProfiles();
    } finally {
      page.classList.remove('waiting');
    }
  },
});

/**
 * Picks where the app starts: the open profile's home, the only profile
 * when it has no password, or the list to choose from.
 */
export async function startApp() {
  const list = await attempt('list_profiles');
  if (!list) {
    applySettings({});
    await showScreen('profiles');
    return;
  }
  profiles = list;
  const only = list.profiles.length === 1 ? list.profiles[0] : null;
  const pick = list.profiles.find((p) => p.id === list.current && !p.has_password)
    ?? (only && !only.has_password ? only : null);
  if (pick) {
    const opened = await attempt('open_profile', { id: pick.id });
    if (opened) {
      await enterProfile(opened);
      return;
    }
  }
  applySettings({});
  await showScreen('profiles');
}

// ---------------------------------------------------------------- home

async function renderNotices() {
  const list = $('notices');
  const notices = state.appInfo?.notices ?? [];
  list.replaceChildren(...notices.map((n) => {
    const li = document.createElement('li');
    li.textContent = t('notice.text', { message: n.message });
    return li;
  }));
  list.hidden = notices.length === 0;
}

registerScreen('home', {
  async enter() {
    $('home-greeting').textContent = t('home.greeting', { name: profileName(state.profile?.name ?? '') });
    // Set before the first wait, so Home never shows without it.
    $('home-lock').hidden = !state.profile?.has_password;
    // The menu waits for the answer whether Continue belongs: appearing
    // after the others, Continue would push Load down under a finger
    // already on its way to it.
    const menu = $('home-menu');
    menu.classList.add('waiting');
    // What could not be kept while away from Home is listed with the rest.
    const [has] = await Promise.all([attempt('has_autosave'), takeNotices()]);
    state.hasAutosave = has === undefined ? state.hasAutosave : !!has;
    $('home-continue').hidden = !state.hasAutosave;
    $('home-quit').hidden = !canQuit();
    menu.classList.remove('waiting');
    renderNotices();
  },
});

$('new-game').addEventListener('click', () => showScreen('new-game'));
// Continue brings back the game on the board when it is on (that game is
// the autosave), so it never replaces an unsaved game: nothing to ask.
$('home-continue').addEventListener('click', async () => {
  const view = await attempt('continue_game');
  if (view) openGame(view);
});
$('home-load').addEventListener('click', () => showScreen('load'));
$('home-review').addEventListener('click', () => showScreen('review'));
$('home-stats').addEventListener('click', () => showScreen('stats'));
$('home-settings').addEventListener('click', () => showScreen('settings'));
$('home-profile').addEventListener('click', () => showScreen('profiles'));
// Locking keeps the game for Continue and leaves the profile list, so the
// next person needs the password to come back in.
$('home-lock').addEventListener('click', async () => {
  const name = profileName(state.profile?.name ?? '');
  const list = await attempt('lock_profile');
  if (!list) return;
  profiles = list;
  state.profile = null;
  state.hasAutosave = false;
  $('nav-profile').hidden = true;
  await showScreen('profiles');
  $('profiles-status').textContent = t('profiles.lockedNow', { name });
});
// The app keeps the game on the board as it ends: Continue brings it back.
$('home-quit').addEventListener('click', () => quitApp().catch(showError));
$('nav-profile').addEventListener('click', () => showScreen('profiles'));

/**
 * Shows the open profile's name on the top bar's profile button; its
 * accessible name starts with that same name (what is seen is what is
 * said), then says what the button does.
 */
function nameNavProfile(profile) {
  const name = profileName(profile);
  const button = $('nav-profile');
  button.textContent = name;
  const label = t('nav.profileLabel', { name });
  button.setAttribute('aria-label', label);
  button.title = label;
}

onLanguage(() => {
  if (state.profile) nameNavProfile(state.profile.name);
});
$('nav-home').addEventListener('click', () => showScreen('home'));
$('theme-toggle').addEventListener('click', () => {
  const dark = document.documentElement.dataset.theme === 'dark';
  updateSettings({ theme: dark ? 'light' : 'dark' });
});

// ---------------------------------------------------------------- new game

function fillLevels(select, chosen) {
  select.replaceChildren(...LEVELS.map((level) => {
    const o = document.createElement('option');
    o.value = level;
    o.textContent = levelName(level);
    return o;
  }));
  select.value = LEVELS.includes(chosen) ? chosen : 'normal';
}

function newGameMode() {
  return document.querySelector('#new-game-mode input:checked')?.value ?? 'human_ai';
}

/** The numbers each kind of time control has, in the order of its value in #new-game-time. */
const CONTROL_FIELDS = { none: [], sudden_death: ['main_ms'], fischer: ['main_ms', 'increment_ms'], per_move: ['move_ms'] };

/** A time control as a value of #new-game-time: "fischer:300000:3000". */
function controlValue(control) {
  const kind = CONTROL_FIELDS[control?.kind] ? control.kind : 'none';
  return [kind, ...CONTROL_FIELDS[kind].map((field) => control[field])].join(':');
}

/** The time control a value of #new-game-time stands for. */
function controlOf(value) {
  const [kind, ...numbers] = value.split(':');
  const control = { kind };
  CONTROL_FIELDS[kind].forEach((field, i) => {
    control[field] = Number(numbers[i]);
  });
  return control;
}

/** Names every time control offered, in full: the closed list shows one without its group. */
function nameTimes() {
  for (const o of $('new-game-time').options) o.textContent = timeControlText(controlOf(o.value));
}

/** Picks the remembered time control; one not in the list gets its own option, so it is not lost. */
function pickTime(control) {
  const select = $('new-game-time');
  const value = controlValue(control);
  if (![...select.options].some((o) => o.value === value)) {
    (select.querySelector(`optgroup[data-kind="${control.kind}"]`) ?? select).append(new Option('', value));
  }
  nameTimes();
  select.value = value;
}

/** Who the player wants to move first in freestyle and standard (Renju: always black). */
let firstChoice = 'black';

function checkFirst(stone) {
  document.querySelector(`#new-game-first input[value="${stone}"]`).checked = true;
}

/** Who moves first in the game the form sets up. */
function newGameFirst() {
  if ($('new-game-rule').value === 'renju' || newGameOpening()) return 'black';
  return document.querySelector('#new-game-first input:checked')?.value ?? 'black';
}

/** The opening the player last picked ("" for none): kept while a rule without it is shown. */
let openingChoice = '';

/** The tournament opening the form sets up, or "" for none. */
function newGameOpening() {
  return $('new-game-opening').value;
}

/** Offers "None" and the openings of the chosen rule; the player's pick returns when it fits again. */
function fillOpenings() {
  const select = $('new-game-opening');
  const offered = OPENINGS[$('new-game-rule').value] ?? [];
  select.replaceChildren(new Option(t('opening.none'), ''), ...offered.map((o) => new Option(openingName(o), o)));
  select.value = offered.includes(openingChoice) ? openingChoice : '';
}

/**
 * The note under the opening: how the chosen one goes; with one, who opens
 * (the player given black) and, against the computer, that "You play" is
 * the colour one starts as.
 */
function openingNote(opening, mode) {
  if (!opening) return t('openingNote.none');
  const parts = [t(`openingNote.${opening}`)];
  parts.push(t(mode === 'human_ai' ? 'openingNote.colourAi' : 'openingNote.opener'));
  return parts.join(' ');
}

/** The other profiles a two-player game can be against, as `list_profiles` has them. */
let opponents = [];

/** Fills "Playing against": a guest, or one of this device's other profiles. */
function fillOpponents() {
  const select = $('new-game-opponent');
  const chosen = select.value;
  const guest = new Option(t('newGame.guest'), 'guest');
  select.replaceChildren(guest, ...opponents.map((p) => new Option(profileName(p.name), `profile:${p.id}`)));
  select.value = [...select.options].some((o) => o.value === chosen) ? chosen : 'guest';
}

/** The profile picked as the opponent, or null for a guest. */
function pickedOpponent() {
  const value = $('new-game-opponent').value;
  return value.startsWith('profile:') ? opponents.find((p) => `profile:${p.id}` === value) ?? null : null;
}

/** A guest has a name to type; a profile with a password, its password. */
function syncOpponent() {
  const profile = pickedOpponent();
  $('new-game-guest-field').hidden = !!profile;
  $('new-game-opponent-password-field').hidden = !profile?.has_password;
  if (profile) $('new-game-opponent-password-label').textContent = t('newGame.opponentPassword', { name: profileName(profile.name) });
  $('new-game-counts').textContent = t(profile ? 'newGame.countsBoth' : 'newGame.countsYou');
}

/** The opponent the form names, as `new_game` takes it. */
function opponentConfig() {
  const profile = pickedOpponent();
  if (!profile) return { kind: 'guest', name: $('new-game-guest-name').value.trim() };
  const password = $('new-game-opponent-password').value;
  return profile.has_password ? { kind: 'profile', id: profile.id, password } : { kind: 'profile', id: profile.id };
}

/** Shows only the fields that matter for the chosen mode and rule; Renju is 15x15 only. */
function syncNewGame() {
  const mode = newGameMode();
  for (const el of document.querySelectorAll('#new-game-form [data-for]')) el.hidden = el.dataset.for !== mode;
  syncOpponent();
  const renju = $('new-game-rule').value === 'renju';
  if (renju) $('new-game-size').value = '15';
  $('new-game-size').disabled = renju;
  $('new-game-forbidden-field').hidden = !renju;
  fillOpenings();
  const opening = newGameOpening();
  // Renju is built around black's first move, and an opening rule begins
  // with the player given black: the choice goes, black it is; without
  // them the player's own choice returns.
  const blackFirst = renju || !!opening;
  $('new-game-first').hidden = blackFirst;
  checkFirst(blackFirst ? 'black' : firstChoice);
  // "You play" says who moves first (with an opening: who opens), so it follows the choice.
  const whiteFirst = newGameFirst() === 'white';
  const colourKeys = opening
    ? ['newGame.colourBlackOpens', 'newGame.colourWhiteOpening']
    : whiteFirst ? ['newGame.colourBlackSecond', 'newGame.colourWhiteFirst'] : ['newGame.colourBlack', 'newGame.colourWhite'];
  $('new-game-colour-black-text').textContent = t(colourKeys[0]);
  $('new-game-colour-white-text').textContent = t(colourKeys[1]);
  $('new-game-rule-note').textContent = t(`ruleNote.${$('new-game-rule').value}`);
  $('new-game-opening-note').textContent = openingNote(opening, mode);
  $('new-game-time-note').textContent = timeControlText(controlOf($('new-game-time').value), 'clockNote');
}

registerScreen('new-game', {
  async enter() {
    const s = state.settings;
    const mode = document.querySelector(`#new-game-mode input[value="${s.last_mode ?? 'human_ai'}"]`)
      ?? document.querySelector('#new-game-mode input[value="human_ai"]');
    mode.checked = true;
    const colour = s.first_move === 'computer' ? 'white' : 'black';
    document.querySelector(`#new-game-colour input[value="${colour}"]`).checked = true;
    fillLevels($('new-game-level'), s.ai_level);
    fillLevels($('new-game-black-level'), s.ai_level);
    fillLevels($('new-game-white-level'), s.ai_level);
    $('new-game-rule').value = s.rule;
    $('new-game-size').value = String([15, 17, 18, 19].includes(s.board_size) ? s.board_size : 15);
    $('new-game-forbidden').value = s.forbidden_moves;
    firstChoice = s.last_first === 'white' ? 'white' : 'black';
    openingChoice = Object.values(OPENINGS).flat().includes(s.last_opening) ? s.last_opening : '';
    pickTime(s.time_control);
    $('new-game-opponent-password').value = '';
    syncNewGame();
    const list = await attempt('list_profiles');
    opponents = (list?.profiles ?? []).filter((p) => p.id !== list.current);
    fillOpponents();
    syncNewGame();
  },
});

$('new-game-form').addEventListener('change', (e) => {
  if (e.target.name === 'first') firstChoice = e.target.value;
  if (e.target.id === 'new-game-opening') openingChoice = e.target.value;
  syncNewGame();
});
$('new-game-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const mode = newGameMode();
  const humanStone = mode === 'human_human'
    ? document.querySelector('#new-game-you input:checked')?.value ?? 'black'
    : document.querySelector('#new-game-colour input:checked')?.value ?? 'black';
  const rule = $('new-game-rule').value;
  const size = rule === 'renju' ? 15 : Number($('new-game-size').value);
  const level = $('new-game-level').value;
  const config = {
    mode,
    size,
    rule,
    forbiddenMoves: $('new-game-forbidden').value,
    humanStone,
    blackLevel: mode === 'ai_ai' ? $('new-game-black-level').value : level,
    whiteLevel: mode === 'ai_ai' ? $('new-game-white-level').value : level,
    first: newGameFirst(),
    timeControl: controlOf($('new-game-time').value),
  };
  if (mode === 'human_human') config.opponent = opponentConfig();
  const opening = newGameOpening();
  if (opening) config.opening = opening;
  if (!(await confirmReplace(t('unsaved.newGame')))) return;
  const view = await attempt('new_game', { config });
  if (!view) return;
  $('new-game-opponent-password').value = '';
  openGame(view);
  // The choices become the defaults for the next new game.
  const patch = {
    rule,
    board_size: size,
    forbidden_moves: config.forbiddenMoves,
    last_mode: mode,
    time_control: config.timeControl,
    last_opening: opening,
  };
  // Renju and the openings always begin with black: that says nothing of the player's choice.
  if (rule !== 'renju' && !opening) patch.last_first = config.first;
  if (mode === 'human_ai') {
    patch.ai_level = level;
    patch.first_move = humanStone === 'black' ? 'human' : 'computer';
  }
  updateSettings(patch);
});

// ---------------------------------------------------------------- settings

function renderSettings() {
  const s = state.settings;
  for (const input of document.querySelectorAll('#settings-form [data-setting]')) {
    const value = s[input.dataset.setting];
    if (input.type === 'checkbox') input.checked = !!value;
    else input.value = String(value);
  }
  $('settings-volume').disabled = !s.sound;
  $('settings-music-volume').disabled = !s.music;
  const info = state.appInfo;
  $('settings-about').textContent = info ? t('settings.about', { version: info.version }) : '';
}

$('settings-form').addEventListener('submit', (e) => e.preventDefault());
$('settings-form').addEventListener('change', (e) => {
  const input = e.target.closest('[data-setting]');
  if (!input) return;
  const key = input.dataset.setting;
  const value = input.type === 'checkbox' ? input.checked : input.type === 'range' ? Number(input.value) : input.value;
  updateSettings({ [key]: value }).then(renderSettings);
  renderSettings();
});

registerScreen('settings', {
  async enter() {
    if (!state.appInfo) state.appInfo = (await attempt('app_info')) ?? null;
    renderSettings();
  },
});

onLanguage(() => {
  translatePage();
  renderProfiles();
  if (state.settings) renderSettings();
  nameTimes();
  fillOpponents();
  syncNewGame();
  for (const id of ['new-game-level', 'new-game-black-level', 'new-game-white-level']) {
    const select = $(id);
    for (const o of select.options) o.textContent = levelName(o.value);
  }
  if (state.profile) $('home-greeting').textContent = t('home.greeting', { name: profileName(state.profile.name) });
  renderNotices();
});

