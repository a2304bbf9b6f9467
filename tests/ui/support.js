// Shared set-up for the UI tests: the real game service behind `wuzi serve`
// (ui/ and the commands on 127.0.0.1, a fresh data folder in a temp dir for
// every test), and Debian's Chromium driven by playwright-core.

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO = resolve(here, '../..');
export const UI_DIR = join(REPO, 'ui');
export const OUTPUT_DIR = resolve(here, '../output/ui');
/** The `wuzi` binary (built by `cargo build -p wuzi-cli`). */
export const WUZI = process.env.WUZI_BIN ?? join(REPO, 'target/debug/wuzi');

/**
 * Starts `wuzi serve` on `dataDir` (a fresh temp folder when not given),
 * with `dialogDir` standing in for the system's file dialogs. Resolves to a
 * backend: { url, token, dataDir, dialogDir, call(command, args), restart(), stop() }.
 * `call` sends a command as the page does and rejects with { kind, message }.
 */
export async function startBackend({ dataDir, dialogDir } = {}) {
  const data = dataDir ?? (await mkdtemp(join(tmpdir(), 'wuzi-ui-')));
  const dialogs = dialogDir ?? (await mkdtemp(join(tmpdir(), 'wuzi-ui-files-')));
  // The UI of this checkout, whichever tree the binary was built from.
  const child = spawn(WUZI, ['serve', '--data', data, '--dialog-dir', dialogs, '--ui', UI_DIR], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const log = [];
  child.stderr.on('data', (d) => log.push(String(d)));
  const url = await new Promise((ok, fail) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => ok(line.trim()));
    child.once('error', fail);
    child.once('exit', (code, signal) => fail(new Error(`wuzi serve exited (${code ?? signal}):\n${log.join('')}`)));
  });
  const address = new URL(url);
  const token = address.searchParams.get('token');
  const exited = new Promise((ok) => child.once('exit', ok));
  const backend = {
    url,
    token,
    dataDir: data,
    dialogDir: dialogs,
    log,
    async call(command, args = {}) {
      const response = await fetch(new URL(`/ipc/${command}`, address), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-wuzi-token': token },
        body: JSON.stringify(args),
      });
      const body = await response.json();
      if (!response.ok) throw body;
      return body;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
    /** Stops the service and starts it again on the same folders, as after an app restart. */
    async restart() {
      await backend.stop();
      return startBackend({ dataDir: data, dialogDir: dialogs });
    },
    async remove() {
      await backend.stop();
      await rm(data, { recursive: true, force: true });
      await rm(dialogs, { recursive: true, force: true });
    },
  };
  return backend;
}

/** Launches Debian's Chromium headless, with nothing reaching out to the network. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
    ],
  });
}

/** The viewports every screen is tested at. */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

/**
 * Opens the UI served by `backend` in a new context at `viewport`; waits for
 * the first screen. Every command the page sends is recorded (see `calls`).
 * Returns { context, page, errors }.
 */
export async function openUi(browser, backend, {
  viewport = 'desktop', locale = 'en-US', colorScheme = 'light', reducedMotion = 'no-preference',
} = {}) {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], locale, colorScheme, reducedMotion });
  context.setDefaultTimeout(10000);
  const page = await context.newPage();
  page.touch = viewport === 'phone';
  page.backend = backend;
  page.ipcCalls = [];
  const errors = [];
  page.on('pageerror', (err) => errors.push(err));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== 'POST' || !pathname.startsWith('/ipc/')) return;
    let args = {};
    try {
      args = JSON.parse(request.postData() ?? '{}');
    } catch {
      args = request.postData();
    }
    page.ipcCalls.push({ cmd: decodeURIComponent(pathname.slice(5)), args });
  });
  await page.goto(backend.url);
  await page.waitForFunction(() => document.body.dataset.screen);
  return { context, page, errors };
}

/** The commands the page has sent so far, optionally only those named `cmd`. */
export async function calls(page, cmd) {
  return page.ipcCalls.filter((c) => !cmd || c.cmd === cmd);
}

/**
 * Starts a game from Home through the new-game screen. With `discard`, the
 * game on the board is on and unsaved: the question comes, and Discard lets it go.
 * `opening` picks a tournament opening ("" for none), `guest` names the
 * guest of a two-player game.
 */
export async function newGame(page, {
  mode = 'human_human', rule, size, colour, level, opening, guest, discard = false,
} = {}) {
  if (!(await page.locator('#screen-new-game').isVisible())) {
    if (!(await page.locator('#screen-home').isVisible())) await page.locator('#nav-home').click();
    await page.locator('#new-game').click();
  }
  await page.locator(`#new-game-mode input[value="${mode}"]`).check();
  if (colour) await page.locator(`#new-game-colour input[value="${colour}"]`).check();
  if (level) await page.locator('#new-game-level').selectOption(level);
  if (rule) await page.locator('#new-game-rule').selectOption(rule);
  if (size) await page.locator('#new-game-size').selectOption(String(size));
  if (opening !== undefined) await page.locator('#new-game-opening').selectOption(opening);
  if (guest !== undefined) await page.locator('#new-game-guest-name').fill(guest);
  await page.locator('#new-game-start').click();
  if (discard) await answerUnsaved(page, 'discard');
  await page.locator('#screen-game').waitFor();
  await page.locator('.board .hit').first().waitFor({ state: 'attached' });
}

/**
 * Waits for Home to show whole: its buttons show together, once it knows
 * whether Continue belongs, so what is on it can be checked.
 */
export async function homeWhole(page) {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-menu:not(.waiting)').waitFor();
}

/**
 * Waits for the profile list to show whole: the list and the form under it
 * show together, once the service's list has come.
 */
export async function profilesWhole(page) {
  await page.locator('#screen-profiles:not(.waiting)').waitFor();
}

/**
 * Holds the service's answers to `command`, as a slow disk would hold
 * them, until the test lets them go: `asked` resolves once the page has
 * asked, `release()` lets the answers through.
 */
export async function holdAnswers(page, command) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(`**/ipc/${command}`, async (route) => {
    await held;
    await route.continue();
  });
  return { asked: page.waitForRequest(`**/ipc/${command}`), release };
}

/**
 * Lets the service take `command` at once but holds its answer back from
 * the page, as answers on two connections can come in either order, until
 * the test lets it go: `done` resolves once the service has answered,
 * `release()` hands the answer to the page.
 */
export async function holdReplies(page, command) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  let reached;
  const done = new Promise((resolve) => { reached = resolve; });
  await page.route(`**/ipc/${command}`, async (route) => {
    const response = await route.fetch();
    reached();
    await held;
    await route.fulfill({ response });
  });
  return { done, release };
}

/** Answers the question before replacing an unsaved game: 'save', 'discard' or 'cancel'. */
export async function answerUnsaved(page, choice) {
  await page.locator('#dialog-unsaved').waitFor();
  await page.locator(`#unsaved-${choice}`).click();
  await page.locator('#dialog-unsaved').waitFor({ state: 'hidden' });
}

/** Answers "Who plays on?" (after a load, an import or play on) with "Keep as it is". */
export async function keepSides(page) {
  await page.locator('#dialog-play-on').waitFor();
  await page.locator('#play-on-cancel').click();
}

export const point = (page, x, y, board = '#board') => page.locator(`${board} .hit[data-x="${x}"][data-y="${y}"]`);
export const stone = (page, x, y, board = '#board') => page.locator(`${board} .stone[data-x="${x}"][data-y="${y}"]`);

/**
 * Plays a point the way a player would on this viewport: a click, or two
 * taps on a phone. Resolves once the click (or the second tap) is made: a
 * stone may come or not (the service may refuse the point, or take it as an
 * offer), so the caller waits for what it expects.
 */
export async function tapPoint(page, x, y) {
  const target = point(page, x, y);
  if (page.touch) {
    await target.tap();
    await page.locator(`#board .preview[data-x="${x}"][data-y="${y}"]`).waitFor();
    await target.tap();
  } else {
    await target.click();
  }
}

/** Places a stone the way a player would on this viewport, and waits for it. */
export async function place(page, x, y) {
  await tapPoint(page, x, y);
  await stone(page, x, y).waitFor();
}

/**
 * Saves a screenshot under tests/output/ui/, once the stones have settled
 * (endless animations, a hint's pulse or the thinking spinner, are not waited for).
 */
export async function screenshot(page, name) {
  await mkdir(OUTPUT_DIR, { recursive: true });
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => {}))));
  await page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`) });
}

/** The profile the service has open, as the API tells it. */
export async function currentProfile(backend) {
  const list = await backend.call('list_profiles');
  return list.profiles.find((p) => p.id === list.current);
}

/**
 * Starts Chromium for the calling test file and closes it after.
 * `withUi(options, fn)` starts a fresh backend (fresh data folder), lets
 * `options.setup(backend)` prepare it by real commands or real files (it may
 * return a restarted backend), opens the UI in a fresh context, runs
 * `fn(page, errors, backend)`, and closes and removes everything after,
 * whatever happens.
 */
export function useUi() {
  let browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      return browser;
    },
    async withUi(options, fn) {
      let backend = await startBackend();
      let context;
      try {
        if (options.setup) backend = (await options.setup(backend)) ?? backend;
        const opened = await openUi(browser, backend, options);
        context = opened.context;
        await fn(opened.page, opened.errors, backend);
      } finally {
        await context?.close();
        await backend.remove();
      }
    },
  };
}
