/**
 * `npm run config:check`: validates this environment as a function would at its cold start (the same
 * schema and rules: src/server/config.ts), so an operator checks a deploy's variables before the
 * first guest does. Exits 1 with one line per problem, naming the variable and what it should look
 * like (never its value); exits 0 with what each backend is, without a secret.
 */
import { describeConfiguration, findConfigurationProblems } from '../src/server/config.ts';

const problems = findConfigurationProblems();
if (problems.length > 0) {
  console.error(
    `The configuration is refused (${problems.length} problem${problems.length === 1 ? '' : 's'}):`,
  );
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log('The configuration is whole:');
for (const line of describeConfiguration()) console.log(`  ${line}`);
