import { describe, expect, it } from 'vitest';
import { bookingTerms } from './booking-terms.ts';
import { listPropertyQuestions } from './property-faq.ts';

const shared = [
  { id: 'how-to-pay', order: 2, question: 'How do I pay?', answer: 'A {depositPercent}% deposit by card.' },
  { id: 'wifi', order: 1, question: 'Is there Wi-Fi?', answer: 'Yes, on fibre.' },
  { id: 'pool-fencing', order: 3, question: 'Is the pool fenced?', answer: 'Not at the villas.' },
];

describe('listPropertyQuestions', () => {
  it('shows the shared questions in their order, with the terms filled in', () => {
    expect(listPropertyQuestions(shared, [])).toEqual([
      { question: 'Is there Wi-Fi?', answer: 'Yes, on fibre.' },
      { question: 'How do I pay?', answer: `A ${bookingTerms.depositPercent}% deposit by card.` },
      { question: 'Is the pool fenced?', answer: 'Not at the villas.' },
    ]);
  });

  it('puts a property’s own answer in the place of the shared one it replaces, and its new questions last', () => {
    const own = [
      { question: 'Can we go out on the lake?', answer: 'Yes, from the jetty.' },
      { replaces: 'pool-fencing', question: 'Is the pool fenced?', answer: 'No, and it ends at a cliff.' },
    ];
    expect(listPropertyQuestions(shared, own).map((entry) => entry.answer)).toEqual([
      'Yes, on fibre.',
      `A ${bookingTerms.depositPercent}% deposit by card.`,
      'No, and it ends at a cliff.',
      'Yes, from the jetty.',
    ]);
  });

  it('refuses an answer that replaces a question nobody asks', () => {
    const own = [{ replaces: 'pool-fence', question: 'Is the pool fenced?', answer: 'No.' }];
    expect(() => listPropertyQuestions(shared, own)).toThrow(/pool-fence/);
  });
});
