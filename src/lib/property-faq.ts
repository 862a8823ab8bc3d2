import { fillTerms } from './booking-terms.ts';

/** A question as a property page shows it, with the terms filled in. */
export type AnsweredQuestion = { question: string; answer: string };

type SharedQuestion = AnsweredQuestion & { id: string; order: number };
type OwnQuestion = AnsweredQuestion & { replaces?: string | undefined };

/**
 * The FAQ of one property page: the shared questions in their order, each replaced by the property's
 * own answer where it gives one (`replaces`), then the property's other questions. A `replaces` that
 * names no shared question throws, so a renamed question fails the build instead of showing both.
 */
export function listPropertyQuestions(shared: SharedQuestion[], own: OwnQuestion[]): AnsweredQuestion[] {
  const ids = new Set(shared.map((question) => question.id));
  for (const question of own) {
    if (question.replaces !== undefined && !ids.has(question.replaces))
      throw new Error(`"${question.question}" replaces "${question.replaces}", which is no shared question`);
  }
  const replacement = (id: string) => own.find((question) => question.replaces === id);
  const merged = [...shared]
    .sort((a, b) => a.order - b.order)
    .map((question) => replacement(question.id) ?? question)
    .concat(own.filter((question) => question.replaces === undefined));
  return merged.map(({ question, answer }) => ({ question: fillTerms(question), answer: fillTerms(answer) }));
}
