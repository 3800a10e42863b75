// Entry of Monaco's base worker, bundled from node_modules by Next (never fetched from a CDN).
import "monaco-editor/editor/editor.worker";
