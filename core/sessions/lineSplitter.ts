/**
 * Splits text arriving in chunks into lines (without `\n`, a trailing `\r` removed). A line split
 * over many chunks is joined once, when its end arrives, so a 50 MB line costs its size, not its
 * size times the number of chunks.
 */
export function createLineSplitter(onLine: (line: string) => void): { push(chunk: string): void; end(): void } {
  let pieces: string[] = [];
  const emit = (line: string) => onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
  return {
    push(chunk) {
      let from = 0;
      for (let nl = chunk.indexOf("\n"); nl !== -1; nl = chunk.indexOf("\n", from)) {
        const part = chunk.slice(from, nl);
        if (pieces.length > 0) {
          pieces.push(part);
          emit(pieces.join(""));
          pieces = [];
        } else emit(part);
        from = nl + 1;
      }
      if (from < chunk.length) pieces.push(chunk.slice(from));
    },
    end() {
      if (pieces.length > 0) emit(pieces.join(""));
      pieces = [];
    },
  };
}
