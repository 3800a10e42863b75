"use client";
import { useCallback } from "react";
import { ScenarioEditor } from "~/components/run/ScenarioEditor";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { getProfile } from "~/core/profiles";
import type { ScenarioPatch } from "./types";

/** The selected scenario's form and JSON, editing the designer's document (saved like any edit). */
export function DesignerScenarioEditor() {
  const scenario = useEditorStore((s) => {
    const all = s.doc?.scenarios ?? [];
    return all.find((x) => x.name === s.selectedScenario) ?? all[0] ?? null;
  });
  const pipelineId = useEditorStore((s) => s.pipelineId);
  // Where a point's hooks run in parallel (profile data), the order they finish in is a scenario setting.
  const parallelHooks = useEditorStore((s) => getProfile(s.doc?.profile ?? "")?.points.some((p) => p.fold?.kind === "parallel") ?? false);
  const applyChanges = useEditorStore((s) => s.applyChanges);
  const name = scenario?.name ?? "";
  const onPatch = useCallback((patch: ScenarioPatch, label?: string) => applyChanges([{ type: "updateScenario", name, patch }], label), [applyChanges, name]);
  // The store keeps the renamed scenario selected (it takes the old one's place).
  const onRename = useCallback((newName: string) => applyChanges([{ type: "renameScenario", name, newName }], `Rename scenario ${name} to ${newName}`), [applyChanges, name]);
  if (!scenario) return null;
  return <ScenarioEditor value={scenario} handlerPathPrefix={`file:///__tools/${encodeURIComponent(pipelineId ?? "pipeline")}/${encodeURIComponent(name)}`} onPatch={onPatch} onRename={onRename} parallelHooks={parallelHooks} />;
}
