import { z } from 'zod';

/**
 * zod (4.6.7) compiles object parsers with `new Function` when it can, probing for that ability with a
 * caught `new Function('')`, which a browser under a strict CSP (ours: no 'unsafe-eval') still reports
 * as a violation. `jitless` skips both the compiler and, since colinhacks/zod#5864, the probe
 * (colinhacks/zod#4461, #5414). It must be set before the first object schema is built, because zod
 * decides at construction: call this at the top of every module that builds schemas a page runs
 * (`form-fields.ts`, the API and feature contracts, pricing), before its first schema: whichever of
 * them a page evaluates first must not build one unconfigured. Calling it again changes nothing.
 */
export function parseWithoutEval(): void {
  z.config({ jitless: true });
}
