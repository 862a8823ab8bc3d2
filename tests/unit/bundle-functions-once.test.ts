import { describe, expect, it } from 'vitest';
import {
  findBundlingPatchProblem,
  installedFunctionsDevVersion,
  patchedFunctionsDevVersion,
  registryPrototype,
} from '../../scripts/support/bundle-functions-once.ts';

describe("npm start's per-function bundling patch", () => {
  it('applies to the @netlify/functions-dev installed here', () => {
    expect(installedFunctionsDevVersion()).toBe(patchedFunctionsDevVersion);
    expect(findBundlingPatchProblem()).toBeUndefined();
  });

  it('does not apply to another version of @netlify/functions-dev, naming it and the one it was written for', () => {
    const problem = findBundlingPatchProblem('2.1.0', registryPrototype());
    expect(problem).toContain('@netlify/functions-dev 2.1.0');
    expect(problem).toContain(patchedFunctionsDevVersion);
  });

  it('does not apply when the registry no longer registers functions the way it replaces', () => {
    expect(findBundlingPatchProblem(patchedFunctionsDevVersion, {})).toContain(
      `@netlify/functions-dev ${patchedFunctionsDevVersion} no longer has the FunctionsRegistry.registerFunction`,
    );
    // One that bundles every function it registers whether or not it watches files.
    const alwaysBundles = { registerFunction: async () => {} };
    expect(findBundlingPatchProblem(patchedFunctionsDevVersion, alwaysBundles)).toBeDefined();
  });
});
