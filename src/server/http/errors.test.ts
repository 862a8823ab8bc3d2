import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../lib/api-contract.ts';
import { Refusal } from '../refusal.ts';
import { toHttpError } from './errors.ts';
import { errorResponse } from './responses.ts';

describe('a service refusal at the edge', () => {
  it.each([
    ['invalid', 422, 'validation_failed'],
    ['not_found', 404, 'not_found'],
    ['conflict', 409, 'conflict'],
    ['forbidden', 403, 'forbidden'],
  ] as const)(
    'answers %s as %i %s, in the one error shape, with its field messages',
    async (reason, status, code) => {
      const response = errorResponse(
        toHttpError(new Refusal(reason, 'Not like that.', { email: 'Check it.' })),
      );
      expect(response.status).toBe(status);
      const body = apiErrorSchema.parse(await response.json());
      expect(body.error).toEqual({ code, message: 'Not like that.', fields: { email: 'Check it.' } });
    },
  );
});

describe('a database error at the edge', () => {
  it('answers a number out of its column’s range (22003) as 422, never 500', async () => {
    const overflow = Object.assign(new Error('integer out of range'), { code: '22003' });
    const response = errorResponse(toHttpError(overflow));
    expect(response.status).toBe(422);
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe('validation_failed');
  });
});
