// Starts the app: the static texts, the screens, then the profile to play as.

import { translatePage } from './i18n.js';
import { state, attempt, onSettings } from './app.js';
import { applyMusic } from './sound.js';
import './game.js';
import './saves.js';
import './review.js';
import './help.js';
import './stats.js';
import './editor.js';
import './puzzles.js';
import { startApp } from './screens.js';

translatePage();
onSettings(applyMusic);
state.appInfo = (await attempt('app_info')) ?? null;
await startApp();
