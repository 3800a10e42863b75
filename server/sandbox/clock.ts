import type { FileChange } from "../../core/files/fileChange";
import type { HttpExchange } from "../../core/sandbox/http";
import type { EnvRead } from "../../core/sandbox/envRead";
import type { InferenceExchange } from "../../core/sandbox/inference";
import type { Json } from "../../core/json";

/**
 * Determinism for one run: a virtual clock and a seeded generator shared by every hook and
 * tool of the run. Reading the clock returns its value and moves it 1 ms forward, so two
 * reads never return the same time and a run with the same inputs reads the same values.
 * Every value handed out is recorded on the call that asked for it (HookCallResult.clock /
 * .random), so a trace shows exactly what a hook saw.
 */

/** At most this many values are recorded per call; the clock and generator go on regardless. */
export const MAX_RECORDED_VALUES = 10_000;

export interface CallRecording {
  clock: number[];
  random: number[];
  /** Values handed out but not recorded (beyond {@link MAX_RECORDED_VALUES}). */
  unrecorded: number;
  /** Changes to the run's virtual file system during the call (server/sandbox/node/vfs.ts). */
  files?: FileChange[];
  /** HTTP requests during the call and their fixture answers (server/sandbox/node/surface.ts). */
  requests?: HttpExchange[];
  /** process.env names read during the call, first read first, once each (server/sandbox/node/surface.ts). */
  env?: EnvRead[];
  /** Model calls through a host module's provider and their scripted answers (server/sandbox/node/surface.ts). */
  inference?: InferenceExchange[];
  /** Events published on a host module's event hub. */
  published?: Json[];
}

export function newRecording(): CallRecording {
  return { clock: [], random: [], unrecorded: 0 };
}

export class RunDeterminism {
  private time: number;
  private state: number;
  /** Where reads are recorded; null between calls (reads then go unrecorded). */
  recording: CallRecording | null = null;

  constructor(
    readonly clockStart: number,
    seed: number,
  ) {
    this.time = clockStart;
    this.state = seed >>> 0;
  }

  /** Date.now(), new Date(), performance.now(): the current time, then +1 ms. */
  readClock(): number {
    const t = this.time;
    this.time += 1;
    this.record("clock", t);
    return t;
  }

  /** The current time without reading it (virtual timers schedule against it). */
  peekClock(): number {
    return this.time;
  }

  /** A virtual timer fired at `t`: the clock never runs backward. */
  advanceTo(t: number): void {
    if (Number.isFinite(t) && t > this.time) this.time = t;
  }

  /**
   * Moves on past values a call took when it was recorded and is not run again (a re-run's tool
   * handler): the clock to just after the last time it read, the generator by as many draws.
   */
  skip(clock: readonly number[], randomDraws: number): void {
    const last = clock.at(-1);
    if (last !== undefined) this.advanceTo(last + 1);
    const recording = this.recording;
    this.recording = null;
    for (let i = 0; i < randomDraws; i++) this.readRandom();
    this.recording = recording;
  }

  /** Math.random(): mulberry32, a small fast generator with a 32-bit state; values in [0, 1). */
  readRandom(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    const value = ((z ^ (z >>> 14)) >>> 0) / 4294967296;
    this.record("random", value);
    return value;
  }

  private record(kind: "clock" | "random", value: number): void {
    const r = this.recording;
    if (!r) return;
    if (r.clock.length + r.random.length < MAX_RECORDED_VALUES) r[kind].push(value);
    else r.unrecorded++;
  }
}
