// Profiles as accounts: a new profile offered at once, a password set,
// changed and removed (the current one asked for first), the open profile
// locked with its game kept, and a clear word for a locked profile that
// cannot be renamed or deleted. Against the real game service.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, newGame, place, screenshot, homeWhole, profilesWhole, holdAnswers } from './support.js';
import { pageErrors } from './play-states.js';

const { withUi } = useUi();

/** The profile row whose name is exactly `name`. */
const profileItem = (page, name) => page.locator('.profile-item')
  .filter({ has: page.locator('.profile-name', { hasText: new RegExp(`^${name}$`) }) });

/** The profile the service knows by `name`. */
async function profileNamed(backend, name) {
  return (await backend.call('list_profiles')).profiles.find((p) => p.name === name);
}

/** Fills the password dialog and presses `button` ('save' or 'remove'). */
async function passwordForm(page, { old, next, repeat = next, button = 'save' }) {
  await page.locator('#dialog-password').waitFor();
  if (old !== undefined) await page.locator('#password-old').fill(old);
  if (next !== undefined) await page.locator('#password-new').fill(next);
  if (repeat !== undefined) await page.locator('#password-repeat').fill(repeat);
  await page.locator(`#password-${button}`).click();
}

for (const language of ['en', 'zh']) {
  test(`${language}: a new profile opens at once, gets a password, is locked and opens only with it`, () => withUi({
    locale: language === 'zh' ? 'zh-CN' : 'en-US',
  }, async (page, errors, backend) => {
    const en = language === 'en';
    await homeWhole(page);
    assert.equal(await page.locator('#home-lock').isVisible(), false, 'no password, nothing to lock');
    await page.locator('#home-profile').click();
    await page.locator('#profile-create-name').fill('Mei');
    await page.locator('#profile-create').click();
    await page.locator('#confirm-text', { hasText: en ? 'The profile Mei is ready. Open it now?' : '玩家 Mei 已创建。现在进入吗？' }).waitFor();
    await screenshot(page, `profiles-created-${language}`);
    await page.locator('#confirm-ok').click();
    await page.locator('#screen-home').waitFor();
    assert.equal(await page.locator('#nav-profile').textContent(), 'Mei');
    const mei = await profileNamed(backend, 'Mei');
    assert.equal((await backend.call('list_profiles')).current, mei.id);

    // A password for Mei, typed twice the same.
    await page.locator('#nav-profile').click();
    await profileItem(page, 'Mei').locator('.profile-password').click();
    assert.equal(await page.locator('#password-old-field').isVisible(), false, 'no current password to ask for');
    assert.equal(await page.locator('#password-remove').isVisible(), false);
    await passwordForm(page, { next: 'plum', repeat: 'plun' });
    await page.locator('#password-error', { hasText: en ? 'The two new passwords are not the same.' : '两次输入的新密码不一致。' }).waitFor();
    assert.equal((await profileNamed(backend, 'Mei')).has_password, false, 'nothing set yet');
    await screenshot(page, `profiles-password-${language}`);
    await passwordForm(page, { next: 'plum' });
    await page.locator('#dialog-password').waitFor({ state: 'hidden' });
    assert.equal((await profileNamed(backend, 'Mei')).has_password, true);
    await profileItem(page, 'Mei').locator('.badge', { hasText: en ? 'Password' : '有密码' }).waitFor();

    // A game on the board, then Lock: the list, and the game kept. The
    // open profile goes home without its password.
    await profileItem(page, 'Mei').locator('.profile-open').click();
    await homeWhole(page);
    assert.equal(await page.locator('#home-lock').isVisible(), true, 'now there is a password to lock with');
    await newGame(page, { mode: 'human_human' });
    await place(page, 7, 7);
    await place(page, 8, 8);
    await page.locator('#nav-home').click();
    await page.locator('#home-lock').click();
    await profilesWhole(page);
    await page.locator('#profiles-status', { hasText: en ? 'Mei is locked. Its game is kept for Continue.' : 'Mei 已锁定。其对局已保留，可以继续。' }).waitFor();
    assert.equal(await page.locator('#nav-profile').isVisible(), false);
    assert.equal((await backend.call('list_profiles')).current, null, 'no profile open');
    assert.deepEqual((await backend.call('game_view')).stones, [], 'the board is cleared');
    await screenshot(page, `profiles-locked-${language}`);

    // Locked: renaming says to open it first, and the service is not asked.
    await profileItem(page, 'Mei').locator('.profile-rename').click();
    await page.locator('#message[data-kind="unlock_first"]').waitFor();
    assert.equal(await page.locator('#message').textContent(), en
      ? 'Mei has a password: open the profile with it first, then rename or delete it there.'
      : 'Mei 设有密码：请先用密码进入该玩家，再改名或删除。');
    assert.equal(await page.locator('#dialog-prompt').isVisible(), false);

    // Only the password opens it again, and Continue brings the game back.
    await profileItem(page, 'Mei').locator('.profile-open').click();
    await page.locator('#prompt-password').fill('peach');
    await page.locator('#prompt-ok').click();
    await page.locator('#prompt-error', { hasText: en ? 'Wrong password.' : '密码错误。' }).waitFor();
    await page.locator('#prompt-password').fill('plum');
    await page.locator('#prompt-ok').click();
    await page.locator('#screen-home').waitFor();
    await page.locator('#home-continue').click();
    await page.locator('#screen-game').waitFor();
    await page.locator('#board .stone').nth(1).waitFor();
    assert.equal(await page.locator('#board .stone').count(), 2);
    assert.deepEqual(pageErrors(errors), []);
  }));
}

test('a password is changed and removed only with the current one', () => withUi({
  async setup(backend) {
    await backend.call('create_profile', { name: 'Bo', password: 'pear' });
  },
}, async (page, errors, backend) => {
  await page.locator('#home-profile').click();
  await profileItem(page, 'Bo').locator('.profile-open').click();
  await page.locator('#prompt-password').fill('pear');
  await page.locator('#prompt-ok').click();
  await homeWhole(page);
  assert.equal(await page.locator('#home-lock').isVisible(), true, 'a profile with a password can be locked');
  await page.locator('#nav-profile').click();
  await profileItem(page, 'Bo').locator('.profile-password').click();
  assert.equal(await page.locator('#password-old-field').isVisible(), true);
  assert.equal(await page.locator('#password-save').textContent(), 'Change password');

  // Each refusal says what is wrong, and the dialog stays open.
  await passwordForm(page, { next: 'quince' });
  await page.locator('#password-error', { hasText: 'Type the current password first.' }).waitFor();
  await passwordForm(page, { old: 'apple', next: 'quince' });
  await page.locator('#password-error', { hasText: 'Wrong password.' }).waitFor();
  await passwordForm(page, { old: 'pear', next: '', repeat: '' });
  await page.locator('#password-error', { hasText: 'Type the new password.' }).waitFor();
  await screenshot(page, 'profiles-password-change');
  await passwordForm(page, { old: 'pear', next: 'quince' });
  await page.locator('#dialog-password').waitFor({ state: 'hidden' });
  const bo = await profileNamed(backend, 'Bo');
  await backend.call('lock_profile');
  await assert.rejects(backend.call('open_profile', { id: bo.id, password: 'pear' }), { kind: 'wrong_password' });
  await backend.call('open_profile', { id: bo.id, password: 'quince' });

  // Removed: the old one first, then it opens freely and has nothing to lock.
  await page.reload();
  await profilesWhole(page);
  await profileItem(page, 'Bo').locator('.profile-password').click();
  await page.locator('#password-remove').click();
  await page.locator('#password-error', { hasText: 'Type the current password first.' }).waitFor();
  await page.locator('#password-old').fill('pear');
  await page.locator('#password-remove').click();
  await page.locator('#password-error', { hasText: 'Wrong password.' }).waitFor();
  await page.locator('#password-old').fill('quince');
  await page.locator('#password-remove').click();
  await page.locator('#dialog-password').waitFor({ state: 'hidden' });
  assert.equal((await profileNamed(backend, 'Bo')).has_password, false);
  assert.equal(await profileItem(page, 'Bo').locator('.badge', { hasText: 'Password' }).count(), 0);
  await profileItem(page, 'Bo').locator('.profile-open').click();
  await homeWhole(page);
  assert.equal(await page.locator('#home-lock').isVisible(), false);
  assert.deepEqual(pageErrors(errors), []);
}));

test('the profile list shows whole: the form under it does not move once it can be pressed', () => withUi({}, async (page, errors, backend) => {
  await backend.call('create_profile', { name: 'Ann' });
  await backend.call('create_profile', { name: 'Bo' });
  await homeWhole(page);
  const { asked, release } = await holdAnswers(page, 'list_profiles');
  await page.locator('#nav-profile').click();
  await asked;
  // Three rows arriving later would push Create down under a press meant for it.
  assert.equal(await page.locator('#screen-profiles').isVisible(), true);
  assert.equal(await page.locator('#profile-create').isVisible(), false, 'no form until the list has come');
  assert.equal(await page.locator('#profile-create-name').isVisible(), false);
  release();
  await profilesWhole(page);
  assert.deepEqual(await page.locator('.profile-name').allTextContents(), ['Player', 'Ann', 'Bo']);
  assert.equal(await page.locator('#profile-create').isVisible(), true);
  assert.deepEqual(pageErrors(errors), []);
}));
