/** 'N item' or 'N items'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** First letter upper case ('pending' -> 'Pending'), as the spec shows payment states. */
export function capitalise(text: string) {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}
