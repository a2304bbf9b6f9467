// Why a tournament opening refused a stone or a decision, in the player's
// language: the game service sends the kind `opening` with `opening.type`
// and its details (see docs/ipc.md, Errors). Kept apart from opening.js so
// the shell's error line can use it without the game screen.

import { t } from './i18n.js';

/**
 * The sentence for an `opening` refusal (`{ type, ... }`), or null for a
 * type this page does not know (the caller then shows the service's words).
 */
export function openingProblemText(problem) {
  if (!problem?.type) return null;
  const values = { ...problem };
  if (problem.type === 'outside_area') {
    // The first stone of Soosõrv-8 has one point to go on: the centre.
    return t(problem.area === 1 ? 'openingProblem.centre' : 'openingProblem.outside_area', values);
  }
  if (problem.type === 'wrong_rule') {
    values.opening = t(`opening.rule.${problem.opening}`);
    values.rule = t(`rule.${problem.rule}`);
  }
  const key = problem.type === 'not_a_stone'
    ? `openingProblem.not_a_stone.${problem.wanted}` : `openingProblem.${problem.type}`;
  const text = t(key, values);
  return text === key ? null : text;
}
