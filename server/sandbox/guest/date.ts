/**
 * Guest code: a deterministic `Date` for one realm.
 *
 * - `Date.now()`, `new Date()` and `Date()` read the run's virtual clock (handed in as `now`).
 * - The sandbox runs in UTC whatever the server's time zone: QuickJS asks the host process
 *   for local time, which would make `getHours()` differ between machines, so every local-time
 *   method is the UTC one, `getTimezoneOffset()` is 0, and date-time strings without a zone
 *   are read as UTC.
 */

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const FIELDS = ["FullYear", "Month", "Date", "Hours", "Minutes", "Seconds", "Milliseconds"];
/** ISO date-only forms are UTC by the spec already. */
const DATE_ONLY = /^\s*[+-]?\d{4,6}(?:-\d\d(?:-\d\d)?)?\s*$/;
const HAS_ZONE = /(?:\dZ|[+-]\d\d:?\d\d|\b(?:GMT|UTC|UT)\b[^(]*)\s*(?:\([^)]*\))?\s*$/i;

export function installDate(now: () => number): void {
  const RealDate = Date;
  const proto = RealDate.prototype as unknown as Record<string, unknown> & Date;
  const realOffset = RealDate.prototype.getTimezoneOffset;
  const realParse = RealDate.parse;
  const utc = RealDate.UTC;

  function parseUtc(text: unknown): number {
    const s = String(text);
    const t = realParse(s);
    if (isNaN(t) || DATE_ONLY.test(s) || HAS_ZONE.test(s)) return t;
    // QuickJS read the text as host-local time; shift it back to the same wall time in UTC.
    return t - realOffset.call(new RealDate(t)) * 60_000;
  }

  const SandboxDate = function Date(this: unknown, ...args: unknown[]): unknown {
    if (!new.target) return new RealDate(now()).toString();
    let date: Date;
    if (args.length === 0) date = new RealDate(now());
    else if (args.length === 1) date = typeof args[0] === "string" ? new RealDate(parseUtc(args[0])) : new RealDate(args[0] as number);
    else date = new RealDate(utc(...(args as [number, number])));
    if (new.target !== SandboxDate) Object.setPrototypeOf(date, (new.target as { prototype: object }).prototype);
    return date;
  } as unknown as DateConstructor;

  define(SandboxDate, "length", 7);
  Object.defineProperty(SandboxDate, "prototype", { value: proto, writable: false });
  define(SandboxDate, "now", function now_() {
    return now();
  });
  define(SandboxDate, "parse", function parse(text: unknown) {
    return parseUtc(text);
  });
  define(SandboxDate, "UTC", utc);
  define(proto, "constructor", SandboxDate);

  for (const field of FIELDS) {
    define(proto, `get${field}`, proto[`getUTC${field}`]);
    define(proto, `set${field}`, proto[`setUTC${field}`]);
  }
  define(proto, "getDay", proto.getUTCDay);
  define(proto, "getTimezoneOffset", function getTimezoneOffset(this: Date) {
    return isNaN(this.getTime()) ? NaN : 0;
  });
  if (typeof proto.getYear === "function") {
    define(proto, "getYear", function getYear(this: Date) {
      return this.getUTCFullYear() - 1900;
    });
  }
  const text = (format: (d: Date) => string) =>
    function (this: Date): string {
      return isNaN(this.getTime()) ? "Invalid Date" : format(this);
    };
  define(proto, "toString", text((d) => `${dateText(d)} ${timeText(d)}`));
  define(proto, "toDateString", text(dateText));
  define(proto, "toTimeString", text(timeText));
  define(proto, "toLocaleString", text((d) => `${localeDate(d)}, ${localeTime(d)}`));
  define(proto, "toLocaleDateString", text(localeDate));
  define(proto, "toLocaleTimeString", text(localeTime));

  define(globalThis, "Date", SandboxDate);
}

function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: false, configurable: true });
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function dateText(d: Date): string {
  const y = d.getUTCFullYear();
  const year = y < 0 ? `-${pad(-y, 6)}` : pad(y, 4);
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())} ${year}`;
}

function timeText(d: Date): string {
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} GMT+0000 (Coordinated Universal Time)`;
}

function localeDate(d: Date): string {
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
}

function localeTime(d: Date): string {
  const h = d.getUTCHours();
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? "AM" : "PM"}`;
}
