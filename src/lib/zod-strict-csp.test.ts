import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailAddress } from './form-fields.ts';

describe('parseWithoutEval', () => {
  it('is in force once the form fields are loaded, so no form schema compiles with new Function', () => {
    expect(emailAddress).toBeDefined();
    expect(z.config().jitless).toBe(true);
  });
});
