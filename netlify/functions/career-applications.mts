import type { Config, Context } from '@netlify/functions';
import { careerApplicationForm } from '../../src/server/careers/career-application-form.ts';
import { submitPublicForm } from '../../src/server/forms/public-form.ts';

export default (request: Request, context: Context) =>
  submitPublicForm(careerApplicationForm, request, context);

export const config: Config = { path: '/api/career-applications' };
