/**
 * The Python module \`fim_one_hooks\`: Hookwright's stand-in for FIM One's hook API (HookPoint,
 * HookContext, HookResult, Hook, PreToolUseHook, PostToolUseHook, SessionStartHook, HookRegistry),
 * written for Hookwright to behave as F:src/fim_one/core/agent/hooks.py and core/hooks/base.py at
 * 8bfe86d do (FIM One's code is not reused: its licence forbids it). Kept as a string so that it
 * ships with every build (tsx, vitest, the CLI bundle, Next's server build, the run workers)
 * without a file to locate at run time. No backtick or dollar-brace may appear in it.
 */
export const FIM_ONE_HOOKS_PY = String.raw`"""Hookwright's stand-in for FIM One's hook API.

The same names and behaviour as FIM One's 'fim_one.core.agent.hooks' and
'fim_one.core.hooks.base' (fim-ai/fim-one at 8bfe86d), written for Hookwright:
FIM One's own code is not used. Import from here while designing hooks in
Hookwright; the exported package imports FIM One's real modules instead.

Hookwright additions (FIM One has neither): 'SessionStartHook' (the seed's
base class for SessionStart hooks) and 'HookResult.request_approval' (ask a
person through Hookwright's approval gate, what FIM One's FeishuGateHook does
inside its own 'execute').
"""

from __future__ import annotations

import abc
import fnmatch
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Awaitable, Callable

__all__ = [
    "ApprovalRequest",
    "Hook",
    "HookContext",
    "HookHandler",
    "HookPoint",
    "HookRegistry",
    "HookResult",
    "PostToolUseHook",
    "PreToolUseHook",
    "SessionStartHook",
]


class HookPoint(Enum):
    """Where in the agent's loop a hook runs (FIM One's three points)."""

    PRE_TOOL_USE = "pre_tool_use"
    POST_TOOL_USE = "post_tool_use"
    SESSION_START = "session_start"


@dataclass
class HookContext:
    """What a hook is handed. One object is shared by every hook of a point."""

    hook_point: HookPoint
    tool_name: str | None = None
    tool_args: dict[str, Any] | None = None
    tool_result: str | None = None
    agent_id: str | None = None
    user_id: str | None = None
    conversation_id: str | None = None
    metadata: dict[str, Any] | None = None


@dataclass
class ApprovalRequest:
    """Hookwright only: what the approval card asks (FIM One's gate waits 120 s by default)."""

    title: str | None = None
    description: str | None = None
    timeout_seconds: float | None = None


@dataclass
class HookResult:
    """What a hook answers. The defaults allow the call and change nothing."""

    allow: bool = True
    modified_args: dict[str, Any] | None = None
    modified_result: str | None = None
    side_effects: list[str] = field(default_factory=list)
    error: str | None = None
    #: Hookwright only: ask a person before the call runs (PreToolUse).
    request_approval: ApprovalRequest | dict[str, Any] | None = None


HookHandler = Callable[[HookContext], Awaitable[HookResult]]


class Hook:
    """A registered hook: a name, a point, an async handler, a priority (lower first).

    'Hook("audit", HookPoint.POST_TOOL_USE, handler, priority=10)' as in FIM One.
    A subclass that sets 'name' and defines 'execute' (and optionally
    'should_trigger') also works in Hookwright.
    """

    name: str = "unnamed_hook"
    hook_point: HookPoint = HookPoint.PRE_TOOL_USE
    description: str = ""
    priority: int = 0
    tool_filter: str | None = None
    handler: HookHandler | None = None

    def __init__(
        self,
        name: str | None = None,
        hook_point: HookPoint | None = None,
        handler: HookHandler | None = None,
        description: str | None = None,
        priority: int | None = None,
        tool_filter: str | None = None,
    ) -> None:
        if name is not None:
            self.name = name
        if hook_point is not None:
            self.hook_point = hook_point
        if handler is not None:
            self.handler = handler
        if description is not None:
            self.description = description
        if priority is not None:
            self.priority = priority
        if tool_filter is not None:
            self.tool_filter = tool_filter

    def matches_tool(self, tool_name: str | None) -> bool:
        """No filter: every tool. Otherwise a glob on the tool's name (case-sensitive on Linux)."""
        if self.tool_filter is None:
            return True
        if tool_name is None:
            return False
        return fnmatch.fnmatch(tool_name, self.tool_filter)

    async def execute(self, context: HookContext) -> HookResult:
        """Runs the handler; an exception is fail-open: allow, with a side effect naming the hook."""
        try:
            return await self.handler(context)  # type: ignore[misc]
        except Exception:
            return HookResult(allow=True, side_effects=["Hook '" + str(self.name) + "' failed with exception"])

    def __repr__(self) -> str:
        point = self.hook_point.value if isinstance(self.hook_point, HookPoint) else self.hook_point
        return "Hook(name=%r, point=%s, priority=%r)" % (self.name, point, self.priority)


class _ClassHook(abc.ABC):
    """The class-style hooks' shared part: should_trigger, execute, as_hook."""

    name: str = "unnamed_hook"
    description: str = ""
    priority: int = 50
    tool_filter: str | None = None
    hook_point: HookPoint = HookPoint.PRE_TOOL_USE

    def should_trigger(self, context: HookContext) -> bool:
        """Whether to run for this context; the default runs always."""
        return True

    @abc.abstractmethod
    async def execute(self, context: HookContext) -> HookResult:
        """The hook's logic."""

    def as_hook(self) -> Hook:
        """This instance as a registrable 'Hook': should_trigger false answers a default HookResult."""

        async def handler(context: HookContext) -> HookResult:
            if not self.should_trigger(context):
                return HookResult()
            return await self.execute(context)

        return Hook(
            name=self.name,
            hook_point=self.hook_point,
            handler=handler,
            description=self.description,
            priority=self.priority,
            tool_filter=self.tool_filter,
        )


class PreToolUseHook(_ClassHook):
    """Runs before a tool call: may block it (allow=False) or rewrite its args."""

    hook_point: HookPoint = HookPoint.PRE_TOOL_USE


class PostToolUseHook(_ClassHook):
    """Runs after a tool returned: may rewrite what the model sees (modified_result)."""

    hook_point: HookPoint = HookPoint.POST_TOOL_USE


class SessionStartHook(_ClassHook):
    """Runs once at the start of a session (the seed's base; FIM One has none)."""

    hook_point: HookPoint = HookPoint.SESSION_START


class HookRegistry:
    """Hooks by point, kept sorted by priority (ascending; equal priorities keep registration order)."""

    def __init__(self) -> None:
        self._by_point: dict[HookPoint, list[Hook]] = {point: [] for point in HookPoint}

    def register(self, hook: Hook) -> None:
        hooks = self._by_point.setdefault(hook.hook_point, [])
        hooks.append(hook)
        hooks.sort(key=lambda h: h.priority)  # list.sort is stable

    def unregister(self, name: str) -> None:
        for point in list(self._by_point):
            self._by_point[point] = [h for h in self._by_point[point] if h.name != name]

    def list_hooks(self, point: HookPoint | None = None) -> list[Hook]:
        if point is not None:
            return list(self._by_point.get(point, []))
        out: list[Hook] = []
        for each in HookPoint:
            out.extend(self._by_point.get(each, []))
        return out

    async def run_pre_tool(self, context: HookContext) -> HookResult:
        """Every matching hook in order until one blocks; a rewrite becomes the next hook's tool_args (the same dict)."""
        combined = HookResult()
        for hook in self._by_point.get(HookPoint.PRE_TOOL_USE, []):
            if not hook.matches_tool(context.tool_name):
                continue
            if combined.modified_args is not None:
                context.tool_args = combined.modified_args
            result = await hook.execute(context)
            combined.side_effects.extend(result.side_effects)
            if not result.allow:
                combined.allow = False
                combined.error = result.error or "Blocked by hook '" + str(hook.name) + "'"
                return combined
            if result.modified_args is not None:
                combined.modified_args = result.modified_args
        return combined

    async def run_post_tool(self, context: HookContext) -> HookResult:
        """Every matching hook in order; each sees the previous rewrite in tool_result; the last rewrite wins."""
        combined = HookResult()
        for hook in self._by_point.get(HookPoint.POST_TOOL_USE, []):
            if not hook.matches_tool(context.tool_name):
                continue
            if combined.modified_result is not None:
                context.tool_result = combined.modified_result
            result = await hook.execute(context)
            combined.side_effects.extend(result.side_effects)
            if result.modified_result is not None:
                combined.modified_result = result.modified_result
        return combined

    async def run_session_start(self, context: HookContext) -> HookResult:
        """Every hook in order; side effects collected. Hookwright also keeps the last modified_result (the seed's prompt injection)."""
        combined = HookResult()
        for hook in self._by_point.get(HookPoint.SESSION_START, []):
            result = await hook.execute(context)
            combined.side_effects.extend(result.side_effects)
            if result.modified_result is not None:
                combined.modified_result = result.modified_result
        return combined

    def __len__(self) -> int:
        return sum(len(hooks) for hooks in self._by_point.values())

    def __repr__(self) -> str:
        counts = {p.value: len(h) for p, h in self._by_point.items() if h}
        return "HookRegistry(%r)" % (counts,)
`;
