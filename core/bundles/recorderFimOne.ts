import type { Profile } from "../profiles/types";
import { ADAPTER_MODULE } from "./fimOnePackage";
import { RECORDING_CAP_BYTES, RECORDING_LINE_CAP_BYTES, recorderReadmeSection } from "./recorder";

/**
 * The recorder in FIM One's package (semantics.md §6): one class hook per point, registered at the
 * lowest priority there is, so it runs first. FIM One's PreToolUse chain ends at the first hook
 * that blocks (later hooks never run), and PostToolUse rebinds `tool_result` to the last rewrite
 * before each hook: running first, the recorder always sees the call and the tool's own result.
 * It returns a plain `HookResult()` (allow, nothing changed: a handler returning None would make
 * the registry raise) and never raises.
 */

/** The recorder's module in the package (`hookwright_hooks/hookwright_recorder.py`). */
export const FIM_RECORDER_MODULE = "hookwright_recorder";

/** Below any priority a pipeline sets: FIM One runs the lowest first. */
const FIRST = -2147483648;

/** The recorder's class per point of the profile. */
function classOf(point: string): string {
  return `Record${point}`;
}

/** `register(registry)`'s lines for the recorder, in the form the importer reads (and leaves out). */
export function fimOneRecorderRegisterLines(profile: Profile): string[] {
  return profile.points.map((p) => `    registry.register(registry_hook(${FIM_RECORDER_MODULE}.${classOf(p.id)}(), priority=${FIRST}))`);
}

/** FIM One's HookPoint member of each point id. */
const MEMBERS: Record<string, string> = { PreToolUse: "PRE_TOOL_USE", PostToolUse: "POST_TOOL_USE", SessionStart: "SESSION_START" };

export function fimOneRecorderModule(profile: Profile): string {
  const classes = profile.points.flatMap((p) => {
    const member = MEMBERS[p.id];
    if (!member) return [];
    return [
      "",
      "",
      `class ${classOf(p.id)}(Hook):`,
      `    """Records every ${p.id} context; allows, changes nothing."""`,
      "",
      '    name = "hookwright_recorder"',
      `    hook_point = HookPoint.${member}`,
      "",
      "    async def execute(self, context: HookContext) -> HookResult:",
      `        _record(${JSON.stringify(p.id)}, context)`,
      "        return HookResult()",
    ];
  });
  return [
    '"""Hookwright\'s recorder for FIM One (written by Hookwright).',
    "",
    "Appends the HookContext of every hook point to <working folder>/.hookwright/recordings/<session>.jsonl,",
    "and changes nothing. The session is the context's conversation_id, else metadata's, else agent_id.",
    '"""',
    "",
    "import datetime",
    "import json",
    "import os",
    "import re",
    "",
    "from fim_one.core.agent.hooks import HookContext, HookPoint, HookResult",
    "",
    `from .${ADAPTER_MODULE} import Hook`,
    "",
    `_CAP = ${RECORDING_CAP_BYTES}`,
    `_LINE_CAP = ${RECORDING_LINE_CAP_BYTES}`,
    "",
    "",
    "def _file_name(session: str) -> str:",
    '    name = re.sub(r"^\\.+", "_", re.sub(r"[^A-Za-z0-9._-]", "_", session))[:120]',
    '    return name or "no-session"',
    "",
    "",
    "def _context(context: HookContext) -> dict:",
    "    point = context.hook_point",
    "    return {",
    '        "hook_point": getattr(point, "value", point),',
    '        "tool_name": context.tool_name,',
    '        "tool_args": context.tool_args,',
    '        "tool_result": context.tool_result,',
    '        "agent_id": context.agent_id,',
    '        "user_id": context.user_id,',
    '        "conversation_id": context.conversation_id,',
    '        "metadata": context.metadata,',
    "    }",
    "",
    "",
    "def _record(point: str, context: HookContext) -> None:",
    "    try:",
    "        metadata = context.metadata if isinstance(context.metadata, dict) else {}",
    '        session = str(context.conversation_id or metadata.get("conversation_id") or context.agent_id or "no-session")',
    '        at = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")',
    '        entry = {"hookwright_recording": 1, "host": "fim-one", "point": point, "at": at, "session": session, "input": _context(context)}',
    '        line = json.dumps(entry, default=str, ensure_ascii=False) + "\\n"',
    '        size_of_line = len(line.encode("utf-8"))',
    "        if size_of_line > _LINE_CAP:",
    '            line = json.dumps({**entry, "input": None, "inputBytes": size_of_line}) + "\\n"',
    '        folder = os.path.join(os.getcwd(), ".hookwright", "recordings")',
    "        os.makedirs(folder, exist_ok=True)",
    '        path = os.path.join(folder, _file_name(session) + ".jsonl")',
    "        size = os.path.getsize(path) if os.path.exists(path) else 0",
    "        if size >= _CAP:",
    "            return",
    '        with open(path, "a", encoding="utf-8") as out:',
    "            out.write(line)",
    '            if size + len(line.encode("utf-8")) >= _CAP:',
    '                out.write(json.dumps({"hookwright_recording": 1, "host": "fim-one", "at": at, "session": session, "capped": True, "capBytes": _CAP}) + "\\n")',
    "    except Exception:  # noqa: BLE001 - recording is best effort: the agent goes on whatever happens here",
    "        pass",
    ...classes,
    "",
  ].join("\n");
}

export function fimOneRecorderReadme(profile: Profile): string[] {
  return recorderReadmeSection({
    file: `hookwright_hooks/${FIM_RECORDER_MODULE}.py`,
    host: "FIM One",
    points: profile.points.map((p) => p.id),
    where: "`<working folder>/.hookwright/recordings/<session>.jsonl`, the working folder being FIM One's process's, the session the context's `conversation_id` (FIM One leaves it None), else `metadata.conversation_id`, else `agent_id`",
    input: "the HookContext the registry hands a hook (`hook_point`, `tool_name`, `tool_args`, `tool_result`, `agent_id`, `user_id`, `conversation_id`, `metadata`), as `dataclasses.asdict` shows it.",
    decision:
      "not recorded: the recorder runs first at every point (the lowest priority), because FIM One's PreToolUse chain stops at the first hook that blocks, so a recorder after the hooks would miss the blocked calls; PostToolUse shows the tool's own result.",
    remove: 'delete the `hookwright_recorder` lines from `register(registry)` in `hookwright_hooks/__init__.py`, or export again without "Add a recorder".',
  });
}
