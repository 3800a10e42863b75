/**
 * Test-only: a stand-in for FIM One's fim_one/core/hooks.py (HookPoint, HookContext, HookResult and a
 * registry running PreToolUse hooks in order until one blocks, PostToolUse hooks in order), written
 * from semantics.md §6c, for tests that run exported Python hooks with a real python3 where FIM One
 * itself is not installed. Not FIM One's code.
 */
export const FIM_ONE_HOOKS_STUB = `import enum
from dataclasses import dataclass, field
from typing import Any


class HookPoint(enum.Enum):
    PRE_TOOL_USE = "pre_tool_use"
    POST_TOOL_USE = "post_tool_use"
    SESSION_START = "session_start"


@dataclass
class HookContext:
    hook_point: HookPoint
    tool_name: str | None = None
    tool_args: dict | None = None
    tool_result: str | None = None
    agent_id: str | None = None
    user_id: str | None = None
    conversation_id: str | None = None
    metadata: dict | None = None


@dataclass
class HookResult:
    allow: bool = True
    modified_args: dict | None = None
    modified_result: str | None = None
    side_effects: list = field(default_factory=list)
    error: str | None = None


class Hook:
    def __init__(self, name, hook_point, handler, description="", priority=0, tool_filter=None):
        self.name, self.hook_point, self.handler = name, hook_point, handler
        self.description, self.priority, self.tool_filter = description, priority, tool_filter

    async def execute(self, context):
        try:
            return await self.handler(context)
        except Exception:
            return HookResult(side_effects=[f"Hook '{self.name}' failed with exception"])


class HookRegistry:
    def __init__(self):
        self.hooks = {}

    def register(self, hook):
        self.hooks.setdefault(hook.hook_point, []).append(hook)
        self.hooks[hook.hook_point].sort(key=lambda h: h.priority)

    async def run_pre_tool(self, context):
        combined = HookResult()
        for hook in self.hooks.get(HookPoint.PRE_TOOL_USE, []):
            result = await hook.execute(context)
            combined.side_effects.extend(result.side_effects)
            if not result.allow:
                combined.allow = False
                combined.error = result.error or f"Blocked by hook '{hook.name}'"
                return combined
        return combined

    async def run_post_tool(self, context):
        combined = HookResult()
        for hook in self.hooks.get(HookPoint.POST_TOOL_USE, []):
            result = await hook.execute(context)
            if result.modified_result is not None:
                combined.modified_result = result.modified_result
                context.tool_result = result.modified_result
        return combined
`;

/** A stand-in for fim_one/core/hooks/base.py: the PreToolUseHook / PostToolUseHook classes hooks subclass (semantics.md §6c). */
const FIM_ONE_BASE_STUB = `import abc

from fim_one.core.agent.hooks import Hook, HookContext, HookPoint, HookResult


class _ClassHook(abc.ABC):
    name = "unnamed_hook"
    description = ""
    priority = 50
    tool_filter = None
    hook_point = HookPoint.PRE_TOOL_USE

    def should_trigger(self, context):
        return True

    @abc.abstractmethod
    async def execute(self, context): ...

    def as_hook(self):
        async def handler(ctx):
            if not self.should_trigger(ctx):
                return HookResult()
            return await self.execute(ctx)

        return Hook(self.name, self.hook_point, handler, self.description, self.priority, self.tool_filter)


class PreToolUseHook(_ClassHook):
    hook_point = HookPoint.PRE_TOOL_USE


class PostToolUseHook(_ClassHook):
    hook_point = HookPoint.POST_TOOL_USE
`;

/** The stand-in fim_one package (hooks.py and hooks/base.py above), as files to lay beside an exported hookwright_hooks/. */
export function fimOneStubPackage(): { path: string; content: string }[] {
  return [
    { path: "fim_one/__init__.py", content: "" },
    { path: "fim_one/core/__init__.py", content: "" },
    { path: "fim_one/core/agent/__init__.py", content: "" },
    { path: "fim_one/core/agent/hooks.py", content: FIM_ONE_HOOKS_STUB },
    { path: "fim_one/core/hooks/__init__.py", content: "from .base import PostToolUseHook, PreToolUseHook\n" },
    { path: "fim_one/core/hooks/base.py", content: FIM_ONE_BASE_STUB },
  ];
}
