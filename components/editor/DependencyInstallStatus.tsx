"use client";

import { useDependencyInstall } from "~/components/settings/pipeline/useDependencyInstall";
import type { Dependency } from "~/core/pipeline/dependencySchema";
import styles from "./hookCodeEditor.module.css";

/**
 * Above the editor's problems: while the server installs the pipeline's npm dependencies, and
 * when it could not, why (the imports have no types until they are installed). Nothing once they are.
 */
export function DependencyInstallStatus({ dependencies }: { dependencies: readonly Dependency[] | undefined }) {
  const install = useDependencyInstall(dependencies);
  if (install.state === "installing") {
    const list = (dependencies ?? []).map((d) => `${d.name} ${d.range}`).join(", ");
    return (
      <p className={styles.dependencyStatus} role="status" data-testid="dependency-install-status" data-state="installing">
        Installing npm dependencies ({list})…
      </p>
    );
  }
  if (install.state === "failed") {
    return (
      <p className={`${styles.dependencyStatus} ${styles.dependencyFailed}`} role="status" data-testid="dependency-install-status" data-state="failed">
        npm dependencies not installed, so their imports have no types: {install.message}
      </p>
    );
  }
  return null;
}
