"use strict";
// `pulumi-hosting-reseller/testing` is the package @pulumi-hosting-reseller/testing, installed beside this one
// when a project uses it (docs/decisions/0037). Without it, one line says what to install.
try {
  module.exports = require("@pulumi-hosting-reseller/testing");
} catch (err) {
  if (err && err.code === "MODULE_NOT_FOUND" && String(err.message).includes("'@pulumi-hosting-reseller/testing'")) {
    // No `cause`: Node would print the resolution's require stack under the one line.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(
      "pulumi-hosting-reseller/testing needs the package @pulumi-hosting-reseller/testing, which is not installed: npm install --save-dev @pulumi-hosting-reseller/testing",
    );
  }
  throw err;
}
