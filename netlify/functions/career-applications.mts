import type { Config } from '@netlify/functions';
import CareerApplicationForm from '../../src/features/career-application/CareerApplicationForm.tsx';
import { renderForm } from '../../src/features/forms/render-form.ts';
import { careerApplicationForm } from '../../src/server/career-applications/career-application-form.ts';
import { publicFormEndpoint } from '../../src/server/forms/public-form.ts';

export default publicFormEndpoint(careerApplicationForm, renderForm(CareerApplicationForm));

export const config: Config = { path: '/api/career-applications' };
