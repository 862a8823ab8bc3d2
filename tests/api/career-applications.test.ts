import { describe, expect, it } from 'vitest';
import sendCareerApplication from '../../netlify/functions/career-applications.mts';
import jobs from '../../src/content/jobs.json' with { type: 'json' };
import { careerApplicationForm } from '../../src/features/career-application/career-application-contract.ts';
import {
  caller,
  describePublicFormContract,
  itRefusesInvalidInput,
} from '../support/public-form-contract.ts';
import { formPost, jsonPost } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

const { endpoint } = careerApplicationForm;
const choosePosition = 'Choose the position you are applying for';

function validApplication(overrides: Record<string, string> = {}) {
  return {
    name: 'Anjali Varghese',
    email: `anjali+${crypto.randomUUID()}@example.com`,
    phone: '+91 94470 23456',
    qualification: 'B.Arch, 2019',
    position: 'architect',
    coverNote: 'Five years designing homes in Thrissur, mostly laterite and timber.',
    ...overrides,
  };
}

async function rowsFor(email: string) {
  return ownerQuery<{
    id: string;
    name: string;
    phone: string;
    qualification: string;
    position: string;
    cover_note: string | null;
  }>(
    'select id, name, phone, qualification, position, cover_note from career_applications where email = $1',
    [email],
  );
}

const form = {
  endpoint,
  handler: sendCareerApplication,
  validBody: () => validApplication(),
  countRows: async (email: string) => (await rowsFor(email)).length,
  sentPath: careerApplicationForm.sentPath,
  invalidFormPost: {
    fields: { email: 'not-an-email', qualification: '', position: 'civil-engineer', coverNote: 'Hello' },
    expectHtml: [
      'Enter a valid email address',
      'Enter your qualification',
      'value="not-an-email"',
      'value="Anjali Varghese"',
      '<option value="civil-engineer" selected="">Civil Engineer</option>',
      '>Hello</textarea>',
    ],
  },
};
const call = caller(form);

describe('POST /api/career-applications', () => {
  it('stores a valid JSON application with the position id and answers 201 with its id', async () => {
    const application = validApplication();
    const response = await call(jsonPost(endpoint, application));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string };
    expect(await rowsFor(application.email)).toEqual([
      {
        id: body.id,
        name: application.name,
        phone: application.phone,
        qualification: 'B.Arch, 2019',
        position: 'architect',
        cover_note: application.coverNote,
      },
    ]);
  });

  it.each([
    ['is left out', undefined],
    ['is left empty', ''],
    ['is only spaces', '   '],
  ])('stores no cover note when it %s', async (_case, coverNote) => {
    const application = { ...validApplication(), coverNote };
    expect((await call(jsonPost(endpoint, application))).status).toBe(201);
    expect((await rowsFor(application.email))[0]?.cover_note).toBeNull();
  });

  it('accepts every job category listed on the careers page', async () => {
    for (const job of jobs.jobs) {
      const application = validApplication({ position: job.id });
      expect((await call(jsonPost(endpoint, application))).status).toBe(201);
      expect((await rowsFor(application.email))[0]?.position).toBe(job.id);
    }
  });

  it('trims what people type before storing it', async () => {
    const application = validApplication({ name: '  Ravi Nair  ', qualification: ' Diploma, 2021 ' });
    expect((await call(jsonPost(endpoint, application))).status).toBe(201);
    expect((await rowsFor(application.email))[0]).toMatchObject({
      name: 'Ravi Nair',
      qualification: 'Diploma, 2021',
    });
  });

  it('stores a no-JavaScript application with its position and cover note', async () => {
    const application = validApplication({ position: 'electricians', coverNote: '' });
    const response = await call(formPost(endpoint, application));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/careers/sent');
    expect(await rowsFor(application.email)).toEqual([
      expect.objectContaining({ position: 'electricians', cover_note: null }),
    ]);
  });

  itRefusesInvalidInput(form, [
    ['an empty name', { name: '' }, 'name', 'Enter your name'],
    [
      'a name of several lines (a forged email line)',
      { name: 'Anjali\r\nEmail: attacker@evil.example' },
      'name',
      'Write your name on one line',
    ],
    [
      'a qualification of several lines',
      { qualification: 'B.Arch\n2019' },
      'qualification',
      'Write your qualification on one line',
    ],
    [
      'a C1 control in the cover note',
      { coverNote: 'I would like to join\u0085' },
      'coverNote',
      'Remove the invisible control character from this text',
    ],
    ['a missing email', { email: undefined }, 'email', 'Enter your email address'],
    ['an invalid email', { email: 'anjali@' }, 'email', 'Enter a valid email address, like name@example.com'],
    ['letters in the phone', { phone: 'call me' }, 'phone', 'Use digits, spaces and an optional leading +'],
    ['too few phone digits', { phone: '12345' }, 'phone', expect.stringContaining('7 to 15 digits')],
    ['a missing qualification', { qualification: undefined }, 'qualification', 'Enter your qualification'],
    ['a blank qualification', { qualification: '   ' }, 'qualification', 'Enter your qualification'],
    [
      'a qualification over 200 characters',
      { qualification: 'B'.repeat(201) },
      'qualification',
      'Qualification can be at most 200 characters',
    ],
    ['a missing position', { position: undefined }, 'position', choosePosition],
    ['an empty position', { position: '' }, 'position', choosePosition],
    ['a position that is not one of ours', { position: 'chef' }, 'position', choosePosition],
    ['a position title instead of its id', { position: 'Architect' }, 'position', choosePosition],
    [
      'a cover note over 3000 characters',
      { coverNote: 'a'.repeat(3001) },
      'coverNote',
      'Cover note can be at most 3000 characters',
    ],
    ['a number for the cover note', { coverNote: 7 }, 'coverNote', 'Write your cover note as text'],
  ]);

  describePublicFormContract(form);
});
