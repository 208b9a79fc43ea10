// `npm test`: every check, in phases one after another, each of lanes that run side by side (issue 24, item 7). A
// lane runs its steps in order; a phase's lanes run at once. Each step's output is printed whole when it ends (lanes
// do not interleave lines), and a table of times at the end. By default the type check runs beside the linters,
// then the tests one after another; `TEST_LANES=3` runs them all in three lanes at once.
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string | undefined>;
}

const npx = (...args: string[]) => ['npx', ...args];
const typecheck: Step = { name: 'typecheck', command: npx('tsc', '-p', 'tsconfig.json', '--noEmit') };
const eslint: Step = { name: 'eslint', command: npx('eslint', '--max-warnings', '0', '.') };
const prettier: Step = { name: 'prettier', command: npx('prettier', '--check', '--log-level', 'warn', '.') };
// The first run of the server suite is on the embedded PGlite, whatever the environment says.
const vitest: Step = { name: 'vitest (unit + browser)', command: npx('vitest', 'run'), env: { TEST_DATABASE_URL: undefined } };
const postgres: Step = { name: 'server suite on PostgreSQL', command: ['npx', 'tsx', 'scripts/test-postgres.ts'] };
const journeys: Step = { name: 'journeys (Playwright)', command: npx('playwright', 'test') };

// The default is two phases: the type check beside ESLint then Prettier (each keeps one core busy: 36 s one after
// another, 2026-11-30), then the tests in one lane: on a 2-core machine three lanes were no faster (32.7 min either
// way), and the last CI run in lanes failed a Vitest test that passes alone and one after another (every lane fights
// for the cores). `TEST_LANES=3` runs everything in three lanes side by side, for a machine with cores to spare.
const phases: Step[][][] =
  process.env.TEST_LANES !== '3'
    ? [[[typecheck], [eslint, prettier]], [[vitest, postgres, journeys]]]
    : [
        [
          // The journeys are the longest part: they start at once, beside everything else.
          [journeys],
          [typecheck, vitest],
          [eslint, prettier, postgres],
        ],
      ];

interface Outcome {
  step: Step;
  code: number;
  seconds: number;
  output: string;
}

function run(step: Step): Promise<Outcome> {
  const started = Date.now();
  const env = { ...process.env };
  for (const [k, v] of Object.entries(step.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return new Promise((resolve) => {
    const child = spawn(step.command[0]!, step.command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const output = Buffer.concat(out).toString('utf8');
      const outcome = { step, code: code ?? (signal ? 1 : 0), seconds, output };
      process.stdout.write(`\n━━ ${step.name}: ${outcome.code === 0 ? 'ok' : `FAILED (${code ?? signal})`}, ${seconds.toFixed(0)} s ━━\n`);
      process.stdout.write(output);
      resolve(outcome);
    });
  });
}

/** The lines that name a failure (Vitest's FAIL/×, Playwright's ✘ and numbered failures), then the step's last 40 lines. */
function failureDigest(output: string, tail = 40): string {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const failing = lines.filter((l) => /^\s*(FAIL\b|×|✘|\d+\) )|AssertionError|Error:/.test(l)).slice(0, 60);
  return [...failing, '…', ...lines.slice(-tail)].join('\n');
}

/**
 * Each failure in a few lines (its title, then the first lines of its error, without code frames, stacks or call
 * logs), short enough to stay in the end of the output that CI shows (about 25 lines).
 */
function failureBrief(output: string, perFailure = 6, width = 220): string[] {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const brief: string[] = [];
  const headings = new Set<string>();
  let left = 0;
  let skipping = false;
  for (const line of lines) {
    // A failure's heading: Playwright's numbered "1) file:line › title", Vitest's "FAIL  file > title".
    if (/^\s*(\d+\) \S|FAIL\s+\S)/.test(line)) {
      // Vitest names a failure twice (as it runs, and in its summary): once is enough.
      const heading = line.trim().slice(0, width);
      left = headings.has(heading) ? 0 : perFailure;
      if (left) brief.push(heading);
      headings.add(heading);
      skipping = false;
      continue;
    }
    if (left <= 0) continue;
    const text = line.trim();
    if (/^(Call log:|attachment #|Error Context:|Failure screenshot:|─)/.test(text)) skipping = true;
    if (skipping || !text || /^(at |>?\s*\d+ \||\|)/.test(text)) continue;
    brief.push(`    ${text.slice(0, width)}`);
    left--;
  }
  return brief;
}

/** A lane's steps in order; a failed step does not stop the rest (all failures are reported at once). */
async function lane(steps: Step[]): Promise<Outcome[]> {
  const done: Outcome[] = [];
  for (const step of steps) done.push(await run(step));
  return done;
}

const started = Date.now();
const outcomes: Outcome[] = [];
for (const lanes of phases) outcomes.push(...(await Promise.all(lanes.map(lane))).flat());
const total = (Date.now() - started) / 1000;
// CI shows only the end of the output, and the lane that ends last is seldom the one that failed: each failed
// step's failing lines and its own last lines are repeated here, just above the table.
for (const o of outcomes.filter((o) => o.code !== 0)) console.log(`\n━━ what failed in ${o.step.name} ━━\n${failureDigest(o.output)}`);
console.log('\nnpm test:');
for (const o of outcomes)
  console.log(`  ${o.code === 0 ? 'ok    ' : 'FAILED'} ${o.step.name.padEnd(30)} ${o.seconds.toFixed(0).padStart(5)} s`);
console.log(`  ${'in all'.padEnd(37)} ${total.toFixed(0).padStart(5)} s (${(total / 60).toFixed(1)} min)`);
// And, below the table (the very end is what CI shows), each failure in brief.
for (const o of outcomes.filter((o) => o.code !== 0)) console.log(`\n${o.step.name}, in brief:\n${failureBrief(o.output).join('\n')}`);
process.exit(outcomes.every((o) => o.code === 0) ? 0 : 1);
