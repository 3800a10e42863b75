import type { PaneId } from "./usePaneShortcuts";

/** Where focus lands in each pane, first match wins; the pane itself (tabIndex -1) otherwise. */
const targets: Readonly<Record<PaneId, readonly string[]>> = {
  graph: ['button[data-point][aria-pressed="true"]', "button[data-point]"],
  hooks: ['[data-testid="hook-row"]', "button, [href], input, select, textarea, [tabindex='0']"],
  // Monaco types through an EditContext <div> in new Chromium, a <textarea> elsewhere.
  editor: [".monaco-editor .native-edit-context", ".monaco-editor textarea", "button, [href]"],
  run: ['[data-testid="run-button"]:not([disabled])', "button:not([disabled]), [href], select"],
  runs: ['[data-testid="runs-filter"]', "button:not([disabled]), [href], input"],
};

export const paneElementId: Readonly<Record<PaneId, string>> = {
  graph: "pane-graph",
  hooks: "pane-hooks",
  editor: "pane-editor",
  run: "run-pane-body",
  runs: "runs-pane-body",
};

/** Focuses the pane's main control; run after the pane has been shown (it may have been collapsed). */
export function focusPane(pane: PaneId): void {
  const root = document.getElementById(paneElementId[pane]);
  if (!root) return;
  for (const selector of targets[pane]) {
    const el = root.querySelector<HTMLElement>(selector);
    if (el && el.getClientRects().length > 0) {
      el.focus();
      return;
    }
  }
  root.focus();
}
