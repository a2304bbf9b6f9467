// Starts the app: the static texts, the screens, then the profile to play as.

import { translatePage } from './i18n.js';
import { state, attempt } from './app.js';
import './game.js';
import './saves.js';
import './review.js';
import { startApp } from './screens.js';

translatePage();
state.appInfo = (await attempt('app_info')) ?? null;
await startApp();
