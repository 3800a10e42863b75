import type { Json } from "../json";
import { MAX_POINT_FIXTURE_BYTES, MAX_POINT_FIXTURES, type PointFixture } from "../pipeline/pointFixtureSchema";
import { at, type RecordingMap } from "./recordingMaps";
import { preview } from "./types";

/** A recorded string longer than this is cut in a "Run this point" context (the recording keeps it whole). */
const MAX_FIXTURE_STRING = 8000;

/** One recorded event, as the reader keeps it. */
export interface RecordedEvent {
  point: string;
  at: string | null;
  input: Record<string, unknown>;
}

/** `input` with long strings cut, so a context stays small enough to edit; null when it is still over the cap. */
function fitted(input: Record<string, unknown>): Record<string, Json> | null {
  const cut = (v: unknown): Json => {
    if (typeof v === "string") return v.length > MAX_FIXTURE_STRING ? `${v.slice(0, MAX_FIXTURE_STRING)}… [cut: ${v.length - MAX_FIXTURE_STRING} more characters]` : v;
    if (Array.isArray(v)) return v.map(cut);
    if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x)]));
    return typeof v === "number" || typeof v === "boolean" ? v : null;
  };
  const context = cut(input) as Record<string, Json>;
  return new TextEncoder().encode(JSON.stringify(context)).byteLength > MAX_POINT_FIXTURE_BYTES ? null : context;
}

/** `PreToolUse · Bash · rm -rf build`: the point, then the tool and the words the map points at (shortened on import, after secrets are stripped). */
export function fixtureLabel(event: RecordedEvent, map: RecordingMap | undefined): string {
  const first = (paths: readonly (readonly string[])[]): string | null => {
    for (const path of paths) {
      const v = at(event.input, path);
      // Long enough that a secret is still whole when the import strips secrets, then shortens the label.
      if (typeof v === "string" && v.trim() !== "") return preview(v, 240);
    }
    return null;
  };
  const parts = [event.point, map ? first(map.label.tool) : null, map ? first(map.label.detail) : null].filter((p): p is string => p !== null);
  return parts.join(" · ").slice(0, 300);
}

/**
 * A session's recorded events as "Run this point" contexts: the first {@link MAX_POINT_FIXTURES},
 * long strings cut; one still over {@link MAX_POINT_FIXTURE_BYTES} is left out. Returns what was
 * left out, for the import's notes.
 */
export function recordedFixtures(events: readonly RecordedEvent[], map: RecordingMap | undefined): { fixtures: PointFixture[]; tooLarge: number; overCount: number } {
  const fixtures: PointFixture[] = [];
  let tooLarge = 0;
  let overCount = 0;
  for (const event of events) {
    if (fixtures.length >= MAX_POINT_FIXTURES) {
      overCount++;
      continue;
    }
    const context = fitted(event.input);
    if (context === null) tooLarge++;
    else fixtures.push({ point: event.point, label: fixtureLabel(event, map), at: event.at, context });
  }
  return { fixtures, tooLarge, overCount };
}

/** At most this many recorded contexts are offered for one point (newest scenarios first). */
const MAX_OFFERED = 100;

/** A recorded context as "Run this point" offers it. */
export interface OfferedFixture {
  scenario: string;
  label: string;
  at: string | null;
  context: Record<string, Json>;
}

/**
 * The recorded contexts of `point` across the pipeline's scenarios imported from recordings, the
 * most recently added scenario first, in recording order within one.
 */
export function recordedContextsFor(scenarios: readonly { name: string; source?: { pointFixtures?: readonly PointFixture[] } }[], point: string): OfferedFixture[] {
  const out: OfferedFixture[] = [];
  for (const scenario of [...scenarios].reverse()) {
    for (const f of scenario.source?.pointFixtures ?? []) {
      if (f.point !== point) continue;
      if (out.length >= MAX_OFFERED) return out;
      out.push({ scenario: scenario.name, label: f.label, at: f.at, context: f.context });
    }
  }
  return out;
}

/** `2026-11-27T10:02:33.123Z` → `2026-11-27 10:02` (UTC, as recorded); anything else as it is. */
export function shortTime(at: string | null): string {
  if (at === null) return "";
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d)/.exec(at);
  return m ? `${m[1]} ${m[2]}` : at;
}
