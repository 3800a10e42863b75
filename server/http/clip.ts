/*
 * Error messages quote what was wrong, and what was wrong may be a megabyte long. Before a
 * message leaves the server, every quoted value ("…") and every run of characters without a
 * space (an id, a name) longer than MAX_QUOTE is cut to its first MAX_QUOTE characters, and
 * the whole message to MAX_MESSAGE.
 */

export const MAX_QUOTE = 100;
const MAX_MESSAGE = 2000;

function cut(text: string, max: number): string {
  return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** `message` with each long word and the whole cut to size; short messages come back as they are. */
export function clipMessage(message: string): string {
  const clipped = message
    .replace(new RegExp(`"([^"\\n]{${MAX_QUOTE + 1},})"`, "g"), (_quoted, inner: string) => `"${cut(inner, MAX_QUOTE)}"`)
    .replace(new RegExp(`[^\\s"…]{${MAX_QUOTE + 1},}`, "g"), (word) => cut(word, MAX_QUOTE));
  return clipped.length > MAX_MESSAGE ? cut(clipped, MAX_MESSAGE) : clipped;
}
