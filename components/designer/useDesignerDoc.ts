import { useEditorStore } from "~/components/store/EditorStoreProvider";
import type { Pipeline } from "~/core/pipeline/schema";

/** The working document; only used below <Designer>, which renders once it is loaded. */
export function useDesignerDoc(): Pipeline {
  const doc = useEditorStore((s) => s.doc);
  if (!doc) throw new Error("useDesignerDoc is used before a pipeline was loaded.");
  return doc;
}
