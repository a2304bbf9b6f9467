// The position editor against the real game service: stones placed by taps
// with each brush, the service's verdict on the position as it is made,
// renju's forbidden points marked live, the analysis with its win by fours,
// saving, SGF export, playing the position against the computer, and
// editing a game's position.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, screenshot, point, calls } from './support.js';

const { withUi } = useUi();

const BOARD = '#editor-board';
const COLUMNS = 'abcdefghijklmnopqrstuvwxyz';

/** The point named like `h8` on 15x15, as x and y from the top left. */
function at(name) {
  return { x: COLUMNS.indexOf(name[0]), y: 15 - Number(name.slice(1)) };
}

/** The colour of the stone the editor shows at `name`, or null. */
async function stoneAt(page, name) {
  const { x, y } = at(name);
  const found = page.locator(`${BOARD} .stone[data-x="${x}"][data-y="${y}"]`);
  return (await found.count()) ? found.getAttribute('data-stone') : null;
}

/** Taps `name` and waits for the service's verdict on the new position. */
async function tap(page, name) {
  const before = await page.locator(BOARD).getAttribute('data-checked');
  const { x, y } = at(name);
  await point(page, x, y, BOARD).click();
  await page.waitForFunction(
    ([sel, old]) => document.querySelector(sel).dataset.checked !== old,
    [BOARD, before],
  );
}

async function brush(page, value) {
  await page.locator(`#editor-brush input[value="${value}"]`).check();
}

/** Black: k8 makes a four on row 8 and a three on column k; a win by fours. */
async function setUpWinByFours(page) {
  await brush(page, 'black');
  for (const name of ['h8', 'i8', 'j8', 'k9', 'k10']) await tap(page, name);
  await brush(page, 'white');
  for (const name of ['g8', 'a1', 'a15', 'o1']) await tap(page, name);
}

/** Waits until the service has stored the coach setting as `on` (each look is a round trip). */
async function storedCoach(backend, on) {
  for (let look = 0; look < 500; look += 1) {
    if ((await backend.call('get_settings')).coach === on) return;
  }
  assert.fail(`the coach setting was not stored as ${on}`);
}

async function statusText(page) {
  return page.locator('#editor-status').textContent();
}

test('a position is set up tap by tap, judged as it is made, analysed, saved, exported and played', () => withUi({}, async (page, errors, backend) => {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-editor').click();
  await page.locator('#screen-editor').waitFor();
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.checked, BOARD);

  // The first brush cycles a point through black, white and empty.
  await tap(page, 'h8');
  assert.equal(await stoneAt(page, 'h8'), 'black');
  await tap(page, 'h8');
  assert.equal(await stoneAt(page, 'h8'), 'white');
  await tap(page, 'h8');
  assert.equal(await stoneAt(page, 'h8'), null);
  assert.equal(await page.locator('#editor-play').isDisabled(), false, 'the empty board can be played');

  await setUpWinByFours(page);
  // Five black and four white with black to move: no game reaches that.
  assert.equal(await page.locator('#editor-status').getAttribute('data-ok'), 'false');
  assert.match(await statusText(page), /5 black and 4 white stones cannot have black to move/);
  assert.equal(await page.locator('#editor-play').isDisabled(), true);
  assert.equal(await page.locator('#editor-counts').textContent(), 'Black 5 · White 4');
  // White to move is a position a game reaches.
  await page.locator('#editor-to-move').selectOption('white');
  await page.waitForFunction(() => document.querySelector('#editor-status').dataset.ok === 'true');
  await page.locator('#editor-to-move').selectOption('black');
  await page.waitForFunction(() => document.querySelector('#editor-status').dataset.ok === 'false');
  await tap(page, 'o15');
  assert.equal(await statusText(page), 'A game can start here, Black to move.');

  // The erase brush takes a stone off; a five is refused with its row.
  await brush(page, 'erase');
  await tap(page, 'o15');
  assert.equal(await stoneAt(page, 'o15'), null);
  await brush(page, 'white');
  await tap(page, 'o15');

  await page.locator('#editor-analyse').click();
  await page.locator('#editor-analysis p').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('#editor-analyse').disabled);
  const analysis = await page.locator('#editor-analysis').textContent();
  assert.match(analysis, /Black to move: 100% to win\. Best move K8\./);
  assert.match(analysis, /Black wins by fours in \d+: K8 L8 /);
  const k8 = at('k8');
  await page.locator(`${BOARD} .hint-ring[data-x="${k8.x}"][data-y="${k8.y}"]`).waitFor();
  await screenshot(page, 'editor-analysis-en');

  // Saved as a named save, the game on the board untouched.
  await page.locator('#editor-save').click();
  await page.locator('#prompt-input').fill('Book 1');
  await page.locator('#prompt-ok').click();
  await page.waitForFunction(() => document.querySelector('#editor-status').textContent.includes('Book 1'));
  const saves = await backend.call('list_saves');
  assert.deepEqual(saves.map((s) => [s.name, s.move_count]), [['Book 1', 0]]);

  await page.locator('#editor-export').click();
  await page.locator('#dialog-editor-export').waitFor();
  const sgf = await page.locator('#editor-export-text').inputValue();
  // Row by row from the top, as the editor lists them.
  assert.match(sgf, /AB\[kf\]\[kg\]\[hh\]\[ih\]\[jh\]AW\[aa\]\[oa\]\[gh\]\[ao\]\[oo\]/);
  assert.match(sgf, /PL\[B\]/);
  await page.locator('#editor-export-close').click();

  // Played against the computer, which has black and the win.
  await page.locator('#editor-play-mode').selectOption('ai_black');
  await page.locator('#editor-play').click();
  await page.locator('#screen-game').waitFor();
  await page.locator(`#board .stone[data-x="${k8.x}"][data-y="${k8.y}"]`).waitFor();
  assert.equal(await page.locator('#board .stone.setup').count(), 10);
  const view = await backend.call('game_view');
  assert.equal(view.setup.length, 10);
  assert.deepEqual(view.stones.map((s) => [s.x, s.y, s.stone, s.number]), [[k8.x, k8.y, 'black', 1]]);
  assert.equal(view.players.black.kind, 'ai');
  await page.locator('#game-stop').waitFor({ state: 'hidden' });

  // Edit position: the game's stones, set-up and played, with white to move.
  await page.locator('#game-edit').click();
  await page.locator('#screen-editor').waitFor();
  await page.waitForFunction((sel) => document.querySelectorAll(`${sel} .stone`).length === 11, BOARD);
  assert.equal(await page.locator('#editor-to-move').inputValue(), 'white');
  assert.deepEqual(errors, []);
}));

test('renju: black\'s forbidden points are marked as the stones go down, whoever is to move', () => withUi({}, async (page, errors) => {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-editor').click();
  await page.locator('#screen-editor').waitFor();
  await page.locator('#editor-rule').selectOption('renju');
  assert.equal(await page.locator('#editor-size').isDisabled(), true, 'renju is 15x15 only');
  await brush(page, 'black');
  for (const name of ['f8', 'g8', 'h6', 'h7']) await tap(page, name);
  await brush(page, 'white');
  for (const name of ['a1', 'a15', 'o1', 'o15']) await tap(page, name);
  const h8 = at('h8');
  const mark = page.locator(`${BOARD} .forbidden[data-x="${h8.x}"][data-y="${h8.y}"]`);
  await mark.waitFor();
  assert.equal(await mark.getAttribute('data-kind'), 'double_three');
  await page.locator('#editor-to-move').selectOption('white');
  await page.waitForFunction(() => document.querySelector('#editor-status').dataset.ok === 'true');
  assert.equal(await mark.count(), 1, 'still marked with white to move');
  assert.match(await point(page, h8.x, h8.y, BOARD).getAttribute('aria-label'), /forbidden/i);
  await screenshot(page, 'editor-renju-en');
  assert.deepEqual(errors, []);
}));

test('a press right after a tap acts on the stones as judged: nothing is sent for a position no game starts from', () => withUi({}, async (page, errors) => {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-editor').click();
  await page.locator('#screen-editor').waitFor();
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.checked, BOARD);
  await brush(page, 'black');

  // The service's word on each new position is held back until the test
  // lets it go, so Save and Export are pressed while the buttons still
  // show the empty board's judgement.
  let release;
  let held = new Promise((resolve) => { release = resolve; });
  await page.route('**/ipc/check_position', async (route) => {
    await held;
    await route.continue();
  });
  const before = await page.locator(BOARD).getAttribute('data-checked');
  const { x, y } = at('h8');
  await point(page, x, y, BOARD).click();
  assert.equal(await page.locator('#editor-save').isDisabled(), false, 'the empty board\'s judgement still shows');
  await page.locator('#editor-save').click();
  await page.locator('#editor-export').click();
  release();
  await page.waitForFunction(([sel, old]) => document.querySelector(sel).dataset.checked !== old, [BOARD, before]);
  // What the presses do once the check is in comes within a frame.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.match(await statusText(page), /1 black and 0 white stones cannot have black to move/);
  assert.equal(await page.locator('#dialog-prompt').isVisible(), false, 'no name is asked for stones that cannot be saved');
  assert.equal(await page.locator('#dialog-editor-export').isVisible(), false);
  assert.deepEqual((await calls(page)).filter((c) => ['save_position', 'export_position'].includes(c.cmd)), []);

  // A change that keeps a position a game reaches, pressed the same way:
  // Save goes on once the change is judged.
  await page.locator('#editor-to-move').selectOption('white');
  await page.waitForFunction(() => document.querySelector('#editor-status').dataset.ok === 'true');
  held = new Promise((resolve) => { release = resolve; });
  await page.locator('#editor-rule').selectOption('standard');
  await page.locator('#editor-save').click();
  release();
  await page.locator('#dialog-prompt').waitFor();
  assert.equal(await page.locator('#editor-status').getAttribute('data-ok'), 'true');
  await page.locator('#prompt-cancel').click();
  assert.deepEqual(errors, []);
}));

test('zh, dark, phone: the editor speaks the player\'s language and fits', () => withUi({
  locale: 'zh-CN', colorScheme: 'dark', viewport: 'phone',
}, async (page, errors) => {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-editor').click();
  await page.locator('#screen-editor').waitFor();
  await setUpWinByFours(page);
  assert.match(await statusText(page), /黑子 5 颗、白子 4 颗时不能轮到黑子/);
  await tap(page, 'o15');
  assert.equal(await statusText(page), '可以从这里开局，轮到黑方。');
  await screenshot(page, 'editor-dark-zh-phone');
  assert.deepEqual(errors, []);
}));

test('the coach marks each side\'s threats on the editor and the game boards, and stays on for the profile', () => withUi({}, async (page, errors, backend) => {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-editor').click();
  await page.locator('#screen-editor').waitFor();
  await brush(page, 'black');
  for (const name of ['h8', 'i8', 'j8']) await tap(page, name);
  await brush(page, 'white');
  for (const name of ['a1', 'b1']) await tap(page, name);
  await page.locator('#editor-coach').click();
  const k8 = at('k8');
  const mark = page.locator(`${BOARD} .coach[data-x="${k8.x}"][data-y="${k8.y}"][data-stone="black"]`);
  await mark.waitFor();
  assert.equal(await mark.textContent(), '4+');
  assert.equal(await mark.getAttribute('data-mark'), 'open_four');
  assert.equal(await page.locator('#editor-coach').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('#editor-coach-legend').isVisible(), true);
  await screenshot(page, 'editor-coach-en');
  // A new stone: the marks follow it (l8 is no longer black's open four).
  await brush(page, 'white');
  await tap(page, 'k8');
  await page.waitForFunction(([sel, x, y]) => !document.querySelector(`${sel} .coach[data-x="${x}"][data-y="${y}"][data-stone="black"]`), [BOARD, k8.x, k8.y]);

  // The setting is the profile's: stored, and the game board shows the marks at once.
  await storedCoach(backend, true);
  await page.locator('#editor-play').click();
  await page.locator('#screen-game').waitFor();
  await page.locator('#board .coach').first().waitFor();
  assert.equal(await page.locator('#game-coach').getAttribute('aria-pressed'), 'true');
  await page.locator('#game-coach').click();
  await page.waitForFunction(() => !document.querySelector('#board .coach'));
  await storedCoach(backend, false);
  assert.deepEqual(errors, []);
}));

test('a position taken from a game keeps its order of moves until it is edited, and goes out as a move list', () => withUi({
  async setup(backend) {
    await backend.call('new_game', { config: { mode: 'human_human', size: 15, rule: 'freestyle' } });
    for (const name of ['h8', 'i9', 'j10']) await backend.call('play', at(name));
  },
}, async (page, errors) => {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-continue').click();
  await page.locator('#screen-game').waitFor();
  await page.locator('#game-edit').click();
  await page.locator('#screen-editor').waitFor();
  await page.waitForFunction((sel) => document.querySelectorAll(`${sel} .stone`).length === 3, BOARD);
  await page.locator('#editor-export-moves').click();
  await page.locator('#dialog-editor-export').waitFor();
  assert.equal(await page.locator('#editor-export-title').textContent(), 'The moves that made the position');
  assert.equal(await page.locator('#editor-export-text').inputValue(), 'h8i9j10');
  await page.locator('#editor-export-close').click();
  // Edited, the order is no longer known: only SGF is offered.
  await tap(page, 'a1');
  assert.equal(await page.locator('#editor-export-moves').isVisible(), false);
  assert.equal(await page.locator('#editor-export').isVisible(), true);
  assert.deepEqual(errors, []);
}));
