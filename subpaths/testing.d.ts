// `pulumi-hosting-reseller/testing` is the package @pulumi-hosting-reseller/testing (docs/decisions/0037).
export * from "@pulumi-hosting-reseller/testing";
