// Histograms and counters for the paths every request takes, registered in a prom-client Registry and
// exported exactly as prom-client's own are. A series is looked up once by its label values (a string
// key the caller builds) and kept: an observation is a bucket search and three additions. prom-client's
// `observe` and `inc` validate and hash the labels on every call, even on a child from `labels()`
// (~2-5 µs each, several per page: bench:ssr, issue 32).
import type { Registry } from 'prom-client';

type Labels = Record<string, string>;

interface ExportedValue {
  value: number;
  labels: Record<string, string | number>;
  sharedLabels?: Labels;
  metricName?: string;
}

interface Exported {
  name: string;
  help: string;
  type: 'histogram' | 'counter';
  values: ExportedValue[];
  aggregator: 'sum';
}

/** Label values as one key (\u0000 never occurs in them: they are routes, names, build ids). */
export const seriesKey = (...values: readonly string[]): string => values.join('\u0000');

abstract class Kept<S> {
  readonly aggregator = 'sum';
  protected readonly all = new Map<string, { labels: Labels; series: S }>();
  constructor(
    readonly name: string,
    readonly help: string,
    protected readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  protected abstract made(): S;

  /** The series of these label values (in `labelNames` order), made on first use and kept. */
  series(...values: string[]): S {
    const key = seriesKey(...values);
    let kept = this.all.get(key);
    if (!kept) {
      if (values.length !== this.labelNames.length) throw new Error(`${this.name}: ${this.labelNames.length} label values expected, ${values.length} given`);
      const labels: Labels = {};
      this.labelNames.forEach((name, i) => (labels[name] = values[i]!));
      kept = { labels, series: this.made() };
      this.all.set(key, kept);
    }
    return kept.series;
  }

  reset(): void {
    this.all.clear();
  }
}

export interface HistogramSeries {
  observe(value: number): void;
}

class HistogramValues implements HistogramSeries {
  sum = 0;
  count = 0;
  readonly counts: Float64Array;
  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length);
  }
  observe(value: number): void {
    if (!Number.isFinite(value)) return;
    this.sum += value;
    this.count += 1;
    const { bounds } = this;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        this.counts[i]! += 1;
        return;
      }
    }
  }
}

/** A Prometheus histogram (cumulative `_bucket` with `le`, `_sum`, `_count`), like prom-client's. */
export class KeptHistogram extends Kept<HistogramValues> {
  readonly type = 'histogram';
  private readonly bounds: readonly number[];
  constructor(options: { name: string; help: string; labelNames: readonly string[]; buckets: readonly number[]; registry: Registry }) {
    super(options.name, options.help, options.labelNames, options.registry);
    this.bounds = [...options.buckets].sort((a, b) => a - b);
  }
  protected made(): HistogramValues {
    return new HistogramValues(this.bounds);
  }
  async get(): Promise<Exported> {
    const values: ExportedValue[] = [];
    for (const { labels, series } of this.all.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += series.counts[i]!;
        values.push({ value: cumulative, labels: { le }, sharedLabels: labels, metricName: `${this.name}_bucket` });
      });
      values.push({ value: series.count, labels: { le: '+Inf' }, sharedLabels: labels, metricName: `${this.name}_bucket` });
      values.push({ value: series.sum, labels: {}, sharedLabels: labels, metricName: `${this.name}_sum` });
      values.push({ value: series.count, labels: {}, sharedLabels: labels, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}

export interface CounterSeries {
  inc(by?: number): void;
}

class CounterValue implements CounterSeries {
  value = 0;
  inc(by = 1): void {
    if (by > 0 && Number.isFinite(by)) this.value += by;
  }
}

/** A Prometheus counter (name ending in `_total`), like prom-client's. */
export class KeptCounter extends Kept<CounterValue> {
  readonly type = 'counter';
  constructor(options: { name: string; help: string; labelNames: readonly string[]; registry: Registry }) {
    super(options.name, options.help, options.labelNames, options.registry);
  }
  protected made(): CounterValue {
    return new CounterValue();
  }
  async get(): Promise<Exported> {
    const values = [...this.all.values()].map(({ labels, series }) => ({ value: series.value, labels }));
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
