import { foldClaudeCode, type ClaudeFoldOptions, type ClaudeFoldResult, type ClaudeHookAnswer } from "./claudeCode";

/**
 * Races made visible (issue 13): parallel hooks each see the original input, so their answers do
 * not depend on the order they finish in, only the fold does. Re-folding the recorded answers under
 * every completion order (up to 6 hooks = 720 orders; a fixed sample of 720 beyond) tells whether
 * the point's outcome depends on which hook finishes last.
 */

const MAX_ORDERS = 720;

export interface OrderDependence {
  /** Outcome fields that differ between completion orders. */
  fields: string[];
  /** Hooks whose answers make the difference. */
  hooks: string[];
  /** How many completion orders were folded. */
  orders: number;
  message: string;
}

const COMPARED = ["decision", "reason", "updatedInput", "updatedToolOutput", "permission"] as const;

export function orderDependence(event: string, answers: readonly ClaudeHookAnswer[], options?: ClaudeFoldOptions): OrderDependence | null {
  if (answers.length < 2) return null;
  const base = foldClaudeCode(event, answers, options);
  const differing = new Set<string>();
  let orders = 0;
  for (const order of orders_(answers.length)) {
    orders += 1;
    const other = foldClaudeCode(event, order.map((i) => answers[i] as ClaudeHookAnswer), options);
    for (const key of COMPARED) if (JSON.stringify(effective(other, key)) !== JSON.stringify(effective(base, key))) differing.add(key);
  }
  if (differing.size === 0) return null;
  const fields = COMPARED.filter((k) => differing.has(k));
  const hooks = contributors(event, answers, fields, options);
  return { fields, hooks, orders, message: describe(fields, hooks, answers) };
}

/** A field as it matters: a rewrite of a call that is denied or deferred never takes effect. */
function effective(result: ClaudeFoldResult, key: (typeof COMPARED)[number]): unknown {
  if (key === "updatedInput" && (result.decision === "deny" || result.decision === "defer" || result.decision === "block")) return null;
  return result[key];
}

/** Hooks whose own answer sets one of the differing fields. */
function contributors(event: string, answers: readonly ClaudeHookAnswer[], fields: readonly string[], options?: ClaudeFoldOptions): string[] {
  return answers
    .filter((a) => {
      const alone: ClaudeFoldResult = foldClaudeCode(event, [a], options);
      return fields.some((f) => {
        const v = alone[f];
        return v !== null && v !== undefined;
      });
    })
    .map((a) => a.hookId);
}

function describe(fields: readonly string[], hooks: readonly string[], answers: readonly ClaudeHookAnswer[]): string {
  const who = hooks.length === 2 ? `${hooks[0]} and ${hooks[1]}` : hooks.join(", ");
  if (fields.includes("updatedInput")) {
    const keys = new Set<string>();
    for (const a of answers) {
      const input = (a.output as { hookSpecificOutput?: { updatedInput?: unknown } } | null)?.hookSpecificOutput?.updatedInput;
      if (typeof input === "object" && input !== null) for (const k of Object.keys(input)) keys.add(k);
    }
    return `the tool input depends on which hook finishes last: ${who} both rewrite ${[...keys].map((k) => `\`${k}\``).join(", ")}`;
  }
  if (fields.includes("updatedToolOutput")) return `the tool output the model sees depends on which hook finishes last: ${who} both replace it`;
  return `the outcome (${fields.join(", ")}) depends on the order ${who} finish in`;
}

/** Every permutation of 0..n-1 (n ≤ 6), or a fixed pseudo-random sample of them. */
function orders_(n: number): number[][] {
  const out: number[][] = [];
  if (n <= 6) {
    const permute = (prefix: number[], rest: number[]) => {
      if (rest.length === 0) return void out.push(prefix);
      rest.forEach((x, i) => permute([...prefix, x], [...rest.slice(0, i), ...rest.slice(i + 1)]));
    };
    permute([], Array.from({ length: n }, (_, i) => i));
    return out;
  }
  let state = 0x9e3779b9;
  const random = () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 4294967296;
  };
  for (let k = 0; k < MAX_ORDERS; k++) {
    const p = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [p[i], p[j]] = [p[j] as number, p[i] as number];
    }
    out.push(p);
  }
  return out;
}
