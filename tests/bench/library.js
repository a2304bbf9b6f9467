// How fast a big library opens and filters: 10,000 replays and 1,000 saves
// (made by the store's `fill_library` example), the release `wuzi serve`
// and its UI in headless Chromium. Run with `scripts/bench-library`.
//
// Each figure is measured inside the page, from the click (or the filter's
// change) to the moment the list's new content is in the DOM and painted
// (the next animation frame after the change), so the time of the command,
// its JSON and the drawing all count, and the test harness's own round trips
// do not. The commands alone are timed too, as the page sends them.
//
// Target: every list opens and filters in under 300 ms.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackend, launchChromium, openUi } from '../ui/support.js';

const TARGET_MS = 300;
const RUNS = Number(process.env.RUNS ?? 7);
const data = process.env.LIBRARY;
if (!data) {
  console.error('LIBRARY must name a data folder filled by fill_library');
  process.exit(2);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Runs `act` in the page and answers the milliseconds until `done()` holds
 * after a DOM change and a frame has been painted.
 */
async function timeInPage(page, act, done) {
  return page.evaluate(async ([actSource, doneSource]) => {
    // Both functions come from this file, as text.
    // eslint-disable-next-line no-new-func
    const actFn = new Function(`return (${actSource})`)();
    // eslint-disable-next-line no-new-func
    const doneFn = new Function(`return (${doneSource})`)();
    const start = performance.now();
    const finished = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!doneFn()) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - start));
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    actFn();
    return finished;
  }, [act.toString(), done.toString()]);
}

/** The median and worst time of `runs` of a page measurement, after `reset` each time. */
async function measure(page, { reset, act, done }) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    await reset();
    times.push(await timeInPage(page, act, done));
  }
  return { median: median(times), max: Math.max(...times) };
}

/** The median and worst time of a command sent as the page sends it. */
async function measureCommand(backend, command, args) {
  const times = [];
  let answer;
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    answer = await backend.call(command, args);
    times.push(performance.now() - start);
  }
  return { median: median(times), max: Math.max(...times), answer };
}

const backend = await startBackend({ dataDir: data, dialogDir: await mkdtemp(join(tmpdir(), 'wuzi-bench-')) });
const browser = await launchChromium();
const rows = [];
try {
  const { page, errors } = await openUi(browser, backend);
  // Home's button is hidden on Home itself, where the first run starts.
  // The lists drawn last time are emptied, so a run only ends once the
  // screen has drawn its list anew.
  const home = async () => {
    if (await page.evaluate(() => document.body.dataset.screen !== 'home')) {
      await page.locator('#nav-home').click();
    }
    await page.locator('#screen-home').waitFor();
    await page.evaluate(() => {
      for (const id of ['review-list', 'saves-list']) document.getElementById(id).replaceChildren();
      document.getElementById('review-total').textContent = '';
    });
  };
  const first = await backend.call('list_replays', {});
  const saves = await backend.call('list_saves', {});
  console.log(`library: ${first.total} replays, ${saves.length} saves`);

  rows.push(['Review opens (10,000 games, first page)', await measure(page, {
    reset: home,
    act: () => document.getElementById('home-review').click(),
    done: () => document.body.dataset.screen === 'review'
      && /\d/.test(document.getElementById('review-total').textContent)
      && document.querySelectorAll('#review-list li').length > 0,
  })]);
  rows.push(['Review filters by mode', await measure(page, {
    reset: async () => {
      await page.locator('#review-filter-mode').selectOption('');
      await page.locator('#review-list li').first().waitFor();
      await page.evaluate(() => { document.getElementById('review-total').dataset.was = document.getElementById('review-total').textContent; });
    },
    act: () => {
      const select = document.getElementById('review-filter-mode');
      select.value = 'human_ai';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    done: () => {
      const total = document.getElementById('review-total');
      return total.textContent !== total.dataset.was && document.querySelectorAll('#review-list li').length > 0;
    },
  })]);
  rows.push(['Review filters by result', await measure(page, {
    reset: async () => {
      await page.locator('#review-filter-result').selectOption('');
      await page.locator('#review-list li').first().waitFor();
      await page.evaluate(() => { document.getElementById('review-total').dataset.was = document.getElementById('review-total').textContent; });
    },
    act: () => {
      const select = document.getElementById('review-filter-result');
      select.value = 'win';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    done: () => {
      const total = document.getElementById('review-total');
      return total.textContent !== total.dataset.was && document.querySelectorAll('#review-list li').length > 0;
    },
  })]);
  rows.push(['Load opens (1,000 saves)', await measure(page, {
    reset: home,
    act: () => document.getElementById('home-load').click(),
    done: () => document.body.dataset.screen === 'load'
      && document.querySelectorAll('#saves-list li').length > 0,
  })]);

  rows.push(['Load filters by name', await measure(page, {
    reset: async () => {
      await page.locator('#saves-filter').fill('');
      await page.locator('#saves-list li').first().waitFor();
      await page.evaluate(() => { document.getElementById('saves-count').dataset.was = document.getElementById('saves-count').textContent; });
    },
    act: () => {
      const input = document.getElementById('saves-filter');
      input.value = 'master';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    done: () => {
      const count = document.getElementById('saves-count');
      return count.textContent !== count.dataset.was && document.querySelectorAll('#saves-list li').length > 0;
    },
  })]);

  const replaysCommand = await measureCommand(backend, 'list_replays', { filter: {}, page: 0, pageSize: 20 });
  const filteredCommand = await measureCommand(backend, 'list_replays', { filter: { mode: 'human_ai', result: 'win' }, page: 20, pageSize: 20 });
  const savesCommand = await measureCommand(backend, 'list_saves', {});
  rows.push(['command list_replays, first page', replaysCommand]);
  rows.push(['command list_replays, filtered, page 21', filteredCommand]);
  rows.push(['command list_saves (all 1,000)', savesCommand]);
  if (errors.length) throw new Error(`page errors: ${errors.join('\n')}`);
} finally {
  await browser.close();
  await backend.stop();
  await rm(backend.dialogDir, { recursive: true, force: true });
}

console.log(`\n${RUNS} runs each; target ${TARGET_MS} ms\n`);
console.log('| what | median ms | worst ms | target |');
console.log('| --- | ---: | ---: | --- |');
for (const [what, { median: m, max }] of rows) {
  console.log(`| ${what} | ${m.toFixed(1)} | ${max.toFixed(1)} | ${max < TARGET_MS ? 'PASS' : 'MISS'} |`);
}
