import type { LoadResult } from './load';

/** What a path is held to: reads against their baseline, the rest by their own speed. */
export type PathKind = 'read' | 'session' | 'refresh' | 'write' | 'reference';

export type DatabaseName = 'SQLite' | 'PostgreSQL';

export interface Targets {
  /** A read's req/s ÷ its bare baseline's. */
  ratio: number;
  readP99Ms: number;
  /** req/s at the smallest size ÷ req/s at this size. */
  growth: number;
  /** `GET /api/auth/me`, read on every page load. */
  sessionRps: number | null;
  refreshRps: number;
  writeRps: number;
  writeP99Ms: number;
}

/**
 * bench/README.md "Targets". SQLite commits in-process and in groups; PostgreSQL pays a round
 * trip per statement and an fsync per commit, so its floors for refresh and writes are lower.
 */
export const TARGETS: Record<DatabaseName, Targets> = {
  SQLite: {
    ratio: 0.5,
    readP99Ms: 50,
    growth: 1.5,
    sessionRps: 5000,
    refreshRps: 5000,
    writeRps: 2000,
    writeP99Ms: 50,
  },
  PostgreSQL: {
    ratio: 0.6,
    readP99Ms: 50,
    growth: 1.5,
    sessionRps: null,
    refreshRps: 3000,
    writeRps: 1000,
    writeP99Ms: 100,
  },
};

/** One figure held to one target, e.g. p99 12 ms against "< 50". */
export interface Check {
  label: string;
  value: number;
  target: number;
  /** 'min': the value must reach the target; 'max': it must stay under (below, or at most). */
  bound: 'min' | 'max';
}

export interface Figures {
  kind: PathKind;
  app: LoadResult;
  baseline: LoadResult | null;
  /** This path's req/s at the smallest size, for growth; null on the smallest size itself. */
  smallestRps: number | null;
}

export const ratioOf = ({ app, baseline }: Pick<Figures, 'app' | 'baseline'>) =>
  baseline && baseline.requestsPerSecond > 0
    ? app.requestsPerSecond / baseline.requestsPerSecond
    : null;

export const growthOf = ({ app, smallestRps }: Pick<Figures, 'app' | 'smallestRps'>) =>
  smallestRps !== null && app.requestsPerSecond > 0 ? smallestRps / app.requestsPerSecond : null;

/** Every target this path's figures are held to (none for a reference row). */
export function checksFor(figures: Figures, targets: Targets): Check[] {
  const { kind, app } = figures;
  if (kind === 'reference') return [];
  const checks: Check[] = [];
  const growth = growthOf(figures);
  if (kind === 'read' || kind === 'session') {
    const ratio = ratioOf(figures);
    if (ratio !== null)
      checks.push({ label: 'ratio', value: ratio, target: targets.ratio, bound: 'min' });
    checks.push({ label: 'p99', value: app.p99, target: targets.readP99Ms, bound: 'max' });
  }
  if (kind === 'session' && targets.sessionRps !== null) {
    checks.push({
      label: 'req/s',
      value: app.requestsPerSecond,
      target: targets.sessionRps,
      bound: 'min',
    });
  }
  if (kind === 'refresh') {
    checks.push({
      label: 'req/s',
      value: app.requestsPerSecond,
      target: targets.refreshRps,
      bound: 'min',
    });
  }
  if (kind === 'write') {
    checks.push({
      label: 'req/s',
      value: app.requestsPerSecond,
      target: targets.writeRps,
      bound: 'min',
    });
    checks.push({ label: 'p99', value: app.p99, target: targets.writeP99Ms, bound: 'max' });
  }
  if (growth !== null)
    checks.push({ label: 'growth', value: growth, target: targets.growth, bound: 'max' });
  return checks;
}

// A p99 "< 50 ms" is missed at 50; a growth "≤ 1.5x" is met at 1.5.
const STRICTLY_UNDER = new Set(['p99']);

export function isMet(check: Check): boolean {
  if (check.bound === 'min') return check.value >= check.target;
  return STRICTLY_UNDER.has(check.label) ? check.value < check.target : check.value <= check.target;
}

/**
 * Within 10% of its target, on either side: one run's noise could put it on the other side, so
 * the bench measures such a path three times and keeps the median.
 */
export const NEAR = 0.1;
export const isNear = (check: Check) => Math.abs(check.value - check.target) <= NEAR * check.target;

/** A missed target as the results table prints it: "p99 ≥ 50 ms", "req/s < 2,000". */
export function describeMiss(check: Check): string {
  const sign = check.bound === 'min' ? '<' : STRICTLY_UNDER.has(check.label) ? '≥' : '>';
  const target =
    check.label === 'growth'
      ? `${check.target}x`
      : check.label === 'p99'
        ? `${check.target} ms`
        : check.target.toLocaleString('en');
  return `${check.label} ${sign} ${target}`;
}
