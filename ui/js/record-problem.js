// Why an imported record could not be read, in the player's language: the
// game service names the format, the line and column, the text found there
// and a reason code with its details (see docs/ipc.md, `bad_record`).

import { t } from './i18n.js';

/**
 * The reason's words, its details filled in (translated where they are
 * words); null for a reason this page does not know.
 */
export function reasonText(reason) {
  const values = { ...reason };
  if (reason.code === 'setup_stone') return t(`record.reason.setup_stone.${reason.why}`, values);
  if (reason.code === 'setup_five') {
    values.stone = t(`stone.${reason.stone}`);
    return t(reason.overline ? 'record.reason.setup_overline' : 'record.reason.setup_five', values);
  }
  if (reason.code === 'setup_counts') values.to_move = t(`stone.${reason.to_move}`);
  if (reason.code === 'illegal_move') {
    if (reason.forbidden) values.forbidden = t(`forbiddenKind.${reason.forbidden}`);
    return t(`record.reason.illegal_move.${reason.why}`, values);
  }
  if (reason.code === 'opening') return t(`record.reason.opening.${reason.what}`, values);
  if (reason.code === 'out_of_turn') values.expected = t(`stone.${reason.expected}`);
  if (reason.code === 'rule_size') values.rule = t(`rule.${reason.rule}`);
  const key = `record.reason.${reason.code}`;
  const text = t(key, values);
  return text === key ? null : text;
}

/**
 * The sentence for a `bad_record` error that carries `record`, or null when
 * it does not (or names a reason this page does not know: the caller then
 * shows the service's own message).
 */
export function recordProblemText(err) {
  const problem = err?.record;
  if (!problem?.reason) return null;
  const reason = reasonText(problem.reason);
  if (!reason) return null;
  const format = t(`record.format.${problem.format}`);
  const values = { format, reason, line: problem.line, column: problem.column, token: problem.token };
  if (problem.line == null) return t('record.nowhere', values);
  return t(problem.token ? 'record.whereToken' : 'record.where', values);
}
