import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";

/*
 * Lint for the whole tree: `eslint --max-warnings=0 .`
 *
 * 1. next's core-web-vitals (react, react-hooks, jsx-a11y, @next/next) + typescript-eslint recommended
 * 2. a few type-aware rules that catch real bugs (promises, type imports, non-null `!`)
 * 3. the import boundaries of style.md R2: core is pure; only the sandbox runs QuickJS; only
 *    components/store touches zustand; components reach the server through tRPC types only
 */

const quickjs = {
  group: ["quickjs-emscripten*", "@jitl/quickjs-*"],
  message: "Only server/sandbox/ may load QuickJS (user code runs nowhere else).",
};
const zustand = {
  group: ["zustand", "zustand/*"],
  message: "Use the editor store hooks from components/store/ instead of zustand directly.",
};
const serverFromUi = {
  group: ["~/server/*", "~/db/*", "**/server/*", "**/db/*"],
  allowTypeImports: true,
  message: "Components talk to the server through tRPC (useTRPC); only types may be imported from server/ and db/.",
};
const coreOnlyPure = [
  {
    group: ["react", "react-dom", "react/*", "react-dom/*", "next", "next/*"],
    message: "core/ is framework-free; put UI code in components/.",
  },
  { group: ["@trpc/*"], message: "core/ knows nothing of the API; put procedures in server/api/." },
  {
    group: ["drizzle-orm", "drizzle-orm/*", "better-sqlite3"],
    message: "core/ does no I/O; put data access in db/.",
  },
  { group: ["node:*"], message: "core/ is isomorphic: no Node APIs (it also runs in the browser)." },
  {
    group: ["~/server/*", "~/db/*", "~/components/*", "~/app/*", "**/server/*", "**/db/*", "**/components/*", "**/app/*"],
    message: "core/ imports nothing else of the project.",
  },
  quickjs,
  zustand,
];

const restrict = (patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns }] });
const boundary = (files, ignores, patterns) => ({
  files,
  ignores,
  plugins: { "@typescript-eslint": tseslint.plugin },
  rules: restrict(patterns),
});
const TS = ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"];

export default defineConfig([
  globalIgnores([
    ".*/**", // build folders (.next, .next-*), caches, scratch space
    "node_modules/**",
    "data/**",
    "bench/out/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),

  // 1.
  ...nextVitals,
  ...tseslint.configs.recommended,

  // Rules written for the React Compiler, which this app does not use; they reject common,
  // correct patterns (reading a ref in a callback, syncing state from an external source).
  {
    rules: {
      "react-hooks/refs": "off",
      "react-hooks/set-state-in-effect": "off",
    },
  },
  // `module` is an ordinary name in ES modules (all of ours); the rule guards CommonJS's `module`.
  { rules: { "@next/next/no-assign-module-variable": "off" } },
  // Playwright fixtures call `use()`, which is not React's.
  { files: ["e2e/**", "playwright.config.ts"], rules: { "react-hooks/rules-of-hooks": "off" } },
  { linterOptions: { reportUnusedDisableDirectives: "off" } },

  // 2.
  {
    files: TS,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
    },
  },

  // 3. Exactly one of these matches each file, since a later rule setting replaces an earlier one.
  boundary(["core/**"], [], coreOnlyPure),
  boundary(["components/store/**"], [], [quickjs, serverFromUi]),
  boundary(["components/**"], ["components/store/**"], [quickjs, zustand, serverFromUi]),
  boundary(["server/sandbox/**"], [], [zustand]),
  boundary(["**/*.{js,mjs,cjs,ts,tsx,mts,cts}"], ["core/**", "components/**", "server/sandbox/**"], [quickjs, zustand]),
]);
