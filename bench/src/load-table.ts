/** Load runs with autocannon and the table the benchmarks print them in. */
import autocannon from 'autocannon';

export interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function loadFigure(name: string, opts: autocannon.Options): Promise<Figure> {
  const r = await autocannon(opts);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/**
 * One line per figure: req/s, p50, p99, errors; with `base`, each figure's share of it ("of bare"); `note`
 * adds a remark at the end of a line (a goal met or missed).
 */
export function printFigures(figures: Figure[], options: { base?: number; note?: (f: Figure) => string } = {}): void {
  const width = Math.max(5, ...figures.map((f) => f.name.length)) + 2;
  const { base, note } = options;
  const shareOf = (f: Figure) => (base ? [`${((f.rps / base) * 100).toFixed(1)}%`.padStart(8)] : []);
  console.log(
    'route'.padEnd(width),
    'req/s'.padStart(9),
    ...(base ? ['of bare'.padStart(8)] : []),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'errors'.padStart(7),
  );
  for (const f of figures) {
    console.log(
      f.name.padEnd(width),
      f.rps.toFixed(0).padStart(9),
      ...shareOf(f),
      String(f.p50).padStart(7),
      String(f.p99).padStart(7),
      String(f.errors).padStart(7),
      note?.(f) ?? '',
    );
  }
}
