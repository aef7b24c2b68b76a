/**
 * A zone kept as code, watched for drift. `.github/workflows/drift.yml` runs
 * `pulumi preview --refresh --expect-no-changes` against this stack every morning and on every
 * pull request: a record edited in the control panel shows up as a change of that record set.
 */
import * as pulumi from "@pulumi/pulumi";
import { DnsRecordSet, type DnsRecordSetArgs } from "pulumi-hosting-reseller";

const config = new pulumi.Config();
const domain = config.require("domain");
const hostingId = config.requireNumber("hostingId");

/** The records this stack owns, by logical name. Records not listed here are left alone. */
const records: Record<string, Omit<DnsRecordSetArgs, "domain" | "hostingId">> = {
  caa: { name: "@", type: "CAA", records: ['0 issue "letsencrypt.org"', '0 iodef "mailto:security@agency-demo.com"'] },
  status: { name: "status", type: "CNAME", ttl: 3600, records: ["status.example.net"] },
  "site-verification": { name: "_verify", type: "TXT", records: ["site-verification=3f9c2a7e"] },
  "backup-mx": {
    name: "backup",
    type: "MX",
    records: [
      { value: "mx1.example.net", priority: 10 },
      { value: "mx2.example.net", priority: 20 },
    ],
  },
};

const zone = Object.entries(records).map(([logicalName, args]) => new DnsRecordSet(logicalName, { domain, hostingId, ...args }));

export const recordSets = zone.map((recordSet) => pulumi.interpolate`${recordSet.type} ${recordSet.fqdn}`);
