import type { Paged } from '@bookstore/contract';

/** Lists arrive either as a plain array or as a paged `{data, meta}`; screens want the array. */
export function asList<T>(reply: T[] | Paged<T> | { data: T[] } | null | undefined): T[] {
  if (!reply) return [];
  return Array.isArray(reply) ? reply : (reply.data ?? []);
}

/** 'N item' or 'N items'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
