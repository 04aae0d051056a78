export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// Values as Go's ParseFloat reads them, so NaN and Inf in any case (prom-client writes "Nan").
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? ([0-9.eE+-]+|[+-]?(?:nan|inf))$/i;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const COMMENT = /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/;

function parseValue(text: string): number {
  const lower = text.toLowerCase();
  if (lower === 'nan') return Number.NaN;
  if (lower.endsWith('inf')) return lower.startsWith('-') ? -Infinity : Infinity;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`not a number: ${text}`);
  return value;
}

/**
 * Prometheus' text exposition format, strictly: every line a HELP or TYPE comment or a sample,
 * or the parse throws naming the line.
 */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      if (!COMMENT.test(line)) throw new Error(`not a HELP or TYPE line: ${line}`);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: parseValue(match[3]!) });
  }
  return samples;
}
