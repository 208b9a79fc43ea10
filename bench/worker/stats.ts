// Small timing helpers shared by the worker benches.

/** Percentile (0..100) of a list of samples. */
export function pct(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** Runs `fn` `n` times (after `warm` untimed runs) and returns each run's milliseconds. */
export async function timeRuns(n: number, fn: (k: number) => unknown, warm = 3): Promise<number[]> {
  for (let k = 0; k < warm; k++) await fn(k);
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    const t = performance.now();
    await fn(k);
    out.push(performance.now() - t);
  }
  return out;
}

/** One table row: name, median, p99, target and whether it is met. */
export interface Row {
  figure: string;
  median: number;
  p99: number;
  unit: string;
  target: string;
  ok: boolean | null;
}

/** Prints rows as a fixed-width table. */
export function printTable(rows: Row[]): void {
  const f = (v: number) => (v >= 1000 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(3));
  console.log(`${'figure'.padEnd(48)} ${'median'.padStart(10)} ${'p99/worst'.padStart(10)}  unit      target         met`);
  for (const r of rows) {
    console.log(
      `${r.figure.padEnd(48)} ${f(r.median).padStart(10)} ${f(r.p99).padStart(10)}  ${r.unit.padEnd(9)} ${r.target.padEnd(14)} ${r.ok === null ? '' : r.ok ? 'yes' : 'NO'}`,
    );
  }
}
