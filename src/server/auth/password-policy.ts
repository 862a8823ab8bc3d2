import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { findPasswordProblem, type PasswordContext } from '../../lib/password-strength.ts';

/**
 * The server's check of a new password, offline: the browser's rule (src/lib/password-strength.ts),
 * then zxcvbn with its lists of common passwords, English words and names and keyboard patterns. A
 * password it expects to fall within a million guesses (score 0 or 1) is refused; the lists stay out of
 * the browser's bundle, whose rule is the light one.
 */

let checker: ZxcvbnFactory | undefined;

// Unpacking the dictionaries takes about half a second: only sign-up, reset and admin:create pay it.
function readChecker(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return checker;
}

/** Why `password` is too easy to guess, in words that help choose a better one; undefined when it is fine. */
export function findGuessablePassword(password: string, context: PasswordContext = {}): string | undefined {
  const problem = findPasswordProblem(password, context);
  if (problem) return problem;
  const personal = [context.email, context.email?.split('@')[0], context.name].filter(
    (value): value is string => Boolean(value),
  );
  const { score, feedback } = readChecker().check(password, personal);
  if (score >= 2) return undefined;
  const warning = feedback.warning ?? 'This password would be among the first ones an attacker tries.';
  return `${warning} Try three or four unrelated words.`;
}
