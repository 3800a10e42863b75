/**
 * One output stream of the command, kept up to a byte cap: the rest is read (so the command
 * never blocks on a full pipe) and dropped.
 */
export class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  /** Every byte read, kept or not. */
  total = 0;

  constructor(private readonly cap: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    const room = this.cap - this.kept;
    if (room <= 0) return;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.chunks.push(part);
    this.kept += part.length;
  }

  get truncated(): boolean {
    return this.total > this.kept;
  }

  /** The kept bytes as UTF-8 (a character cut at the cap, or invalid bytes, become U+FFFD). */
  text(): string {
    return Buffer.concat(this.chunks, this.kept).toString("utf8");
  }
}
