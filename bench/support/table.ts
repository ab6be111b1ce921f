/** Prints rows as a Markdown-style table: the first `textColumns` columns left-aligned, the rest right-aligned. */
export function printTable(headers: string[], rows: string[][], textColumns = 1): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string =>
    `| ${cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w, i) => (i < textColumns ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

export const formatRate = (perSecond: number): string => Math.round(perSecond).toLocaleString('en-US');
export const formatRatio = (ratio: number): string => `${ratio.toFixed(2)}x`;
export const formatMb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
