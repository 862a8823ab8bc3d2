import { z } from 'zod';
import jobsFile from '../../content/jobs.json' with { type: 'json' };
import { apiRoutes } from '../../lib/api-contract.ts';
import { emailAddress, optionalText, personName, phoneNumber, requiredText } from '../../lib/form-fields.ts';
import { paths } from '../../lib/paths.ts';
import type { PublicFormIdentity } from '../../lib/public-forms.ts';

/** The six job categories, read from the content file the careers page lists, so both stay in step. */
export const positions = [...jobsFile.jobs]
  .sort((a, b) => a.order - b.order)
  .map((job) => ({ id: job.id, title: job.title }));

const [firstPositionId, ...otherPositionIds] = positions.map((position) => position.id);
if (firstPositionId === undefined) throw new Error('src/content/jobs.json lists no job categories');

const choosePosition = 'Choose the position you are applying for';

/** An application from the careers page: the form validates with it as you type, the API before storing. */
export const careerApplicationSchema = z.object({
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
  /** Highest qualification and year, e.g. "B.Arch, 2019". */
  qualification: requiredText('your qualification', { max: 200 }),
  /** The id of a job category in src/content/jobs.json. */
  position: z.enum([firstPositionId, ...otherPositionIds], { error: choosePosition }),
  /** Optional; an empty box is stored as no note. */
  coverNote: optionalText('your cover note', { max: 3000, lines: 'many' }),
});

export type CareerApplication = z.infer<typeof careerApplicationSchema>;

/** The careers form: its slot on the page, the route it posts to, and where a browser lands. */
export const careerApplicationForm = {
  name: 'career-application',
  schema: careerApplicationSchema,
  endpoint: apiRoutes.careerApplications,
  pagePath: paths.careers,
  sentPath: paths.careersSent,
} satisfies PublicFormIdentity<typeof careerApplicationSchema>;

/** True when `id` names one of the job categories, e.g. from a `?position=` link. */
export function isPositionId(id: string | null): id is CareerApplication['position'] {
  return positions.some((position) => position.id === id);
}
