import type { FoldSpec } from "../chain/fold/spec";
import type { Json, JsonObject } from "../json";
import type { CommandLanguage, RuntimeKind, ScriptLocation } from "../pipeline/runtimeSchema";
import type { Pipeline } from "../pipeline/schema";

/**
 * A profile is one host's hook system as data (DESIGN.md "Profile"). The UI graph, Monaco's
 * type declarations, the simulator and the exporters all read it; nothing about a host is
 * hard-coded elsewhere.
 */

/** How the handlers of one hook point run, from the seeds and the reference. */
export type ExecutionModel =
  /** Vellum runHook: sequential; each hook gets its own deep draft of the last committed context;
   *  it mutates the draft and/or returns a partial shallow-merged onto the draft; a throw drops the draft. */
  | "chain"
  /** Registry void: all handlers in parallel on the same input; results ignored; failures swallowed. */
  | "void"
  /** Registry modifying: sequential; each returns a partial; first non-null value per key wins. */
  | "modifying"
  /** Registry claiming: sequential; stops at the first `{ handled: true }`. */
  | "claiming"
  /**
   * Handlers answer with results the host's runner folds (OpenClaw): called with the context's
   * fields as arguments (`(event, ctx)`), each return folded by the point's {@link HookPointSpec.fold}.
   */
  | "fold"
  /**
   * An onion (Claude Code mods): each hook gets the event and a `next` to pass it on (or a
   * rewrite of it) to the hooks beneath, or answers by returning without `next`; the host's own
   * link is beneath the last hook (core/chain/middleware/onion.ts). See {@link HookPointSpec.middleware}.
   */
  | "middleware";

/** A "middleware" point's rules: what the host calls its event, which answers it takes, how a failure ends. */
export interface MiddlewareSpec {
  /** The event's name as hooks read it (`next.event`, the host's `on(event, …)`). */
  event: string;
  /**
   * How the sandbox calls one hook, by the name its realm is registered under
   * (server/sandbox/middleware/realms.ts): `mods` calls `hook($, e, next)` with Claude Code mods' `$`.
   */
  call: string;
  failure: "fail-open" | "fail-closed";
  /** Keys a rewrite must keep as they were (the host owns them). */
  reservedKeys?: readonly string[];
  /** Null when the host takes a hook's answer, else why not (the hook then fails). */
  checkAnswer?: (answer: Json) => string | null;
  /** A hook's answer as its card names it (`deny: R`, `result`); absent: "answered". */
  describeAnswer?: (answer: Json) => string;
}

export type Ordering = "registration" | "priority-asc" | "priority-desc";
export type FailureRule = "fail-open" | "propagate";

export interface ContextField {
  name: string;
  /** TypeScript type text, e.g. `string | null`, `Message[]`. */
  type: string;
  readonly: boolean;
  /** Whether the host reads this field back after the chain (semantics.md §1b). */
  readBack: boolean;
  /** Present-but-optional keys (`error?`). */
  optional?: boolean;
  /**
   * A host object, not JSON data (Vellum's `logger`): it is not in the trace's context; the
   * hook runner hands it to each hook (see ChainRequest.loggerField).
   */
  hostObject?: boolean;
  doc: string;
}

export interface DecisionSpec {
  /** Name as shown in the UI: "continue", "block", "claim", ... */
  name: string;
  doc: string;
}

/** How a point's matchers are edited, tested against a context and checked (see Profile.matcherShape, matchHook, checkMatcher). */
export interface MatcherRules {
  shape: "pattern" | "tool-ids" | "filter";
  match?: (matcher: string, context: JsonObject) => boolean;
  check?: (matcher: string | string[]) => string | null;
}

export interface HookPointSpec {
  id: string; // "pre-model-call"
  /** One line: when it fires and what it may do. Shown on hover. */
  doc: string;
  /** TypeScript name of the context type, e.g. `PreModelCallContext`. */
  contextType: string;
  fields: ContextField[];
  /** TypeScript return type of a hook on this point. */
  returnType: string;
  /**
   * The type a hook file's default export must have, when the host takes more than a function
   * (FIM One: a hook class or object with `execute`). Default: `(ctx: contextType) => returnType`.
   */
  hookType?: string;
  execution: ExecutionModel;
  ordering: Ordering;
  failure: FailureRule;
  /** How the chain runs, in words, for the hook panel. */
  chainDoc: string;
  decisions: DecisionSpec[];
  hasPriority: boolean;
  hasMatcher: boolean;
  /** "fold" points: how the host's runner dispatches and folds the handlers (required there). */
  fold?: FoldSpec;
  /** "middleware" points: the onion's rules (required there). */
  middleware?: MiddlewareSpec;
  /** A hook may set its own per-handler budget (`timeoutMs`); the default is `fold.defaultTimeoutMs`. */
  hasTimeout?: boolean;
  /** "fold" points: the context field each positional argument of a handler is (`["event", "ctx"]`). */
  args?: string[];
  /** Context pointer of the tool name a hook's matcher is tested against (`/event/toolName`). */
  matcherTarget?: string;
  /** How a pattern matcher is read: Claude Code's rules (default) or Codex CLI's (`-` makes a regex). */
  matcherSyntax?: "claude-code" | "codex";
  /**
   * This point's matcher rules where they differ from the profile's (Claude Code mods: a
   * settings.json PreToolUse hook takes a tool pattern beside the mods' filter objects). Absent:
   * the profile's `matcherShape`, `matchHook` and `checkMatcher`; read through `matcherRulesOf`.
   */
  matcherRules?: MatcherRules;
  /** The runtimes this point's hooks may have where they differ from the profile's (a mod is a function only); read through `runtimesOf`. */
  runtimes?: RuntimeKind[];
  /**
   * Values the matched field takes besides tool names (SessionStart `source`: startup, resume …),
   * offered when testing a matcher; absent for tool events (the scenarios' tools are offered).
   */
  matcherValues?: string[];
  /**
   * A hook here may say what its failure does (Claude Code `onFailure`: "continue", the host's
   * default, or "block"); `doc`: what each does, in the host's terms; `ignored`: why the host
   * ignores the setting on this point (Stop).
   */
  onFailure?: { doc: string; ignored?: string };
  /**
   * "fold" points: how a hook's output is named as its decision on its card and in
   * `hookDecision` expectations: the first rule whose `field` of the output is truthy (or equals
   * `equals`) gives `name`, or, with `useValue`, that field's value (before_agent_run's outcome).
   * A `field` starting with "/" is a JSON pointer into the output.
   */
  decisionRules?: { field: string; equals?: string | number | boolean; name?: string; useValue?: boolean }[];
  /** Starter code of a new hook on this point (a typed default-exported function). */
  template: string;
  /**
   * The point fires only when something the default scenario does not do happens (a hook asks
   * for permission, the model API fails): when, in words. The default scenario need not cross it.
   */
  conditional?: string;
}

export interface LifecycleNode {
  id: string;
  label: string;
  /** `outside` events (plugin init/shutdown, session start) are drawn apart from the loop. */
  kind: "start" | "event" | "terminal" | "outside";
  doc: string;
  /** A stage of the lifecycle the designer may fold into one box (a key of {@link Profile.groups}). */
  group?: string;
}

export interface LifecycleEdge {
  id: string;
  source: string;
  target: string;
  label?: string;
  /** Hook points that fire on this transition, in the order they fire. */
  points: string[];
  /** Back-edges of the loop (tool result -> next model call, continue -> model call). */
  back?: boolean;
}

export interface Profile {
  id: string;
  name: string;
  description: string;
  /** Where its semantics come from (seed file, reference section). */
  source: string;
  nodes: LifecycleNode[];
  edges: LifecycleEdge[];
  points: HookPointSpec[];
  /** Declarations shared by all contexts (Message, ContentBlock, PluginLogger, ...). */
  sharedTypes: string;
  /** The module hooks import types from, e.g. `@vellumai/plugin-api`. */
  typesModule: string;
  /**
   * Modules the host itself provides to plugins at run time, by the bare specifier they are
   * imported with -> the sandbox's host module id (server/sandbox/hostModules): Vellum's shim
   * serves `@vellumai/plugin-api`'s runtime values. Absent: the host provides none.
   */
  hostModules?: Readonly<Record<string, string>>;
  /**
   * The host lets plugins make model calls of their own through its configured inference profiles
   * (Vellum's `getConfiguredProvider`): scenarios then set those profiles and the scripted replies
   * that answer such calls (`inference`), and the scenario form shows them. Absent: hooks cannot.
   */
  hookInference?: true;
  exitReasons: string[];
  /**
   * The host's per-plugin settings that decide which hooks it registers at all (OpenClaw
   * `allowConversationAccess`); a pipeline sets them in `hostSettings`.
   */
  settings?: HostSettingSpec[];
  /** Names of the node groups (large graphs fold a group into one box). */
  groups?: Record<string, string>;
  /**
   * How the hook panel edits a matcher: a pattern string (`"Edit|Write"`) or a list of tool ids;
   * absent on profiles without matchers.
   */
  matcherShape?: "pattern" | "tool-ids" | "filter";
  /**
   * The host's own test of a hook's matcher against the point's whole context, for a `filter`
   * matcher (Claude Code mods: an object literal of literals, RegExps and arrays, every key must
   * match the event). Absent: matchers are tested against `matcherTarget` as patterns or tool ids.
   */
  matchHook?: (matcher: string, context: JsonObject) => boolean;
  /**
   * Checks a matcher as the host's loader does: null when it is fine, else the loader's reason
   * (OpenClaw throws a TypeError at registration for `*`, aliases and empty lists).
   */
  checkMatcher?: (matcher: string | string[]) => string | null;
  /**
   * The host's configuration lists a point's hooks in groups that share one matcher (Claude Code
   * settings.json `{ "matcher": "Bash", "hooks": [...] }`): the hook panel groups them the same
   * way; `doc` says so in the host's terms.
   */
  matcherGroups?: { doc: string };
  /**
   * The command line the host runs for each enabled hook, by hook id, as the host's messages
   * name it (Claude Code: `[<command>]: <stderr>` for an exit 2, `blocking error from command:
   * "<command>"`). Absent: the host does not run hooks as commands.
   */
  hookCommands?: (pipeline: Pipeline) => ReadonlyMap<string, string>;
  /**
   * The host's own form of a point's context (what users copy out of the host's logs: the JSON a
   * Claude Code hook reads on stdin, a FIM One HookContext), read into the context as the point's
   * `point.start` carries it. Absent: the point's context is already the host's payload (Vellum).
   */
  hostPayload?: HostPayloadReader;
  /** The runtimes the host takes (DESIGN.md "Runtime"); absent: functions only. */
  runtimes?: RuntimeKind[];
  /**
   * `per-point`: the hooks of one point must all have one runtime (FIM One: a point's registry runs
   * in the hooks' own language, Python or TypeScript); a point mixing them is refused before a run.
   * Absent: runtimes mix freely on a point (Claude Code's commands beside functions).
   */
  chainRuntimes?: "per-point";
  /** How the host runs a command hook and reads its answer (required when `runtimes` has "command"). */
  commandProtocol?: CommandProtocol;
  /** Authoring command hooks: starter scripts, where scripts go, the stdin/stdout docs the editor shows (with `runtimes` "command"). */
  commandAuthoring?: CommandAuthoring;
  /** Authoring Python hooks: starter modules, the host API's names, the editor's completions (with `runtimes` "python"). */
  pythonAuthoring?: PythonAuthoring;
  /**
   * Authoring hooks that are callbacks in the host's own language called with named arguments
   * (deputy's R closures), by runtime kind: the editor's completions, the host's signature rule
   * and its per-hook timeout. Absent for a runtime: the editor offers nothing of the kind.
   */
  callbackAuthoring?: Partial<Record<RuntimeKind, CallbackAuthoring>>;
}

/** A callback's named argument, a field of a list argument, or a result constructor's argument, for the editor. */
export interface CallbackField {
  name: string;
  /** Type text as the profile's docs write it (`string | null`). */
  type: string;
  /** The default, as the host's language writes it (`TRUE`, `NULL`). */
  default?: string;
  doc: string;
}

/** A constructor of the host's results (`HookResultPreToolUse(permission, reason, …)`). */
export interface CallbackResult {
  name: string;
  /** How a callback calls it safely where the host's package is not attached (`deputy::`); "" for none. */
  qualifier: string;
  /** Its arguments in order. */
  fields: CallbackField[];
  /** The points whose hooks return it. */
  points: string[];
  doc: string;
}

/** The profile's data for callback hooks of one runtime (see {@link Profile.callbackAuthoring}). */
export interface CallbackAuthoring {
  /** The callback's named arguments on `point`, in the order the host documents them; null: no such point. */
  args(point: string): CallbackField[] | null;
  /** The fields of an argument that is a named list on `point` (`context` → working_dir, …), by argument name. */
  listFields(point: string): Readonly<Record<string, CallbackField[]>>;
  /** The host's result constructors. */
  results: CallbackResult[];
  /**
   * The host's registration rule for a callback's signature, in words (shown with its problems),
   * and where it comes from. The check itself runs in the host's language on the server.
   */
  signatureRule: string;
  /** The host's per-hook timeout, in the runtime's `timeout` (seconds): its default and what 0 and other values do. */
  timeout?: { defaultSeconds: number; doc: string };
}

/** A field of the host's Python context or result object, for the editor's completions. */
export interface PythonField {
  name: string;
  /** Python annotation text (`str | None`). */
  type: string;
  /** The dataclass default, as Python writes it (`True`, `None`, `[]`). */
  default?: string;
  doc: string;
}

/**
 * The profile's data for Python hooks (FIM One's classes): the stand-in module hooks import
 * the host's API from, a starter module per point, what the editor completes, and how a class
 * says which point it hooks (its base class, or a `hook_point` attribute).
 */
export interface PythonAuthoring {
  /** The module Hookwright provides with the host's hook API (`fim_one_hooks`). */
  module: string;
  /** The starter module of a Python hook on `point`; null when the point has none. */
  template(point: string): string | null;
  /** The context object's fields (`context.tool_name`). */
  contextFields: PythonField[];
  /** The result class's fields (`HookResult(allow=…)`), in its own order. */
  resultFields: PythonField[];
  /** The result class's name (`HookResult`). */
  resultType: string;
  /** Class bases that fix the point (`PreToolUseHook` → `PreToolUse`). */
  pointBases: Readonly<Record<string, string>>;
  /** Values of a `hook_point` class attribute (`HookPoint.PRE_TOOL_USE`) → point. */
  pointMembers: Readonly<Record<string, string>>;
  /** The plain hook class, whose subclasses say their point with `hook_point` (`Hook`). */
  plainBase: string;
  /** What the host takes when a class leaves `name`, `priority` or (a plain hook) `hook_point` out. */
  defaults: { name: string; classPriority: number; plainPriority: number; plainPoint: string };
}

/** One field of a command hook's stdin JSON or of the JSON it answers with, for the editor. */
export interface CommandIoField {
  /** As the JSON names it; nested fields dotted (`hookSpecificOutput.permissionDecision`). */
  name: string;
  /** TypeScript type text, as IntelliSense shows the function hooks' same field. */
  type: string;
  optional: boolean;
  doc: string;
}

/** What a command hook on one point reads and answers (the editor's stdin / stdout panels). */
export interface CommandIo {
  stdin: CommandIoField[];
  /** The JSON fields the host reads back from stdout on exit 0. */
  stdout: CommandIoField[];
  /** What each exit code does here, in the host's terms (`0`, `2`, `other`). */
  exitCodes: { code: string; meaning: string }[];
}

/** The profile's data for writing command hooks (see {@link Profile.commandAuthoring}). */
export interface CommandAuthoring {
  /** The starter script of a command hook on `point` in `language`; null when the point has none. */
  template(point: string, language: CommandLanguage): string | null;
  /** Where a new command hook's script goes (`.claude/hooks/<kebab-name>.sh` under the project). */
  scriptLocation(hookName: string, language: CommandLanguage): ScriptLocation;
  /** The command line the host's configuration holds to run `script` in `language`. */
  commandLine(script: ScriptLocation, language: CommandLanguage): string;
  /** The point's stdin fields, stdout fields and exit codes; null when the point has none. */
  io(point: string): CommandIo | null;
}

/**
 * The host's command-hook protocol as data (core/runtimes/commandAnswer.ts reads a process's
 * answer with it): what goes on stdin, which variables the process gets, how exit codes and
 * stdout are read.
 */
export interface CommandProtocol {
  /** The context field whose JSON the process reads on stdin (Claude Code: `input`). */
  stdinField: string;
  /** The project folder as the host reports it (and as `cwd` inside the sandbox). */
  projectDir: string;
  /** Where a plugin's files are, as `${CLAUDE_PLUGIN_ROOT}` says. */
  pluginRoot: string;
  /** Variables the host sets for every hook process, beside PATH/HOME/LANG/TZ. */
  env: Record<string, string>;
  /** The exit code that blocks with stderr as the reason (Claude Code: 2). */
  blockingExitCode: number;
  /** Events whose plain (non-JSON) stdout on exit 0 the host adds as context for the model. */
  plainStdoutIsContext: string[];
  /** The host's timeout for a command hook with none of its own, in ms. */
  defaultTimeoutMs: number;
  /** Identical commands on one event run once (Claude Code deduplicates them). */
  dedupeIdenticalCommands: boolean;
}

/** Reads the host's own payload of a hook point (see {@link Profile.hostPayload}). */
export interface HostPayloadReader {
  /** What the payload is, for messages: `FIM One's HookContext itself (hook_point, tool_name, …)`. */
  describe(point: string): string;
  /**
   * `value` as `point`'s context; null when it is not the host's payload at all; `{ problem }`
   * when it is, but not one `point` gets (another event's stdin, another HookPoint).
   */
  read(point: string, value: JsonObject): { context: JsonObject } | { problem: string } | null;
}

/** A host setting that gates hooks: a hook on one of `points` runs only when the setting is `requires`. */
export interface HostSettingSpec {
  id: string;
  label: string;
  /** The host's value when the plugin's config does not set it. */
  default: boolean;
  /** The value the setting must have for hooks on `points` to be registered. */
  requires: boolean;
  points: string[];
  /** Why a hook is dropped when the setting is not `requires` (shown on its row). */
  reason: string;
  doc: string;
}
