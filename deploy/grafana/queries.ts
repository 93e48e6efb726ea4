// The PromQL of deploy/grafana/qf-site.dashboard.json, as the tests read it: every panel's queries (rows'
// nested panels included) and the variables' `label_values` as PromQL, with the dashboard's variables
// set as Grafana sets them when every section is chosen. Used by e2e/journeys/prometheus-rules.test.ts
// (every query parses) and e2e/journeys/cluster-observability.test.ts (every query answers).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const dashboardFile = path.join(__dirname, 'qf-site.dashboard.json');

interface Panel {
  title: string;
  type: string;
  panels?: Panel[];
  datasource?: { type?: string; uid?: string };
  targets?: { expr: string; datasource?: { type?: string; uid?: string } }[];
}

export interface Dashboard {
  panels: Panel[];
  templating: { list: { name: string; type: string; definition?: string }[] };
}

export interface DashboardQuery {
  /** The panel's title, or `variable $name`. */
  panel: string;
  /** The query as written in the dashboard. */
  expr: string;
  /** The query with the variables set (every section, a 1 minute rate interval): what Prometheus is asked. */
  promql: string;
  /** The datasource uid of the panel and of the target (both must be the variable). */
  datasources: (string | undefined)[];
}

export const readDashboard = (file = dashboardFile) => JSON.parse(readFileSync(file, 'utf8')) as Dashboard;

/** The dashboard's variables as Grafana fills them with "All" sections (`.+`) and a rate interval of 1 minute. */
export const resolveVariables = (expr: string) =>
  expr
    .replace(/\$\{section(?::\w+)?\}|\$section\b/g, '.+')
    .replace(/\$__rate_interval\b/g, '1m')
    .replace(/\$__interval\b/g, '15s');

export function dashboardQueries(dashboard: Dashboard = readDashboard()): DashboardQuery[] {
  const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
  const fromPanels = panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr, promql: resolveVariables(t.expr), datasources: [p.datasource?.uid, t.datasource?.uid] })));
  const fromVariables = dashboard.templating.list.flatMap((v) => {
    const m = v.type === 'query' ? /^label_values\((.+),\s*(\w+)\)$/.exec(v.definition ?? '') : null;
    return m ? [{ panel: `variable $${v.name}`, expr: v.definition!, promql: `count by (${m[2]}) (${resolveVariables(m[1]!)})`, datasources: [] }] : [];
  });
  return [...fromPanels, ...fromVariables];
}
