// Starts the real, built app under tauri-driver and WebKitWebDriver and hands
// back a W3C WebDriver session. Needs a display: run under xvfb-run.

import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Builder, By, until } from 'selenium-webdriver';

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

/**
 * Starts tauri-driver and the app with a fresh data folder.
 * Resolves to { driver, dataDir, stop }.
 */
export async function startApp({ dataDir } = {}) {
  if (!process.env.DISPLAY) throw new Error('no DISPLAY: run the real-app tests under xvfb-run');
  const port = await freePort();
  const nativePort = await freePort();
  const data = dataDir ?? (await mkdtemp(join(tmpdir(), 'wuzi-e2e-')));
  const log = [];
  const tauriDriver = spawn('tauri-driver', ['--port', String(port), '--native-port', String(nativePort)], {
    env: { ...process.env, WUZI_DATA_DIR: data },
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
  };
  tauriDriver.stdout.on('data', (d) => log.push(String(d)));
  tauriDriver.stderr.on('data', (d) => log.push(String(d)));
  tauriDriver.on('exit', (code, signal) => {
    if (!stopping) console.error(`tauri-driver exited (${code ?? signal}):\n${log.join('')}`);
  });
  let stopping = false;
  await waitForPort(port, tauriDriver);
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
  const stop = async ({ keepData = false } = {}) => {
    stopping = true;
    await driver.quit().catch(() => {});
    killGroup();
    if (!keepData && !dataDir) await rm(data, { recursive: true, force: true });
  };
  return { driver, dataDir: data, stop };
}

/** Saves a PNG of the app window under tests/output/e2e/. */
export async function screenshot(driver, name) {
  await mkdir(OUTPUT_DIR, { recursive: true });
  await new Promise((ok) => setTimeout(ok, 300));
  await writeFile(join(OUTPUT_DIR, `${name}.png`), await driver.takeScreenshot(), 'base64');
}

/** Waits until the screen `name` (e.g. `game`) is the one showing. */
export async function waitScreen(driver, name, timeout = 10000) {
  await driver.wait(async () => {
    const body = await driver.findElement(By.css('body'));
    return (await body.getAttribute('data-screen')) === name;
  }, timeout, `the ${name} screen did not show`);
}

/** Clicks a control once it is visible. */
export async function clickWhenVisible(driver, css, timeout = 10000) {
  const el = await driver.wait(until.elementLocated(By.css(css)), timeout);
  await driver.wait(until.elementIsVisible(el), timeout);
  await el.click();
  return el;
}

/**
 * Starts a new game from wherever the app is, through the New game screen.
 * The form is filled and submitted through the DOM: WebKitWebDriver's
 * synthesized click on a screen that has just been shown now and then lands
 * before its layout settles. The board itself is always clicked for real.
 */
export async function startGame(driver, { mode = 'human_human', colour, level, rule } = {}) {
  await driver.executeScript("document.querySelector('#new-game').click()");
  await waitScreen(driver, 'new-game');
  await driver.executeScript(`
    const [mode, colour, level, rule] = arguments;
    const set = (el) => { el.checked = true; el.dispatchEvent(new Event('change', { bubbles: true })); };
    set(document.querySelector('#new-game-mode input[value="' + mode + '"]'));
    if (colour) set(document.querySelector('#new-game-colour input[value="' + colour + '"]'));
    const choose = (id, value) => {
      const s = document.getElementById(id);
      s.value = value;
      s.dispatchEvent(new Event('change', { bubbles: true }));
    };
    if (level) choose('new-game-level', level);
    if (rule) choose('new-game-rule', rule);
    document.getElementById('new-game-form').requestSubmit();
  `, mode, colour ?? null, level ?? null, rule ?? null);
  await waitScreen(driver, 'game');
}

export const point = (x, y) => By.css(`#board .hit[data-x="${x}"][data-y="${y}"]`);
export const stone = (x, y) => By.css(`#board .stone[data-x="${x}"][data-y="${y}"]`);

/** The number of stones on the game board. */
export async function stoneCount(driver) {
  return (await driver.findElements(By.css('#board .stone'))).length;
}
