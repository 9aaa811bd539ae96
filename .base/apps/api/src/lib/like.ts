/** A LIKE pattern matching text that holds `term` anywhere, lower-cased, its wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
