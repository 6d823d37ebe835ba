/** Reading the Prometheus text format (GET /metrics) in tests. */

export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Every sample of the text (comments and blank lines skipped). */
function parsePrometheusText(text: string): PrometheusSample[] {
  const samples: PrometheusSample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(LABEL)) labels[key!] = value!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples named `name` whose labels include every one of `labels`. */
export function findSamples(text: string, name: string, labels: Record<string, string> = {}): PrometheusSample[] {
  return parsePrometheusText(text).filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

/** The value of the one sample named `name` with exactly these labels (histogram buckets aside); undefined when absent. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const matches = findSamples(text, name, labels).filter((sample) => Object.keys(sample.labels).length === Object.keys(labels).length);
  if (matches.length > 1) throw new Error(`${matches.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matches[0]?.value;
}
