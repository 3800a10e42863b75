// Entry of Monaco's TypeScript language worker, bundled from node_modules by Next.
import "monaco-editor/languages/features/typescript/ts.worker";
