import type { ScriptedApproval } from "./scriptedSchema";

/** The facts of a request a scripted answer can match on. */
export interface ApprovalSubject {
  tool: string;
  hookId: string;
  point: string;
}

/** The first scripted answer whose every given field equals the request's, or null. */
export function findScriptedAnswer(script: readonly ScriptedApproval[], subject: ApprovalSubject): ScriptedApproval | null {
  for (const entry of script) {
    const m = entry.match;
    if (m.tool !== undefined && m.tool !== subject.tool) continue;
    if (m.hookId !== undefined && m.hookId !== subject.hookId) continue;
    if (m.point !== undefined && m.point !== subject.point) continue;
    return entry;
  }
  return null;
}
