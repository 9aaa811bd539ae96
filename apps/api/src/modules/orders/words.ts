/** "1 copy", "3 copies": how the shop's messages count copies. */
export function copies(n: number) {
  return n === 1 ? '1 copy' : `${n} copies`;
}
