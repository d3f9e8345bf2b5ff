// Table formatting for the word-stats example.
export function formatTable(counts: Map<string, number>, top: number): string {
  const rows = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, top);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return [`${total} words, ${counts.size} distinct`, ...rows.map(([word, n]) => `${String(n).padStart(4)}  ${word}`)].join("\n");
}
