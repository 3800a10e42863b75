/** Types of scripts/bubblewrap.mjs (plain JavaScript, run by `node scripts/test.mjs`). */
export interface SandboxToolDeps {
  findTool: (name: string) => string | null;
  isRoot: boolean;
  hasApt: boolean;
  run: (command: string, args: string[]) => Promise<number>;
  log: (line: string) => void;
}
export type SandboxToolsResult = { ok: true; installed: string[] } | { ok: false; message: string };
export const SANDBOX_TOOLS: Record<string, string>;
export const R_TOOLS: Record<string, string>;
export function missingToolsMessage(packages: string[], skips?: string): string;
export function ensureSandboxTools(deps: SandboxToolDeps, tools?: Record<string, string>, skips?: string): Promise<SandboxToolsResult>;
