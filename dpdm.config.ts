// Import-cycle check of `npm run lint`: any cycle between modules of src/ fails it, type-only
// imports included (`transform: false`): a cycle made of types alone changes no load order, but
// it still ties two modules together, which the layout of src/ keeps apart
// (docs/decisions/0035).
export default {
  files: ["src/**/*.ts", "packages/*/src/**/*.ts"],
  transform: false,
  circular: true,
  tree: false,
  warning: false,
  progress: false,
  exitCode: "circular:1",
};
