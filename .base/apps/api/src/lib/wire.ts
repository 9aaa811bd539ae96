/**
 * A row as the API contract spells it (packages/contract): the chosen columns under their snake_case
 * names (`postalCode` -> `postal_code`), and a date as ISO text. What every module's `toX(row)` did by
 * hand, one field a line.
 */
type Snake<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${Snake<Rest>}`
  : S;
type OnTheWire<V> = V extends Date ? string : V;
export type Wire<R, K extends keyof R & string> = { [P in K as Snake<P>]: OnTheWire<R[P]> };

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function wire<R, K extends keyof R & string>(row: R, keys: readonly K[]): Wire<R, K> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = row[key];
    out[snake(key)] = value instanceof Date ? value.toISOString() : value;
  }
  return out as Wire<R, K>;
}
