// Starts the real, built app under tauri-driver and WebKitWebDriver and hands
// back a W3C WebDriver session. Each app gets an Xvfb display of its own.

import { execFile, spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Builder, By, WebElement } from 'selenium-webdriver';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO = resolve(here, '../..');
export const OUTPUT_DIR = resolve(here, '../output/e2e');
export const APP = process.env.WUZI_APP ?? join(REPO, 'target/debug/wuzi-app');

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

async function waitForPort(port, child, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`tauri-driver exited with ${child.exitCode}`);
    const open = await new Promise((ok) => {
      const socket = connect(port, '127.0.0.1', () => { socket.end(); ok(true); });
      socket.once('error', () => ok(false));
    });
    if (open) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`tauri-driver did not listen on ${port}`);
}

/** The X display each running app is on, for its screenshots. */
const displays = new WeakMap();

/**
 * A private Xvfb: one for each app here, so that apps started side by side
 * by test files running at once never share a screen (screenshots find the
 * window by its title); scripts/bench-startup uses one too. Resolves to
 * { display, stop }.
 */
export function startXvfb() {
  return new Promise((ok, fail) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let err = '';
    let out = '';
    xvfb.stderr.on('data', (d) => { err += d; });
    xvfb.once('error', fail);
    xvfb.once('exit', (code) => fail(new Error(`Xvfb exited (${code}): ${err}`)));
    xvfb.stdio[3].on('data', (d) => {
      out += d;
      if (!out.includes('\n')) return;
      const stop = () => {
        xvfb.removeAllListeners('exit');
        xvfb.kill('SIGKILL');
        xvfb.stderr.destroy();
        xvfb.stdio[3].destroy();
      };
      ok({ display: `:${out.trim()}`, stop });
    });
  });
}

/**
 * Starts tauri-driver and the app, on an X display of its own, with a
 * fresh data folder. Resolves to { driver, dataDir, stop }.
 */
export async function startApp({ dataDir } = {}) {
  const xvfb = await startXvfb();
  const port = await freePort();
  const nativePort = await freePort();
  const data = dataDir ?? (await mkdtemp(join(tmpdir(), 'wuzi-e2e-')));
  const log = [];
  const tauriDriver = spawn('tauri-driver', ['--port', String(port), '--native-port', String(nativePort)], {
    env: { ...process.env, DISPLAY: xvfb.display, WUZI_DATA_DIR: data },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so the driver, WebKitWebDriver and the app all
    // go when the test ends; a survivor holding the pipes would keep node alive.
    detached: true,
  });
  const killGroup = () => {
    try {
      process.kill(-tauriDriver.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    tauriDriver.stdout.destroy();
    tauriDriver.stderr.destroy();
    xvfb.stop();
  };
  tauriDriver.stdout.on('data', (d) => log.push(String(d)));
  tauriDriver.stderr.on('data', (d) => log.push(String(d)));
  tauriDriver.on('exit', (code, signal) => {
    if (!stopping) console.error(`tauri-driver exited (${code ?? signal}):\n${log.join('')}`);
  });
  let stopping = false;
  try {
    await waitForPort(port, tauriDriver);
  } catch (err) {
    killGroup();
    throw err;
  }
  let driver;
  try {
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}/`)
      .withCapabilities({ browserName: 'wry', 'tauri:options': { application: APP } })
      .build();
  } catch (err) {
    killGroup();
    throw new Error(`${err.message}\n${log.join('')}`);
  }
  displays.set(driver, xvfb.display);
  const stop = async ({ keepData = false } = {}) => {
    stopping = true;
    await driver.quit().catch(() => {});
    killGroup();
    if (!keepData && !dataDir) await rm(data, { recursive: true, force: true });
  };
  return { driver, dataDir: data, stop };
}

/**
 * Saves a PNG of the app window, as the X server shows it, under
 * tests/output/e2e/. Taken with ImageMagick's `import`, not WebDriver's
 * screenshot: WebKitWebDriver waits for a composited frame, which never
 * comes from a page painted without compositing, as the app paints it.
 * The window is found by its title, on `driver`'s own display.
 */
export async function screenshot(driver, name) {
  await mkdir(OUTPUT_DIR, { recursive: true });
  await new Promise((ok) => setTimeout(ok, 300));
  await promisify(execFile)('import', ['-window', 'Wuzi', join(OUTPUT_DIR, `${name}.png`)], {
    env: { ...process.env, DISPLAY: displays.get(driver) ?? process.env.DISPLAY },
  });
}

/** Waits until the screen `name` (e.g. `game`) is the one showing, shown whole. */
export async function waitScreen(driver, name, timeout = 10000) {
  // Shown whole: a screen holds back what waits on the service's answer
  // (class `waiting`), as Home's buttons and the profile list do.
  await driver.wait(() => driver.executeScript(
    `const name = arguments[0];
     return document.body.dataset.screen === name
       && !document.querySelector('#screen-' + name + '.waiting, #screen-' + name + ' .waiting');`,
    name,
  ), timeout, `the ${name} screen did not show`);
}

/** The screen showing now (`body[data-screen]`). */
export async function currentScreen(driver) {
  return driver.findElement(By.css('body')).getAttribute('data-screen');
}

/**
 * One look at `el`, taken over two animation frames: its box as a string
 * when it is connected, laid out with a size, at the same place in all three
 * readings (now, after one frame, after the next) and the topmost thing at
 * its centre (no dialog or toast over it); null otherwise. It is first
 * scrolled into view, so that WebDriver's own scroll before a click cannot
 * move it.
 */
function settledBox(driver, el) {
  return driver.executeAsyncScript(`
    const el = arguments[0];
    const done = arguments[arguments.length - 1];
    if (!el.isConnected) return done(null);
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const box = () => {
      const r = el.getBoundingClientRect();
      return [r.left, r.top, r.width, r.height].join(' ');
    };
    const first = box();
    requestAnimationFrame(() => {
      const second = box();
      requestAnimationFrame(() => {
        const r = el.getBoundingClientRect();
        const third = box();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const settled = el.isConnected && r.width > 0 && r.height > 0 && first === second
          && second === third && !!hit && (hit === el || el.contains(hit));
        done(settled ? third : null);
      });
    });
  `, el);
}

/** Waits until the control is displayed, enabled and settled on `screen`; resolves to it and its box. */
async function waitSettled(driver, find, what, { screen, timeout }) {
  let el;
  let box;
  await driver.wait(async () => {
    if (screen && (await currentScreen(driver)) !== screen) return false;
    try {
      el = await find();
      if (!(await el.isDisplayed()) || !(await el.isEnabled())) return false;
      box = await settledBox(driver, el);
      return box !== null;
    } catch (err) {
      if (err.name === 'NoSuchElementError' || err.name === 'StaleElementReferenceError') return false;
      throw err;
    }
  }, timeout, `${what} did not settle on the ${screen ?? 'current'} screen`);
  return { el, box };
}

/**
 * Brings the pointer onto a control the way a player's hand does before
 * pressing: waits for the control to settle, moves the pointer over it, and
 * waits for it to settle again. If moving the pointer (hover, the pointer
 * leaving another control) made the page lay itself out again and the
 * control moved, it goes again to where the control is now. This is needed:
 * WebKitGTK shows the New game screen with the Mode choices 75 px tall and
 * lays them out at 48 px only on the next hover or focus change, so without
 * it Start moves up 27 px between the press and the release of its click,
 * and the click is lost.
 */
async function pointAt(driver, target, { screen, timeout = 10000 } = {}) {
  const what = typeof target === 'string' ? target : String(target);
  const find = target instanceof WebElement
    ? () => target
    : () => driver.findElement(typeof target === 'string' ? By.css(target) : target);
  let { el, box } = await waitSettled(driver, find, what, { screen, timeout });
  for (let moves = 0; moves < 5; moves += 1) {
    await driver.actions().move({ origin: el }).perform();
    const after = await waitSettled(driver, find, what, { screen, timeout });
    if (after.box === box) return after.el;
    ({ el, box } = after);
  }
  throw new Error(`${what} kept moving under the pointer`);
}

/**
 * Clicks a control for real once it is on the screen a player sees,
 * displayed, enabled, laid out (its box the same over two animation frames,
 * nothing on top of it) and under the pointer. `target` is a CSS selector, a
 * locator or an element; `screen`, when given, must be the one showing.
 */
export async function clickSettled(driver, target, { screen, timeout = 10000 } = {}) {
  const el = await pointAt(driver, target, { screen, timeout });
  await el.click();
  return el;
}

/** Clicks a control once it is visible and settled. */
export async function clickWhenVisible(driver, css, timeout = 10000) {
  return clickSettled(driver, css, { timeout });
}

/** Clicks a radio button (inside its label) and waits until it is the checked one. */
export async function clickRadio(driver, css, { screen, timeout = 10000 } = {}) {
  const radio = await clickSettled(driver, css, { screen, timeout });
  await driver.wait(() => radio.isSelected(), timeout, `${css} did not become checked`);
  return radio;
}

/**
 * Picks `value` in the <select> `#id` by clicking its <option>, as WebDriver
 * does for a player choosing from the list (the option's own click selects it
 * and fires the select's input and change events), once the select is
 * settled under the pointer; then waits until the select holds the value and
 * its change event, which the page acts on, has come.
 */
export async function chooseOption(driver, id, value, { screen, timeout = 10000 } = {}) {
  const select = await pointAt(driver, By.id(id), { screen, timeout });
  const option = await select.findElement(By.css(`option[value="${value}"]`));
  const changes = (await select.getProperty('value')) !== value;
  if (changes) {
    await driver.executeScript(
      "arguments[0].addEventListener('change', (e) => { e.target.dataset.e2eChanged = e.target.value; }, { once: true })",
      select,
    );
  }
  await option.click();
  await driver.wait(async () => (await select.getProperty('value')) === value
    && (!changes || (await select.getAttribute('data-e2e-changed')) === value), timeout,
  `#${id} did not take ${value}`);
  if (changes) await driver.executeScript('delete arguments[0].dataset.e2eChanged', select);
  return select;
}

/** Goes to Home from any screen with the ⌂ button, as a player does. */
export async function goHome(driver) {
  if ((await currentScreen(driver)) !== 'home') await clickSettled(driver, '#nav-home');
  await waitScreen(driver, 'home');
}

/**
 * Starts a new game from wherever the app is, through the New game screen,
 * filled in as a player does: real clicks on the mode and colour, the options
 * of the level, rule, opening and clock lists, who moves first, and Start. Each click
 * waits for its control to be shown and laid out, and each choice is checked
 * to have taken. When the game on the board is unfinished the app asks first;
 * `unsaved` is the answer clicked (`discard` unless told).
 */
export async function startGame(driver, {
  mode = 'human_human', colour, level, rule, opening, first, time, unsaved = 'discard',
} = {}) {
  const screen = 'new-game';
  if ((await currentScreen(driver)) === 'game') {
    await clickSettled(driver, '#game-new', { screen: 'game' });
  } else {
    await goHome(driver);
    await clickSettled(driver, '#new-game', { screen: 'home' });
  }
  await waitScreen(driver, screen);
  await clickRadio(driver, `#new-game-mode input[value="${mode}"]`, { screen });
  if (colour) await clickRadio(driver, `#new-game-colour input[value="${colour}"]`, { screen });
  if (level) await chooseOption(driver, 'new-game-level', level, { screen });
  if (rule) await chooseOption(driver, 'new-game-rule', rule, { screen });
  // The openings offered follow the rule, so one is picked after it.
  if (opening !== undefined) await chooseOption(driver, 'new-game-opening', opening, { screen });
  if (first) await clickRadio(driver, `#new-game-first input[value="${first}"]`, { screen });
  if (time) await chooseOption(driver, 'new-game-time', time, { screen });
  await clickSettled(driver, '#new-game-start', { screen });
  await answerUnsaved(driver, unsaved);
  await waitScreen(driver, 'game');
}

/** Whether the dialog `id` is open. */
export const isOpen = (driver, id) => driver.executeScript(`return document.getElementById('${id}').open`);

/**
 * After an action that replaces the game: when the app asks first (the
 * game on the board is unfinished), clicks `answer` (`save`, `discard` or
 * `cancel`) and waits for the question to go. Resolves to whether it asked.
 */
export async function answerUnsaved(driver, answer) {
  let asked = false;
  await driver.wait(async () => {
    asked = await isOpen(driver, 'dialog-unsaved');
    return asked || (await currentScreen(driver)) === 'game';
  }, 10000, 'neither the game nor the question came');
  if (!asked) return false;
  await clickSettled(driver, `#unsaved-${answer}`);
  await driver.wait(async () => !(await isOpen(driver, 'dialog-unsaved')), 5000, 'the question stayed open');
  return true;
}

export const point = (x, y) => By.css(`#board .hit[data-x="${x}"][data-y="${y}"]`);
export const stone = (x, y) => By.css(`#board .stone[data-x="${x}"][data-y="${y}"]`);

/** The number of stones on the game board. */
export async function stoneCount(driver) {
  return (await driver.findElements(By.css('#board .stone'))).length;
}

/**
 * Runs `body(driver)` with the app started on `dataDir` (a fresh folder if
 * none is given) and showing Home, then quits it. A failure comes with a
 * screenshot named `failure` and the message the app showed.
 */
export async function withApp(body, { dataDir, failure = 'failure' } = {}) {
  const app = await startApp(dataDir ? { dataDir } : {});
  try {
    await waitScreen(app.driver, 'home');
    await body(app.driver);
  } catch (err) {
    // What the player would have seen, for whoever reads the failure.
    await screenshot(app.driver, failure).catch(() => {});
    const message = await app.driver.executeScript("return document.getElementById('message')?.textContent").catch(() => '');
    throw new Error(`${err.message}${message ? ` (the app said: ${message})` : ''}`);
  } finally {
    await app.stop();
  }
}

/** Clicks the point (x, y) of the game board and waits for a stone to land there; resolves to its colour. */
export async function placeStone(driver, x, y) {
  await clickSettled(driver, point(x, y), { screen: 'game' });
  // The board is drawn afresh for every answer (the last-move mark, a
  // winning line), so the stone is read again until one reading holds.
  return driver.wait(async () => {
    try {
      const [placed] = await driver.findElements(stone(x, y));
      return placed ? await placed.getAttribute('data-stone') : null;
    } catch (err) {
      if (err.name === 'StaleElementReferenceError' || /not found/.test(err.message)) return null;
      throw err;
    }
  }, 10000, `no stone landed on ${x},${y}`);
}
