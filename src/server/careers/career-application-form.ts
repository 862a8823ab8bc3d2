import { careerApplicationForm as careerApplicationContract } from '../../features/career-application/career-application-contract.ts';
import type { PublicForm } from '../forms/public-form.ts';
import { insertCareerApplication } from './career-application-repository.ts';

export const careerApplicationForm: PublicForm<typeof careerApplicationContract.schema> = {
  ...careerApplicationContract,
  store: insertCareerApplication,
};
