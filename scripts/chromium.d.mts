/** Types of scripts/chromium.mjs (plain JavaScript, run by `node scripts/test.mjs`). */
export interface ChromiumDeps {
  env: Record<string, string | undefined>;
  exists: (file: string) => boolean;
  playwrightExecutable: () => string | null;
  isRoot: boolean;
  hasApt: boolean;
  run: (command: string, args: string[]) => Promise<number>;
  log: (line: string) => void;
}
export type ChromiumResult = { ok: true; path: string; source: string } | { ok: false; message: string };
export const NO_BROWSER_MESSAGE: string;
export function findChromium(deps: Pick<ChromiumDeps, "env" | "exists" | "playwrightExecutable">): ChromiumResult | null;
export function ensureChromium(deps: ChromiumDeps): Promise<ChromiumResult>;
