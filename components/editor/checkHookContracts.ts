import type { Pipeline } from "~/core/pipeline/schema";
import type { Profile } from "~/core/profiles/types";
import { hookFile, hookUri } from "./fileUris";
import { contractMessage, contractRange, contractUri, flattenMessage, hookSignature, type MessageChain } from "./hookContract";
import type { Monaco, typescript as TypeScriptNamespace } from "./setupMonaco";

export const CONTRACT_OWNER = "hookwright-contract";

/**
 * Type-checks every hook's default export against its point (see hookContract.ts) and puts
 * the result as markers on the hook's own model. Monaco re-validates a model only when that
 * model changes, so the companions are asked for their diagnostics here, after each edit.
 */
export async function checkHookContracts(
  monaco: Monaco,
  typescript: typeof TypeScriptNamespace,
  args: { doc: Pipeline; profile: Profile },
): Promise<void> {
  const points = new Map(args.profile.points.map((p) => [p.id, p]));
  const hooks = args.doc.hooks.filter((h) => points.has(h.point) && hookFile(h).typed);
  const uris = hooks.map((h) => monaco.Uri.parse(contractUri(h.id)));
  if (uris.length === 0) return;
  const getWorker = await typescript.getTypeScriptWorker();
  const worker = await getWorker(...uris);

  await Promise.all(
    hooks.map(async (hook) => {
      const point = points.get(hook.point);
      const model = monaco.editor.getModel(monaco.Uri.parse(hookUri(hook.id)));
      if (!point || !model || model.isDisposed()) return;
      const diagnostics = await worker.getSemanticDiagnostics(contractUri(hook.id));
      if (model.isDisposed()) return;
      const signature = hookSignature(point);
      const range = contractRange(model.getValue());
      monaco.editor.setModelMarkers(
        model,
        CONTRACT_OWNER,
        diagnostics.map((d) => ({
          severity: monaco.MarkerSeverity.Error,
          message: contractMessage({
            code: d.code,
            message: flattenMessage(d.messageText as MessageChain),
            pointId: point.id,
            signature,
          }),
          code: String(d.code),
          source: "hook contract",
          startLineNumber: range.line,
          endLineNumber: range.line,
          startColumn: range.startColumn,
          endColumn: range.endColumn,
        })),
      );
    }),
  );
}
