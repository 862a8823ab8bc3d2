import { describe, expect, it } from 'vitest';
import { businessId, describeFaq, serializeJsonLd } from './structured-data.ts';

describe('serializeJsonLd', () => {
  it.each([
    [{ name: 'Kayal Villas' }, '{"name":"Kayal Villas"}'],
    [
      { text: '</script><script>alert(1)</script>' },
      '{"text":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}',
    ],
  ])('writes %o as %s', (data, expected) => {
    expect(serializeJsonLd(data)).toBe(expected);
  });

  it('still parses back to the same data', () => {
    const data = { '@type': 'VacationRental', name: 'A <b>villa</b> & pool' };
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data);
  });
});

describe('businessId', () => {
  it('is one fragment on the site root, whatever page asks', () => {
    expect(businessId(new URL('https://kayalvillas.in/villas/x'))).toBe('https://kayalvillas.in/#business');
  });
});

describe('describeFaq', () => {
  const url = new URL('https://kayalvillas.in/villas/kovalam-cliff-villa');
  const questions = [
    { question: 'Is the pool fenced?', answer: 'No, the infinity pool is unfenced.' },
    { question: 'How do I pay?', answer: 'By card over the phone once we confirm.' },
  ];

  it('is a schema.org FAQPage whose main entity is each question with its accepted answer, in order', () => {
    expect(describeFaq({ questions, url })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      '@id': 'https://kayalvillas.in/villas/kovalam-cliff-villa#faq',
      url: 'https://kayalvillas.in/villas/kovalam-cliff-villa',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Is the pool fenced?',
          acceptedAnswer: { '@type': 'Answer', text: 'No, the infinity pool is unfenced.' },
        },
        {
          '@type': 'Question',
          name: 'How do I pay?',
          acceptedAnswer: { '@type': 'Answer', text: 'By card over the phone once we confirm.' },
        },
      ],
    });
  });

  it('survives an answer that would close its script element', () => {
    const data = describeFaq({ questions: [{ question: 'Tags?', answer: '</script> is harmless' }], url });
    const text = serializeJsonLd(data);
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).mainEntity[0].acceptedAnswer.text).toBe('</script> is harmless');
  });
});
