import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const exitAfterPatch = (body: string) =>
  spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { keepFailedExitCodes } = await import(${JSON.stringify(new URL('./keep-exit-code.ts', import.meta.url).href)});
       keepFailedExitCodes(); keepFailedExitCodes(); ${body}`,
    ],
    { encoding: 'utf8' },
  ).status;

describe('keepFailedExitCodes', () => {
  it('keeps an exit code already set when an exit hook exits with 0', () => {
    expect(exitAfterPatch('process.exitCode = 3; process.exit(0);')).toBe(3);
  });

  it('keeps an exit code already set when an exit hook exits with no code', () => {
    expect(exitAfterPatch('process.exitCode = 2; process.exit();')).toBe(2);
  });

  it('leaves an exit asked for with a failure code as asked', () => {
    expect(exitAfterPatch('process.exitCode = 0; process.exit(5);')).toBe(5);
  });

  it('exits with 0 when nothing failed', () => {
    expect(exitAfterPatch('process.exit(0);')).toBe(0);
  });
});
