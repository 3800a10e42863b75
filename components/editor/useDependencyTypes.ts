"use client";

import { useDependencyInstall, type DependencyLib } from "~/components/settings/pipeline/useDependencyInstall";
import type { Dependency } from "~/core/pipeline/dependencySchema";

export type { DependencyLib };

const NONE: DependencyLib[] = [];

/**
 * The type declarations of the pipeline's declared npm dependencies, installed and read by the
 * server, for Monaco's extra libs: IntelliSense on `import { parse } from "shell-quote"`.
 * Until they arrive, or when the install failed (DependencyInstallStatus says why), the editor has none.
 */
export function useDependencyTypes(dependencies: readonly Dependency[] | undefined): DependencyLib[] {
  const install = useDependencyInstall(dependencies);
  return install.state === "installed" ? install.files : NONE;
}
