// Starts the app: the static texts, the screens, then the profile to play as.

import { loadLanguage, setLanguage, systemLanguage } from './i18n.js';
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

// The system's language, fetched first when it is not English, so the
// first texts drawn are already in it.
const system = systemLanguage();
await loadLanguage(system);
setLanguage(system);
onSettings(applyMusic);
state.appInfo = (await attempt('app_info')) ?? null;
await startApp();
