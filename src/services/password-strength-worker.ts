/**
 * What a password-strength thread runs (password-strength.ts starts it): zxcvbn-ts with its common
 * and English dictionaries, built once per thread, on the first CHECKED_LENGTH characters with at
 * most L33T_SUBSTITUTIONS l33t spellings.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as english, translations } from '@zxcvbn-ts/language-en';
import { CHECKED_LENGTH, L33T_SUBSTITUTIONS, type StrengthTask, type StrengthVerdict } from './password-strength.js';

const zxcvbn = new ZxcvbnFactory({
  maxLength: CHECKED_LENGTH,
  l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
  translations,
  graphs: adjacencyGraphs,
  dictionary: { ...common, ...english },
});

export default function estimate({ password, userInputs }: StrengthTask): StrengthVerdict {
  const r = zxcvbn.check(password, userInputs);
  return { score: r.score, warning: r.feedback.warning, suggestions: r.feedback.suggestions };
}
