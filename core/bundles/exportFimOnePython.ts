import { runtimeKindOf } from "../pipeline/runtimeSchema";
import type { Hook, Pipeline } from "../pipeline/schema";
import { withoutSecrets } from "../pipeline/settingsSchema";
import type { Profile, PythonAuthoring } from "../profiles/types";
import { BundleError } from "./errors";
import { ADAPTER_MODULE, ADAPTER_SOURCE, moduleNames, PACKAGE, registeredHookOf, registerLine, toRealImports, type RegisteredHook } from "./fimOnePackage";
import { FIM_RECORDER_MODULE, fimOneRecorderModule, fimOneRecorderReadme, fimOneRecorderRegisterLines } from "./recorderFimOne";
import { pluginNameOf } from "./names";
import type { PluginExport } from "./registry";
import type { BundleFile } from "./types";

/**
 * A FIM One pipeline with Python hooks, as the package FIM One can register (docs/fim-one.md
 * "Export"): `hookwright_hooks/` with each Python hook's module (its code as written, the
 * stand-in's imports rewritten to FIM One's modules), `_hookwright.py`, and `__init__.py` whose
 * `register(registry)` adds the hooks in the pipeline's order at their priorities; the README
 * says where FIM One builds its registries; `<name>.pipeline.json` is the whole pipeline (the
 * TypeScript hooks, to port by hand, and the scenarios), which the importer reads back.
 */

/** FIM One's own place for it (F: = fim-ai/fim-one 8bfe86d, semantics.md §6a, §6c.11). */
const WHERE_TO_REGISTER = [
  "FIM One has no loader for custom hooks: its registries are built, one per agent session, by",
  "`build_hook_registry_for_agent` in `src/fim_one/web/hooks_bootstrap.py` (line 92 at fim-ai/fim-one 8bfe86d),",
  "which the chat paths call for ReAct (`src/fim_one/web/api/chat.py:2930`) and DAG runs (`chat.py:3922`).",
  "It makes the registry (`registry = HookRegistry()`, line 118) and registers the built-in `feishu_gate`",
  "(lines 126-133). Call `register` right after that, before the `model_config_json` checks that return early:",
];

interface PythonHookFile {
  hook: Hook;
  module: string;
  registered: RegisteredHook;
}

function pythonFiles(pipeline: Pipeline, authoring: PythonAuthoring): PythonHookFile[] {
  const python = pipeline.hooks.filter((h) => runtimeKindOf(h) === "python");
  const names = moduleNames(python);
  return python.map((hook) => {
    const module = names.get(hook.id) ?? hook.id;
    const file = `${PACKAGE}/${module}.py`;
    return { hook, module, registered: registeredHookOf({ hook, file, authoring }) };
  });
}

function initSource(pipeline: Pipeline, files: readonly PythonHookFile[], recorder: Profile | null): string {
  const imports = [...files.map((f) => f.module), ...(recorder ? [FIM_RECORDER_MODULE] : [])].sort();
  return [
    `"""FIM One hooks exported by Hookwright from the pipeline ${JSON.stringify(pipeline.name)}.`,
    "",
    "Call register(registry) where FIM One builds an agent's HookRegistry (see README.md).",
    '"""',
    "",
    "from fim_one.core.agent.hooks import HookRegistry",
    "",
    `from . import ${imports.join(", ")}`,
    `from .${ADAPTER_MODULE} import registry_hook`,
    "",
    "",
    "def register(registry: HookRegistry) -> None:",
    '    """Adds the hooks in the pipeline\'s order; the registry runs each point\'s hooks lowest priority first."""',
    ...(recorder ? fimOneRecorderRegisterLines(recorder) : []),
    ...files.map((f) => registerLine({ module: f.module, registered: f.registered, priority: f.hook.priority ?? 0, enabled: f.hook.enabled })),
    "",
  ].join("\n");
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

function readme(pipeline: Pipeline, files: readonly PythonHookFile[], name: string): string {
  const others = pipeline.hooks.filter((h) => runtimeKindOf(h) !== "python");
  const lines = [
    `# ${pipeline.name}`,
    "",
    pipeline.description || "FIM One hooks written in Hookwright.",
    "",
    "## Install",
    "",
    `Copy \`${PACKAGE}/\` next to the \`fim_one\` package (or anywhere on its \`PYTHONPATH\`). The hooks use only the standard library and FIM One's hook API.`,
    "",
    ...WHERE_TO_REGISTER,
    "",
    "```python",
    "    registry = HookRegistry()",
    "    # ... feishu_gate registered here ...",
    `    from ${PACKAGE} import register as register_hookwright_hooks`,
    "",
    "    register_hookwright_hooks(registry)",
    "```",
    "",
    "## Hooks",
    "",
    "In the pipeline's order; FIM One runs each point's hooks lowest priority first (ties in this order).",
    "",
    "| Point | Priority | Hook | Module | Registered |",
    "| --- | --- | --- | --- | --- |",
    ...files.map(
      (f) =>
        `| ${f.hook.point} | ${f.hook.priority ?? 0} | ${cell(f.registered.kind === "class" ? f.registered.cls.name : f.hook.name)} | \`${PACKAGE}/${f.module}.py\` (${f.registered.kind === "class" ? `\`${f.registered.cls.className}\`` : "`hook`"}) | ${f.hook.enabled ? "yes" : "no (disabled in Hookwright)"} |`,
    ),
    "",
    "The priority is the pipeline's (`register` sets it on each hook), so FIM One orders them as Hookwright did.",
    `\`${PACKAGE}/${ADAPTER_MODULE}.py\` is Hookwright's: FIM One ships no \`SessionStartHook\` base, and it turns each class into the \`Hook\` \`HookRegistry.register\` takes.`,
    "",
  ];
  if (others.length > 0) {
    lines.push(
      "## TypeScript hooks (port by hand)",
      "",
      "These hooks of the pipeline are TypeScript: port each to a Python class with the same point, priority and trigger.",
      "",
      ...others.map((h) => `- ${h.point}, priority ${h.priority ?? 0}: ${cell(h.name)} (\`${h.id}\`)${h.enabled ? "" : ", disabled"}`),
      "",
    );
  }
  lines.push(`\`${name}.pipeline.json\` is the whole pipeline; \`hookwright import\` of this folder (or zip) reads it back, with the modules as edited here.`, "");
  return lines.join("\n");
}

/**
 * The package export of a FIM One pipeline with Python hooks.
 *
 * @throws {BundleError} NOT_STATIC when a hook's module cannot be registered (no hook class, several, a name the stand-in lacks), naming the file and line
 */
export function exportFimOnePythonPackage(pipeline: Pipeline, profile: Profile, options: { recorder?: boolean } = {}): PluginExport {
  const authoring = profile.pythonAuthoring;
  if (!authoring) throw new BundleError("WRONG_PROFILE", `The ${profile.name} profile has no Python hooks.`);
  const name = pluginNameOf(pipeline.name);
  const files = pythonFiles(pipeline, authoring);
  const out: BundleFile[] = [
    { path: "README.md", content: options.recorder ? [readme(pipeline, files, name), ...fimOneRecorderReadme(profile)].join("\n") : readme(pipeline, files, name) },
    { path: `${name}.pipeline.json`, content: `${JSON.stringify(withoutSecrets(pipeline), null, 2)}\n` },
    { path: `${PACKAGE}/__init__.py`, content: initSource(pipeline, files, options.recorder ? profile : null) },
    ...(options.recorder ? [{ path: `${PACKAGE}/${FIM_RECORDER_MODULE}.py`, content: fimOneRecorderModule(profile) }] : []),
    { path: `${PACKAGE}/${ADAPTER_MODULE}.py`, content: ADAPTER_SOURCE },
    ...files.map((f) => {
      const file = `${PACKAGE}/${f.module}.py`;
      const plainSubclass = f.registered.kind === "class" && f.registered.cls.plain;
      return { path: file, content: toRealImports({ code: f.hook.code, file, standIn: authoring.module, subclassesPlainHook: plainSubclass }) };
    }),
  ];
  const others = pipeline.hooks.filter((h) => runtimeKindOf(h) !== "python").length;
  const warnings = others > 0 ? [`${others} TypeScript hook${others === 1 ? " is" : "s are"} not in the package: the README lists ${others === 1 ? "it" : "them"} to port by hand.`] : [];
  return { pluginName: name, files: out.sort((a, b) => a.path.localeCompare(b.path)), warnings };
}
