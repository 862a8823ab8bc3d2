import { FunctionsHandler } from '@netlify/functions-dev';
import { describe, expect, it } from 'vitest';
import {
  findBundlingPatchProblem,
  installedFunctionsDevVersion,
  patchedFunctionsDevVersion,
} from '../../scripts/support/bundle-functions-once.ts';

describe("npm start's per-function bundling patch", () => {
  it('applies to the @netlify/functions-dev installed here', () => {
    expect(installedFunctionsDevVersion()).toBe(patchedFunctionsDevVersion);
    expect(findBundlingPatchProblem()).toBeUndefined();
  });

  it('refuses another version of @netlify/functions-dev, naming the version that broke it', () => {
    const problem = findBundlingPatchProblem('2.1.0', FunctionsHandler.prototype as never);
    expect(problem).toContain('@netlify/functions-dev 2.1.0');
    expect(problem).toContain(patchedFunctionsDevVersion);
  });

  it('refuses when FunctionsHandler no longer has the invoke method it replaces', () => {
    expect(findBundlingPatchProblem(patchedFunctionsDevVersion, {})).toContain(
      `@netlify/functions-dev ${patchedFunctionsDevVersion} no longer has the FunctionsHandler.invoke`,
    );
    const renamedFolder = { invoke: async () => new Response(null) };
    expect(findBundlingPatchProblem(patchedFunctionsDevVersion, renamedFolder)).toBeDefined();
  });
});
