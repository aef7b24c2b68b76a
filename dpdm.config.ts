// Import-cycle check of `npm run lint`: any cycle between modules of src/ fails it.
//
// `transform` compiles each module before reading its imports, so `import type` (and imports
// used only as types) are left out: the compiler erases them, and a cycle made of them alone
// changes no module's load order. A cycle with a value import in it is the one that hurts: a
// module then runs while another is half loaded, and reads `undefined` where an export should be.
export default {
  files: ["src/**/*.ts"],
  transform: true,
  circular: true,
  tree: false,
  warning: false,
  progress: false,
  exitCode: "circular:1",
};
