"use strict";
// `pulumi-hosting-reseller/testing` is the package @pulumi-hosting-reseller/testing, installed beside this one
// when a project uses it (docs/decisions/0037). Without it, one line says what to install.
module.exports = require("../dist/util/optional.js").requireOptional("@pulumi-hosting-reseller/testing", "pulumi-hosting-reseller/testing");
