// Issue 24, item 6: journeys wait on the signals the app gives (the engine's idle and busy flags, the sync
// service's, a visible element), never on fixed sleeps, and never redo a tap or a drag until it works. This
// scans every file under tests/e2e so that neither can come back unnoticed.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const E2E = join(root, 'tests', 'e2e');

/** What a player does to the page: a step that a retry loop would redo. */
const ACTION =
  /\.(click|dblclick|tap|dragTo|press|fill|check|uncheck|selectOption|hover)\(|mouse\.(down|up|click|wheel)\(|touchscreen\.|dispatchTouchEvent|touch(Path|Drag)\(|\bdrag\w*\(/;
/** Inside a loop that acts, what makes it a retry: leaving early, swallowing a failure, or asking whether it worked. */
const RETRY_MARK = /\bbreak\b|\bcatch\b|\bcontinue\b|\.isVisible\(|\.isHidden\(|\.count\(\)/;

/** Fixed sleeps and retry helpers, by name. `test.setTimeout(…)` (a test's time limit) is not a sleep. */
const FORBIDDEN: [RegExp, string][] = [
  [/\bwaitForTimeout\s*\(/, 'waitForTimeout: a fixed sleep'],
  [/\.toPass\s*\(/, 'toPass: retries its block until it passes'],
  [/(?<!\btest\.)(?<!\bthis\.)\bsetTimeout\s*\(/, 'setTimeout: a fixed sleep'],
  [/\b(sleep|delay|wait|pause)\s*\(\s*\d/, 'a sleep helper called with a duration'],
  [/\bretr(y|ies)\w*\s*\(/i, 'a retry helper'],
];

export interface Finding {
  line: number;
  why: string;
  text: string;
}

/** The index just past the bracket that closes the one at `open` (`(` or `{`), skipping strings and comments roughly. */
function closing(src: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
  const stack: string[] = [];
  for (let i = open; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '"' || ch === "'" || ch === '`') {
      for (i++; i < src.length && src[i] !== ch; i++) if (src[i] === '\\') i++;
      continue;
    }
    if (ch === '/' && src[i + 1] === '/') {
      i = src.indexOf('\n', i);
      if (i < 0) return src.length;
      continue;
    }
    if (pairs[ch]) stack.push(pairs[ch]);
    else if (ch === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return src.length;
}

/** The extent of a statement that starts at `from`: a braced block, or up to the end of its line. */
function statementBody(src: string, from: number): string {
  let i = from;
  while (i < src.length && /\s/.test(src[i]!)) i++;
  if (src[i] === '{') return src.slice(i, closing(src, i));
  const end = src.indexOf('\n', i);
  return src.slice(i, end < 0 ? src.length : end);
}

const lineOf = (src: string, index: number) => src.slice(0, index).split('\n').length;

/** Every fixed sleep, retry helper, retry loop and acting poll in a journey's source. */
export function findRetries(src: string): Finding[] {
  const found: Finding[] = [];
  const lines = src.split('\n');
  lines.forEach((text, i) => {
    const code = text.replace(/\/\/.*$/, '');
    for (const [re, why] of FORBIDDEN) if (re.test(code)) found.push({ line: i + 1, why, text: text.trim() });
  });
  // Loops: a `while`/`do` loop that acts, or a `for` loop that acts and leaves early or checks whether it worked.
  for (const m of src.matchAll(/\b(for|while)\s*\(|\bdo\s*\{/g)) {
    const head = m[0].startsWith('do') ? m.index + m[0].length - 1 : closing(src, m.index + m[0].length - 1);
    const body = m[0].startsWith('do') ? src.slice(head, closing(src, head)) : statementBody(src, head);
    // A loop that declares tests (one per device) is no retry.
    if (!ACTION.test(body) || /^\s*test\(/m.test(body)) continue;
    if (m[1] === 'for' && !RETRY_MARK.test(body)) continue;
    found.push({
      line: lineOf(src, m.index),
      why: 'a loop that redoes a player action until it works',
      text: lines[lineOf(src, m.index) - 1]!.trim(),
    });
  }
  // A poll (expect.poll, waitForFunction) whose callback acts: it redoes the action on every try.
  for (const m of src.matchAll(/\.(poll|waitForFunction)\s*\(/g)) {
    const args = src.slice(m.index + m[0].length - 1, closing(src, m.index + m[0].length - 1));
    if (ACTION.test(args))
      found.push({ line: lineOf(src, m.index), why: 'a poll that acts on every try', text: lines[lineOf(src, m.index) - 1]!.trim() });
  }
  return found;
}

/**
 * Loops that repeat an action on purpose and are no retry, by file and the loop's first line. Only a probe belongs
 * here: it measures how often a step fails, counting each loss, and never repeats a step until it works.
 */
const MEASURING_LOOPS = new Set(['tests/e2e/probes/banner-tap.spec.ts: for (let round = 0; round < ROUNDS; round++) {']);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|tsx|js|mjs)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('journeys wait on signals (issue 24)', () => {
  it('no journey sleeps a fixed time or retries an action until it works', () => {
    const all = files(E2E);
    expect(all.length).toBeGreaterThan(20);
    const report = all.flatMap((f) =>
      findRetries(readFileSync(f, 'utf8'))
        .filter((x) => !MEASURING_LOOPS.has(`${relative(root, f)}: ${x.text}`))
        .map((x) => `${relative(root, f)}:${x.line}: ${x.why}: ${x.text}`),
    );
    expect(report).toEqual([]);
  });

  it('catches each kind it forbids', () => {
    const caught = (src: string) => findRetries(src).map((f) => f.why);
    expect(caught('await page.waitForTimeout(500);')).toHaveLength(1);
    expect(caught('await expect(async () => { await b.tap(); }).toPass();')).toHaveLength(1);
    expect(caught('await new Promise((r) => setTimeout(r, 1000));')).toHaveLength(1);
    expect(caught('await sleep(1000);')).toHaveLength(1);
    expect(caught('await retryUntil(() => menu.isVisible());')).toHaveLength(1);
    // A re-tap loop, a re-drag loop that leaves once the count shows, and a right-click until a menu opens.
    expect(caught('for (let i = 0; i < 5; i++) {\n  await banner.tap();\n  if (await dialog.isVisible()) break;\n}')).toHaveLength(1);
    expect(
      caught('for (let i = 0; i < 3; i++) {\n  await touchDrag(page, a, b);\n  if ((await count.count()) > 0) break;\n}'),
    ).toHaveLength(1);
    expect(caught('while (!(await menu.isVisible())) await page.mouse.click(x, y, { button: "right" });')).toHaveLength(1);
    expect(caught('await expect.poll(async () => { await page.mouse.click(x, y); return menu.isVisible(); }).toBe(true);')).toHaveLength(1);
    // What stays allowed: a test's time limit, a gesture made of steps, a poll that only reads.
    expect(caught('test.setTimeout(240_000);')).toEqual([]);
    expect(caught('for (let i = 1; i <= 8; i++) await page.mouse.move(c.x - i * 25, c.y);')).toEqual([]);
    expect(caught('for (const id of ids) await page.getByRole("button", { name: id }).click();')).toEqual([]);
    expect(caught('await expect.poll(() => found(second.id), { timeout: 60_000 }).toBe(true);')).toEqual([]);
    expect(
      caught(
        'for (const d of ["desktop", "phone"]) {\n  test(d, async () => {\n    await b.click();\n    await p.catch(() => {});\n  });\n}',
      ),
    ).toEqual([]);
  });
});
