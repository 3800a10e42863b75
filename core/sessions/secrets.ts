/**
 * Secret shapes stripped from an imported session unless the user keeps them (docs/sessions.md
 * lists them). Each match is replaced by `[REDACTED:<id>]`; an `.env`-style line keeps its name.
 */
export interface SecretPattern {
  id: string;
  /** What it matches, for the docs and the import summary. */
  description: string;
  regex: RegExp;
  /** The replacement; `$1` keeps a leading group (the variable name of an env line). */
  replacement: string;
}

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  { id: "anthropic-key", description: "Anthropic API keys (sk-ant-…)", regex: /\bsk-ant-[A-Za-z0-9_-]{16,}/g, replacement: "[REDACTED:anthropic-key]" },
  { id: "openai-key", description: "OpenAI-style API keys (sk-…, sk-proj-…)", regex: /\bsk-(?!ant-)[A-Za-z0-9_-]{20,}/g, replacement: "[REDACTED:openai-key]" },
  { id: "aws-access-key", description: "AWS access key ids (AKIA…, ASIA… + 16 characters)", regex: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, replacement: "[REDACTED:aws-access-key]" },
  { id: "github-token", description: "GitHub tokens (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_)", regex: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g, replacement: "[REDACTED:github-token]" },
  { id: "slack-token", description: "Slack tokens (xoxb-, xoxp-, xoxa-, xoxo-, xoxs-, xoxr-)", regex: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, replacement: "[REDACTED:slack-token]" },
  { id: "bearer-token", description: "Bearer tokens (Authorization: Bearer …)", regex: /\b(Bearer\s+)[A-Za-z0-9._~+/=-]{16,}/gi, replacement: "$1[REDACTED:bearer-token]" },
  {
    id: "env-secret",
    description: ".env-style assignments whose upper-case name contains KEY, TOKEN, SECRET or PASSWORD (NAME=value, export NAME=\"value\", NAME: value)",
    regex: /(^|[\s;&|({,])((?:export\s+)?[A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD)[A-Z0-9_]*\s*[=:]\s*)(["']?)(?!\[REDACTED)[^\s"'`;&|,)}]{4,}\3/gm,
    replacement: "$1$2$3[REDACTED:env-secret]$3",
  },
];

/** Counts of stripped values by pattern id. */
export type SecretCounts = Map<string, number>;

/** A cheap test that skips the regular expressions on strings that cannot hold a secret. */
const MAYBE = /sk-|AKIA|ASIA|gh[pousr]_|github_pat_|xox|bearer|KEY|TOKEN|SECRET|PASSW/i;

/**
 * `text` with every secret of {@link SECRET_PATTERNS} replaced, counting them in `counts`.
 * @example
 * redactSecrets("export OPENAI_API_KEY=sk-abc…", new Map()) // "export OPENAI_API_KEY=[REDACTED:openai-key]"
 */
export function redactSecrets(text: string, counts: SecretCounts): string {
  if (!MAYBE.test(text)) return text;
  let out = text;
  for (const p of SECRET_PATTERNS) {
    p.regex.lastIndex = 0;
    if (!p.regex.test(out)) continue;
    p.regex.lastIndex = 0;
    out = out.replace(p.regex, (...args: unknown[]) => {
      counts.set(p.id, (counts.get(p.id) ?? 0) + 1);
      const groups = args.slice(1, -2) as (string | undefined)[];
      return p.replacement.replace(/\$(\d)/g, (_, n: string) => groups[Number(n) - 1] ?? "");
    });
  }
  return out;
}

/** A JSON value with every string (keys kept) passed through {@link redactSecrets}. */
export function redactJson(value: unknown, counts: SecretCounts): unknown {
  if (typeof value === "string") return redactSecrets(value, counts);
  if (Array.isArray(value)) return value.map((v) => redactJson(v, counts));
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactJson(v, counts);
    return out;
  }
  return value;
}
