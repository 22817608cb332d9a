/**
 * How deep JSON text nests ([ and { outside strings), read without parsing: so that a hostile
 * body is refused before anything (JSON.parse's result, a signature's canonical form,
 * JSON.stringify) walks it recursively. Stops counting once past `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) {
        i++; // the escaped character, whatever it is
      } else if (c === 0x22) {
        inString = false;
      }
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) {
        return true;
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
