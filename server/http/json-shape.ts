/**
 * A look at a JSON text's structure before it is parsed (SECURITY.md, "What protects the data"):
 * what JSON.parse costs grows with the values a text holds, not its bytes (a megabyte of `[` or of
 * `{},` is half a million of them, some 100 to 250 ms of one core, most of it building and then
 * collecting them), so a body is refused for nesting or values no honest request has, by one
 * pass over its characters.
 */

/** Limits of a JSON text's structure. */
export interface JsonShapeLimits {
  /** Most arrays and objects open at once. */
  maxDepth: number;
  /** Most structural marks (`{`, `[`, `,`, `:`): about two for each value and key. */
  maxMarks: number;
}

/**
 * Every request body of the API fits well within these: the deepest is 3 (a body, its array, an
 * item), the most marks some 3,800 (200 damages of 9 fields).
 */
export const API_JSON_LIMITS: JsonShapeLimits = { maxDepth: 16, maxMarks: 8192 };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Why a JSON text's structure is beyond the limits, or null when it is within them. Malformed
 * text is not judged here (JSON.parse does that): the pass only counts, stops at the first mark
 * over a limit, and leaves runs of anything else (digits, spaces, a string's characters) to the
 * regular expression engine and indexOf, a few milliseconds a megabyte whatever the text.
 * @returns "Nested too deeply (at most N levels)" or "Too many values (at most N commas, colons and brackets)"
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits): string | null {
  const marksOutsideStrings = /["[\]{},:]/g;
  // The first backslash at or after where the pass is, found again only once passed: one look
  // for each string would read the rest of the text each time.
  let backslash = text.indexOf("\\");
  /** Index of the quote that closes a string whose characters start at `from` (the text's length when none does). */
  const endOfString = (from: number): number => {
    const quote = text.indexOf('"', from);
    if (quote === -1) return text.length;
    if (backslash !== -1 && backslash < from) backslash = text.indexOf("\\", from);
    if (backslash === -1 || backslash > quote) return quote;
    // Escapes: each backslash takes the character after it, a quote or not.
    for (let i = backslash; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) return i;
    }
    return text.length;
  };
  let depth = 0;
  let marks = 0;
  for (let mark = marksOutsideStrings.exec(text); mark; mark = marksOutsideStrings.exec(text)) {
    const char = mark[0];
    if (char === '"') {
      marksOutsideStrings.lastIndex = endOfString(mark.index + 1) + 1;
      continue;
    }
    if (char === "]" || char === "}") {
      depth--;
      continue;
    }
    if ((char === "[" || char === "{") && ++depth > limits.maxDepth)
      return `Nested too deeply (at most ${limits.maxDepth} levels)`;
    if (++marks > limits.maxMarks) return `Too many values (at most ${limits.maxMarks} commas, colons and brackets)`;
  }
  return null;
}
