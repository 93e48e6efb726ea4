import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { ObserveVitals } from './field-data';

/**
 * The Core Web Vitals of the page as loaded, by Google's web-vitals: a chunk of the boot's own
 * (`vitals`), fetched once the page has loaded and the browser is idle. Every change is reported
 * (`reportAllChanges`): field-data.ts keeps the latest value of each metric and sends it when the page
 * is hidden, so it never depends on which of web-vitals' hide listeners runs first.
 */
export const observeVitals: ObserveVitals = (report) => {
  const each = (metric: Metric) => report({ id: metric.id, name: metric.name, value: metric.value, navigationType: metric.navigationType });
  const options = { reportAllChanges: true };
  onLCP(each, options);
  onINP(each, options);
  onCLS(each, options);
  onFCP(each, options);
  onTTFB(each, options);
};
