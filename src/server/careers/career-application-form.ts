import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import CareerApplicationForm, {
  careerApplicationFormName,
} from '../../features/career-application/CareerApplicationForm.tsx';
import { careerApplicationSchema } from '../../features/career-application/career-application-schema.ts';
import type { PublicForm } from '../forms/public-form.ts';
import { insertCareerApplication } from './career-application-repository.ts';

export const careerApplicationForm: PublicForm<typeof careerApplicationSchema> = {
  name: careerApplicationFormName,
  schema: careerApplicationSchema,
  pagePath: '/careers',
  sentPath: '/careers/sent',
  store: insertCareerApplication,
  renderForm: (initial) => renderToStaticMarkup(createElement(CareerApplicationForm, { initial })),
};
