import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "packages/*/dist/**", "node_modules/**", "docs/api/**", ".tmp/**", "examples/**/node_modules/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": "off",
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  {
    // The CommonJS files behind `/simulator` and `/testing` (docs/decisions/0037).
    files: ["subpaths/*.js"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable", require: "readonly" } },
  },
  {
    // Deep nesting and long branchy functions hide the paths a test has to cover: past these
    // limits a function is split into named steps instead.
    files: ["src/**/*.ts", "packages/*/src/**/*.ts"],
    rules: {
      "max-depth": ["error", 4],
      complexity: ["error", 20],
    },
  },
);
