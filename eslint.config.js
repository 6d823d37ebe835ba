// Lint keeps the architecture (docs/architecture.md): import zones between layers, no cycles, no feature
// importing another feature, nothing but config.ts reading process.env, no product function over 100 lines.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { existsSync, readdirSync } from "node:fs";

/** One zone per feature folder: it may import from itself, never from a sibling feature. */
const featureZones = ["src/server/features", "src/web/features"].flatMap((root) =>
  existsSync(root)
    ? readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => ({
          target: `./${root}/${entry.name}`,
          from: `./${root}`,
          except: [`./${entry.name}`],
          message: "A feature never imports another feature; compose them in routes.",
        }))
    : [],
);

/** Layer rules; tests of core may also import the shared schemas to validate engine output. */
function layerZones({ tests }) {
  return [
    {
      target: "./src/core",
      from: tests ? ["./src/server", "./src/web", "./src/cli"] : ["./src/contracts", "./src/server", "./src/web", "./src/cli"],
      message: "core is pure: it imports nothing of the app.",
    },
    { target: "./src/contracts", from: ["./src/server", "./src/web", "./src/cli"], message: "contracts may only import core." },
    { target: "./src/server", from: ["./src/web", "./src/cli"], message: "server never imports web or cli." },
    { target: "./src/web", from: ["./src/server", "./src/cli"], message: "web never imports server." },
    // Shared web code serves every feature, so it cannot depend on one; the app's routes compose them.
    { target: ["./src/web/components", "./src/web/lib"], from: "./src/web/features", message: "Shared web code never imports a feature." },
    ...featureZones,
  ];
}

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "data/**", "drizzle/**", "test-results/**", "playwright-report/**", ".tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-restricted-paths": ["error", { zones: layerZones({ tests: false }) }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/server/config.ts", "src/**/*.test.ts", "src/test-setup.ts", "src/server/test-support/**"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through src/server/config.ts." }],
    },
  },
  {
    // Counted as scripts/largest-functions.ts counts: every line from the function's first to its last.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}", "src/test-setup.ts", "src/test-fixtures/**", "src/**/test-support/**"],
    rules: { "max-lines-per-function": ["error", { max: 100, skipBlankLines: false, skipComments: false, IIFEs: true }] },
  },
  {
    files: ["src/**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: layerZones({ tests: true }) }] },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
