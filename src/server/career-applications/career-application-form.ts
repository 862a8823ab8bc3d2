import {
  careerApplicationForm as careerApplicationContract,
  positions,
} from '../../features/career-application/career-application-contract.ts';
import type { PublicForm } from '../forms/public-form.ts';
import { insertCareerApplication } from './career-application-repository.ts';

export const careerApplicationForm: PublicForm<typeof careerApplicationContract.schema> = {
  ...careerApplicationContract,
  store: insertCareerApplication,
  officeAlert: {
    kind: 'career_office_alert',
    many: 'career applications',
    describe: (application) => {
      const position = positions.find(({ id }) => id === application.position)?.title ?? application.position;
      return {
        what: 'Career application',
        about: position,
        name: application.name,
        email: application.email,
        fields: [
          ['Position', position],
          ['Name', application.name],
          ['Email', application.email],
          ['Phone', application.phone],
          ['Qualification', application.qualification],
          ['Cover note', application.coverNote],
        ],
      };
    },
  },
};
