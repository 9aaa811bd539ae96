/**
 * Text that renders as typed (docs/decisions/0028-trust-round-three.md): what a shopper or staff
 * member types for others to read (a title, a name, an address, a review) may not hold control
 * characters, which break lines and fields where none belong (a title over two lines, a name that ends
 * a CSV row, a label printed askew), nor the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which make text display in another order than it was written
 * ("Trojan Source": a review that reads one thing and says another). The right-to-left and
 * left-to-right marks (U+200E, U+200F) stay allowed: Arabic and Hebrew text needs them and they
 * reorder nothing around them. One rule for every form and the server, so both say the same.
 */

/** Controls (Unicode's Cc: C0, DEL, C1) and the line and paragraph separators: nothing a one-line field may hold. */
const LINE_BREAKERS = /[\p{Cc}\u2028\u2029]/u;
/** Controls but tab, line feed and carriage return: what a multi-line field (a review, a description) may not hold. */
const CONTROLS_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;
/** Bidirectional embeddings and overrides (LRE, RLE, PDF, LRO, RLO) and isolates (LRI, RLI, FSI, PDI). */
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/** A one-line field (a title, a name, an address line): no control character, no line break, no direction control. */
export const isPlainLine = (value: string) => !LINE_BREAKERS.test(value) && !DIRECTION_CONTROLS.test(value);

/** A multi-line field (a review, a description, a bio): line breaks and tabs allowed, other controls and direction controls not. */
export const isPlainMultiline = (value: string) => !CONTROLS_BUT_LINES.test(value) && !DIRECTION_CONTROLS.test(value);

/**
 * What such a field says when refused, naming it as its form does: "Title may not contain control
 * characters or text-direction marks". Every schema adds `.refine(isPlainLine, plainTextMessage('Title'))`.
 */
export const plainTextMessage = (subject: string) =>
  `${subject} may not contain control characters or text-direction marks`;
