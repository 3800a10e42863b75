const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["week", 7 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function formatWhen(date: Date, now: Date, locale = "en"): string {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < 45_000) return "just now";
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, ms] of units) {
    if (elapsed >= ms) return format.format(-Math.round(elapsed / ms), unit);
  }
  return format.format(-1, "minute");
}
