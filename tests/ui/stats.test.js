// Statistics for every mode with points and the device's leaderboard, and a
// two-player game that names both players: a guest by the name typed, or
// another profile with its password, counted in both profiles' stats.
// Against the real game service, in both languages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, place, screenshot } from './support.js';
import { pageErrors } from './play-states.js';

const { withUi } = useUi();

/** Goes to the new-game screen and picks a two-player game. */
async function twoPlayerForm(page) {
  if (!(await page.locator('#screen-home').isVisible())) await page.locator('#nav-home').click();
  await page.locator('#new-game').click();
  await page.locator('#new-game-mode input[value="human_human"]').check();
  // The other profiles are listed once the screen has asked for them.
  await page.locator('#new-game-opponent option[value^="profile:"]').first().waitFor({ state: 'attached' });
}

/** Black plays the top row from the left, white the row below, until black has five. */
async function blackFive(page) {
  for (let x = 0; x < 5; x += 1) {
    await place(page, x, 0);
    if (x < 4) await place(page, x, 1);
  }
  await page.locator('#dialog-game-over').waitFor();
}

/** The cells of a table row, as text. */
const rowText = (row) => row.locator('th, td').allTextContents();

for (const language of ['en', 'zh']) {
  test(`${language}: two named players, points and the leaderboard`, () => withUi({
    locale: language === 'zh' ? 'zh-CN' : 'en-US',
    async setup(backend) {
      await backend.call('create_profile', { name: 'Ann', password: 'pear' });
    },
  }, async (page, errors, backend) => {
    const en = language === 'en';
    const me = en ? 'Player' : '玩家';
    await page.locator('#screen-home').waitFor();
    // The profile made on first start is named in the player's language.
    assert.equal(await page.locator('#nav-profile').textContent(), me);
    const ann = (await backend.call('list_profiles')).profiles.find((p) => p.name === 'Ann');

    // A guest, named, plays black; the open profile takes white.
    await twoPlayerForm(page);
    const options = await page.locator('#new-game-opponent option').allTextContents();
    assert.deepEqual(options, [en ? 'A guest' : '访客', 'Ann'], 'a guest or the other profile, not the open one');
    await page.locator('#new-game-guest-name').fill('  Li  ');
    await page.locator('#new-game-you input[value="white"]').check();
    assert.equal(await page.locator('#new-game-counts').textContent(), en ? 'The game counts in your statistics.' : '这局会计入你的统计。');
    await screenshot(page, `two-players-guest-${language}`);
    await page.locator('#new-game-start').click();
    await page.locator('#screen-game').waitFor();
    assert.equal(await page.locator('#side-black option:checked').textContent(), 'Li');
    assert.equal(await page.locator('#side-white option:checked').textContent(), me);
    await blackFive(page);
    assert.equal(await page.locator('#game-over-title').textContent(), en ? 'Li wins' : 'Li 获胜');
    await page.locator('#game-over-home').click();

    // Ann's password is asked for, and a wrong one keeps the form.
    await twoPlayerForm(page);
    await page.locator('#new-game-opponent').selectOption(`profile:${ann.id}`);
    assert.equal(await page.locator('#new-game-guest-field').isVisible(), false);
    assert.equal(await page.locator('#new-game-opponent-password-label').textContent(), en ? 'Password of Ann' : 'Ann 的密码');
    assert.equal(await page.locator('#new-game-counts').textContent(), en ? 'The game counts in both profiles’ statistics.' : '这局会计入双方档案的统计。');
    await page.locator('#new-game-you input[value="black"]').check();
    await page.locator('#new-game-opponent-password').fill('plum');
    await page.locator('#new-game-start').click();
    await page.locator('#message[data-kind="wrong_password"]').waitFor();
    assert.equal(await page.locator('#screen-new-game').isVisible(), true, 'still on the form');
    await page.locator('#new-game-opponent-password').fill('pear');
    await page.locator('#new-game-start').click();
    await page.locator('#screen-game').waitFor();
    assert.equal(await page.locator('#side-black option:checked').textContent(), me);
    assert.equal(await page.locator('#side-white option:checked').textContent(), 'Ann');
    await blackFive(page);
    assert.equal(await page.locator('#game-over-title').textContent(), en ? `${me} wins` : `${me} 获胜`);
    await screenshot(page, `two-players-won-${language}`);
    await page.locator('#game-over-home').click();

    // Statistics: one loss to the guest, one win over Ann (6 points), and
    // the leaderboard with both profiles.
    await page.locator('#home-stats').click();
    await page.locator('#stats-leaderboard tbody tr').nth(1).waitFor();
    assert.equal(await page.locator('#stats-points').textContent(), '6');
    assert.equal(await page.locator('#stats-total').textContent(), '2');
    assert.deepEqual(await rowText(page.locator('#stats-mode-human_human')),
      [en ? 'Two players' : '双人对弈', '2', '1', '1', '0', '50%']);
    const rows = page.locator('#stats-leaderboard tbody tr');
    assert.deepEqual(await rowText(rows.nth(0)),
      ['1', `${me} ${en ? 'Current' : '当前'}`, '6', '2', '1', '1', '0', '1']);
    assert.equal(await rows.nth(0).getAttribute('aria-current'), 'true');
    assert.deepEqual(await rowText(rows.nth(1)), ['2', 'Ann', '0', '1', '0', '1', '0', '0']);
    assert.equal(await page.locator('#stats-leaderboard-note').textContent(), en ? 'All 2 profiles on this device.' : '本机全部 2 个档案。');
    await screenshot(page, `stats-leaderboard-${language}`);

    // The service agrees: Ann's own stats have the loss.
    await backend.call('open_profile', { id: ann.id, password: 'pear' });
    const annStats = await backend.call('get_stats');
    assert.deepEqual(annStats.by_mode.human_vs_human, { wins: 0, losses: 1, draws: 0 });
    // The wrong password's refusal is an HTTP 4xx the browser logs; nothing else.
    assert.deepEqual(pageErrors(errors), []);
  }));
}

test('computer-against-computer games are counted as watched, by the side that won', () => withUi({
  async setup(backend) {
    await backend.call('new_game', { config: { mode: 'ai_ai', blackLevel: 'beginner', whiteLevel: 'beginner' } });
    let view = await backend.call('game_view');
    while (!view.outcome) view = await backend.call('ai_move', {});
    await backend.call('new_game', { config: { mode: 'human_human' } });
  },
}, async (page, errors, backend) => {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-stats').click();
  const row = page.locator('#stats-watched-row');
  await row.waitFor();
  const { watched } = await backend.call('get_stats');
  const cells = await rowText(row);
  assert.deepEqual(cells, ['Computer against computer', '1',
    String(watched.black_wins), String(watched.white_wins), String(watched.draws)]);
  assert.equal(watched.black_wins + watched.white_wins + watched.draws, 1);
  assert.equal(await page.locator('#stats-total').textContent(), '0', 'a watched game is not one the profile played');
  assert.deepEqual(errors, []);
}));
