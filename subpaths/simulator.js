"use strict";
// `pulumi-hosting-reseller/simulator` is the package @pulumi-hosting-reseller/simulator, installed beside this one
// when a project uses it (docs/decisions/0037). Without it, one line says what to install.
try {
  module.exports = require("@pulumi-hosting-reseller/simulator");
} catch (err) {
  if (err && err.code === "MODULE_NOT_FOUND" && String(err.message).includes("'@pulumi-hosting-reseller/simulator'")) {
    // No `cause`: Node would print the resolution's require stack under the one line.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(
      "pulumi-hosting-reseller/simulator needs the package @pulumi-hosting-reseller/simulator, which is not installed: npm install --save-dev @pulumi-hosting-reseller/simulator",
    );
  }
  throw err;
}
