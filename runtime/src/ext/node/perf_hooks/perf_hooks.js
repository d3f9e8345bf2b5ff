// node:perf_hooks: the `performance` object and the PerformanceObserver family (deno_web's),
// plus `createHistogram`, a histogram that records values. `monitorEventLoopDelay` is absent.
// Uses only builtins captured at start-up, so a tool that replaces shared builtins cannot break it.
import { core, primordials } from "omp:/host/core";

const {
  ArrayPrototypePush,
  ArrayPrototypeReduce,
  ArrayPrototypeSlice,
  ArrayPrototypeSort,
  MapPrototypeSet,
  MathCeil,
  MathMaxApply,
  MathMin,
  MathMinApply,
  MathSqrt,
  SafeMap,
} = primordials;
let perfModule;
const web = () => (perfModule ??= core.loadExtScript("ext:deno_web/15_performance.js"));

export const performance = globalThis.performance;
export const PerformanceObserver = web().PerformanceObserver;
export const PerformanceEntry = web().PerformanceEntry;
export const PerformanceMark = web().PerformanceMark;
export const PerformanceMeasure = web().PerformanceMeasure;
export const PerformanceObserverEntryList = web().PerformanceObserverEntryList;
export const constants = { NODE_PERFORMANCE_GC_MAJOR: 4, NODE_PERFORMANCE_GC_MINOR: 1, NODE_PERFORMANCE_GC_INCREMENTAL: 8, NODE_PERFORMANCE_GC_WEAKCB: 16 };

/** A recording histogram (`record`, `min`, `max`, `mean`, `stddev`, `percentile`). */
export function createHistogram() {
  const values = [];
  return {
    record(v) {
      ArrayPrototypePush(values, Number(v));
    },
    reset() {
      values.length = 0;
    },
    get count() {
      return values.length;
    },
    get min() {
      return values.length ? MathMinApply(values) : 9223372036854776000;
    },
    get max() {
      return values.length ? MathMaxApply(values) : 0;
    },
    get mean() {
      return values.length ? ArrayPrototypeReduce(values, (a, b) => a + b, 0) / values.length : NaN;
    },
    get stddev() {
      if (!values.length) return NaN;
      const mean = this.mean;
      return MathSqrt(ArrayPrototypeReduce(values, (a, b) => a + (b - mean) ** 2, 0) / values.length);
    },
    percentile(p) {
      if (!values.length) return 0;
      const sorted = ArrayPrototypeSort(ArrayPrototypeSlice(values), (a, b) => a - b);
      return sorted[MathMin(sorted.length - 1, MathCeil((p / 100) * sorted.length) - 1)];
    },
  };
}

const perfHooksModule = { performance, PerformanceObserver, PerformanceEntry, PerformanceMark, PerformanceMeasure, PerformanceObserverEntryList, constants, createHistogram };
export default perfHooksModule;
MapPrototypeSet((globalThis.__ompBuiltins ??= new SafeMap()), "perf_hooks", perfHooksModule);
