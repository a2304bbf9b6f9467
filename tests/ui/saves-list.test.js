// A long list of saves: the Load screen shows a page of them at a time
// with "Show more", and a filter by name narrows the list. Against the real
// game service, with real saves in a real data folder.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi } from './support.js';

const { withUi } = useUi();

const SAVES = 35;

test('the Load screen pages a long list and finds saves by name', () => withUi({
  async setup(backend) {
    await backend.call('play', { x: 7, y: 7 });
    for (let i = 1; i <= SAVES; i += 1) {
      await backend.call('save_game', { name: i % 5 === 0 ? `Final ${i}` : `Practice ${i}` });
    }
  },
}, async (page, errors, backend) => {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-load').click();
  const items = page.locator('#saves-list .save-item');
  await items.first().waitFor();
  assert.equal(await items.count(), 30, 'a first page of 30');
  assert.equal(await page.locator('#saves-count').textContent(), `${SAVES} saved games`);
  const more = page.locator('#saves-more');
  assert.equal(await more.textContent(), 'Show 5 more');
  await more.click();
  await items.nth(SAVES - 1).waitFor();
  assert.equal(await items.count(), SAVES);
  assert.equal(await more.isVisible(), false, 'nothing more to show');
  // The list holds every save the service has, in its order.
  const listed = await items.evaluateAll((els) => els.map((e) => e.dataset.name));
  assert.deepEqual(listed, (await backend.call('list_saves')).map((s) => s.name));

  // The filter: any case, any part of the name.
  await page.locator('#saves-filter').fill('fINAL');
  await page.locator('#saves-count', { hasText: `7 of ${SAVES} saved games` }).waitFor();
  assert.deepEqual(
    (await items.evaluateAll((els) => els.map((e) => e.dataset.name))).sort(),
    ['Final 10', 'Final 15', 'Final 20', 'Final 25', 'Final 30', 'Final 35', 'Final 5'],
  );
  await page.locator('#saves-filter').fill('nothing like it');
  await page.locator('#saves-none').waitFor();
  assert.equal(await items.count(), 0);
  await page.locator('#saves-filter').fill('');
  await page.locator('#saves-count', { hasText: `${SAVES} saved games` }).waitFor();
  assert.equal(await items.count(), 30, 'a cleared filter starts from the first page again');
  assert.deepEqual(errors, []);
}));

test('the Load screen opens on what the service has now, never on the last visit\'s list', () => withUi({
  async setup(backend) {
    await backend.call('play', { x: 7, y: 7 });
    await backend.call('save_game', { name: 'Before' });
  },
}, async (page, errors, backend) => {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-load').click();
  await page.locator('.save-item[data-name="Before"]').waitFor();
  await page.locator('#nav-home').click();
  await page.locator('#screen-home').waitFor();
  await backend.call('delete_save', { name: 'Before' });
  await backend.call('save_game', { name: 'After' });

  // In the same turn as the press, before the service can answer: a list
  // from the last visit there would be pressable, and drawn over under
  // the pointer once the answer came.
  const shownAtOnce = await page.evaluate(() => {
    document.getElementById('home-load').click();
    return [...document.querySelectorAll('#saves-list .save-item')].map((e) => e.dataset.name);
  });
  assert.deepEqual(shownAtOnce, []);
  await page.locator('.save-item[data-name="After"]').waitFor();
  const listed = await page.locator('#saves-list .save-item').evaluateAll((els) => els.map((e) => e.dataset.name));
  assert.deepEqual(listed, ['After']);
  assert.deepEqual(errors, []);
}));
