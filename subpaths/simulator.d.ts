// `pulumi-hosting-reseller/simulator` is the package @pulumi-hosting-reseller/simulator (docs/decisions/0037).
export * from "@pulumi-hosting-reseller/simulator";
