// Tournament openings (Swap, Swap2, Soosõrv-8; see docs/ipc.md, GameView's
// `opening`) on the game screen: the panel that says what the opening asks
// now and of whom, with its buttons and count, and the one-line summary of
// what happened once it is over (the review shows it too). The service
// decides every step; this only puts its view into words.

import { t, plural } from './i18n.js';
import { pointName } from './board.js';
import { $, playerName, levelName } from './app.js';

/** The openings each rule can begin with, in the order they are offered. */
export const OPENINGS = { freestyle: ['swap', 'swap2'], standard: ['swap', 'swap2'], renju: ['soosorv8'] };

/**
 * Who takes each decision of an opening, by the colour held at the time:
 * the view lists the decisions, and each rule takes them in a fixed order
 * (Swap2's second one only after `place_two`).
 */
const DECIDERS = { swap: ['white'], swap2: ['white', 'black'], soosorv8: ['white', 'white', 'black'] };

/** The decisions the panel's buttons send, by button id. */
const CHOICE_BUTTONS = { 'opening-stay': 'stay', 'opening-swap': 'swap', 'opening-place-two': 'place_two' };

const other = (side) => (side === 'black' ? 'white' : 'black');

/** An opening rule's name ("Swap2"); the id itself for one this page does not know. */
export function openingName(rule) {
  const key = `opening.rule.${rule}`;
  const text = t(key);
  return text === key ? String(rule) : text;
}

/** The step the opening asks for now, or null when there is none or it is over. */
export function openingStep(view) {
  const step = view?.opening?.step;
  return step && step.kind !== 'done' ? step : null;
}

/** "Ann (black)"; a guest with no name is the side ("Black"); "Computer, Easy (white)". */
function who(view, side) {
  const player = view.players?.[side];
  if (player?.kind === 'ai') return t(`opening.whoAi.${side}`, { level: levelName(player.level) });
  const name = playerName(player, side);
  return !name || name === t(`side.${side}`) ? t(`side.${side}`) : t(`opening.who.${side}`, { name });
}

/** What the opening asks now, of whom, in words: "Ann (black): place the opening stones — …". */
function askText(view, step) {
  const o = view.opening;
  const values = { who: who(view, step.actor), stone: t(`stone.${view.to_move}`) };
  if (step.kind === 'place') {
    // Soosõrv-8 asks for its stones one at a time, each with its square.
    if (o.rule === 'soosorv8') {
      values.number = view.stones.length + 1;
      values.area = step.area;
      if (step.area === 1) return t('opening.ask.placeCentre', values);
      return t(step.area ? 'opening.ask.placeArea' : 'opening.ask.placeAnywhere', values);
    }
    // Swap and Swap2: three stones from the empty board, or Swap2's two more.
    const two = o.choices.at(-1) === 'place_two';
    values.n = view.stones.length - (o.settled ?? 0) + 1;
    values.total = two ? 2 : 3;
    return t(two ? 'opening.ask.placeTwo' : 'opening.ask.placeThree', values);
  }
  if (step.kind === 'choose') {
    const key = `opening.ask.choose.${step.options}`;
    const text = t(key, { ...values, side: t(`opening.colour.${step.actor}`), other: t(`opening.colour.${other(step.actor)}`) });
    return text === key ? t('opening.ask.choose', values) : text;
  }
  if (step.kind === 'declare') return t('opening.ask.declare', { ...values, max: step.max });
  if (step.kind === 'offer') return t('opening.ask.offer', { ...values, n: o.offers.length, count: step.count });
  if (step.kind === 'pick') return t('opening.ask.pick', values);
  return t('opening.ask.other', values);
}

/**
 * Draws the opening panel for `view`: shown only while an opening step is
 * asked. The buttons and the count are a person's; while the computer acts
 * the panel says so (`thinking`: its search is running).
 */
export function renderOpening(view, { thinking = false } = {}) {
  const step = openingStep(view);
  const panel = $('opening-panel');
  panel.hidden = !step;
  // On a phone the panel stands in for the turn line while the opening goes
  // on, and the counts make room for it or for the summary (app.css).
  const side = panel.closest('.panel');
  side.classList.toggle('in-opening', !!step);
  renderSummary($('opening-summary'), view);
  side.classList.toggle('has-summary', !$('opening-summary').hidden);
  if (!step) return;
  const person = view.players?.[step.actor]?.kind !== 'ai';
  const ask = askText(view, step);
  $('opening-text').textContent = t('opening.line', {
    rule: openingName(view.opening.rule),
    ask: !person && thinking ? t('opening.thinking', { ask }) : ask,
  });
  panel.dataset.step = step.kind;
  panel.dataset.actor = step.actor;
  const choices = step.kind === 'choose' && person ? step.choices ?? [] : [];
  for (const [id, choice] of Object.entries(CHOICE_BUTTONS)) {
    const button = $(id);
    button.hidden = !choices.includes(choice);
    button.disabled = thinking;
    button.textContent = t(`opening.button.${choice}`, {
      side: t(`opening.colour.${step.actor}`),
      other: t(`opening.colour.${other(step.actor)}`),
    });
  }
  $('opening-choices').hidden = choices.length === 0;
  const declaring = step.kind === 'declare' && person;
  $('opening-declare-row').hidden = !declaring;
  if (declaring) fillCount($('opening-count'), step.max ?? 8);
  $('opening-declare').disabled = thinking;
}

/** The count select holds 1..max; the player's pick stays while it fits. */
function fillCount(select, max) {
  if (select.options.length === max) return;
  const chosen = Number(select.value) || 1;
  select.replaceChildren(...Array.from({ length: max }, (_, i) => new Option(String(i + 1), String(i + 1))));
  select.value = String(Math.min(chosen, max));
}

/** Shows the summary of a finished opening in `el` (hidden when there is none). */
export function renderSummary(el, view) {
  const text = openingSummary(view);
  el.textContent = text;
  el.hidden = !text;
}

/**
 * What happened in the opening, once it is over, in a line: "Swap2: white
 * placed two more; black swapped". Empty while it goes on, and for a game
 * with no opening.
 */
export function openingSummary(view) {
  const o = view?.opening;
  if (!o || o.step?.kind !== 'done') return '';
  const deciders = DECIDERS[o.rule] ?? [];
  const parts = (o.choices ?? []).map((choice, i) => {
    const side = deciders[i] ? t(`opening.colour.${deciders[i]}`) : '';
    if (choice && typeof choice === 'object' && 'declare' in choice) return plural('opening.did.declare', choice.declare, { side });
    return t(`opening.did.${choice}`, { side });
  });
  // Soosõrv-8 ends with white's pick: black's fifth move.
  const fifth = o.rule === 'soosorv8' ? view.stones?.[4] : null;
  if (fifth) parts.push(t('opening.did.pick', { point: pointName(fifth.x, fifth.y, view.size) }));
  // Who plays which colour now, the side controls say by name.
  return t('opening.summary', { rule: openingName(o.rule), did: parts.join(t('opening.did.separator')) });
}

/**
 * What the computer just did in the opening, for the live region: its
 * decision or its offer (its stones are said as moves are), or null.
 */
export function openingNews(before, after) {
  const was = before?.opening;
  const now = after?.opening;
  if (!was || !now) return null;
  if (now.choices.length > was.choices.length) {
    const i = now.choices.length - 1;
    const choice = now.choices[i];
    const side = t(`side.${DECIDERS[now.rule]?.[i] ?? 'white'}`);
    if (choice && typeof choice === 'object') return plural('opening.did.declare', choice.declare, { side });
    return t(`opening.did.${choice}`, { side });
  }
  if (now.offers.length > was.offers.length) {
    const p = now.offers.at(-1);
    return t('live.offer', { point: pointName(p.x, p.y, after.size) });
  }
  return null;
}

/**
 * Wires the panel: each button sends its decision, Declare the count
 * (`send(choice)` runs `opening_choice` and draws the answer).
 */
export function bindOpening(send) {
  for (const [id, choice] of Object.entries(CHOICE_BUTTONS)) $(id).addEventListener('click', () => send(choice));
  $('opening-declare').addEventListener('click', () => send({ declare: Number($('opening-count').value) }));
}
