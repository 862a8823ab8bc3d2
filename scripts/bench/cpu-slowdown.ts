/**
 * How much Lighthouse slows the CPU down to stand for a mid-tier phone, from how fast the machine
 * running it is. Lighthouse's default is a constant 4×, which takes a high-end desktop (BenchmarkIndex
 * about 1,500–2,000) into the mid-tier mobile bracket; on a slower host the same 4× emulates a phone
 * slower than the target, and every millisecond of main-thread work counts up to four times too much in
 * TBT and LCP. Lighthouse's docs ask a slower host to calibrate (docs/throttling.md, "Calibrating the
 * CPU slowdown"), and its own CPU throttling calculator (patrickhulce/lighthouse-cpu-throttling-
 * calculator) gives the multiplier for a BenchmarkIndex; this is that calculator's rule:
 *
 * - 1,300 and above: 3× at 1,300, one more for each 233 (4× at 1,533, 6× at 2,000);
 * - 800 to 1,300: 2× at 800 to 3× at 1,300;
 * - 150 to 800: 1× at 150 to 2× at 800;
 * - below 150 the host is too slow to emulate the target at all.
 *
 * Lighthouse itself warns of a slow host below 1,000 (SLOW_CPU_BENCHMARK_INDEX_THRESHOLD).
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) {
    throw new Error(
      `BenchmarkIndex ${benchmarkIndex}: this machine is too slow to emulate Lighthouse's mid-tier phone`,
    );
  }
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}
