/**
 * The `DnsRecordSet` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type AdoptInput, type ResellerGetOptions } from "../../provider/program/resource";
import { dnsRecordSetDefinition } from "./provider";
import type { DnsRecord, DnsRecordArgs } from "../shared/record-sets";

/** The arguments of a {@link DnsRecordSet}. */
export interface DnsRecordSetArgs extends AdoptInput {
  /** The zone (domain), Unicode or ASCII. Changing it replaces the record set. */
  domain: pulumi.Input<string>;
  /** Relative name (`www`, `_dmarc`, `*.dev`), `@` for the apex, or a full name inside the zone. Changing it replaces the record set. */
  name: pulumi.Input<string>;
  /** `A`, `AAAA`, `CNAME`, `MX`, `MXE`, `TXT`, `NS`, `SRV` or `CAA`. Changing it replaces the record set. */
  type: pulumi.Input<string>;
  /** Seconds. Default 14400. */
  ttl?: pulumi.Input<number>;
  /**
   * The values: IP addresses for A/AAAA, host names for CNAME/NS/MX, text for TXT (long text is
   * split into 255-byte strings), `weight port target` for SRV, `flags tag value` for CAA. MX,
   * MXE and SRV take a priority: `{ value: "mail.example.com", priority: 10 }` or `"10 mail.example.com"`.
   */
  records: pulumi.Input<pulumi.Input<string | DnsRecordArgs>[]>;
  /** The hosting account holding the domain. Without it the zone is addressed by the domain alone. */
  hostingId?: pulumi.Input<number>;
}

/**
 * All records of one name and type in a DNS zone.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { DnsRecordSet } from "pulumi-hosting-reseller";
 *
 * new DnsRecordSet("www", { domain: "example.com", name: "www", type: "A", ttl: 3600, records: ["198.51.100.7"] });
 * new DnsRecordSet("mail", {
 *     domain: "example.com", name: "@", type: "MX",
 *     records: [{ value: "mx1.example.net", priority: 10 }, { value: "mx2.example.net", priority: 20 }],
 * });
 * new DnsRecordSet("spf", { domain: "example.com", name: "@", type: "TXT", records: ["v=spf1 include:_spf.example.net ~all"] });
 * ```
 *
 * ## Import
 *
 * The id is `<zone>/<name>/<type>` with the name relative and `@` for the apex, e.g.
 * `example.com/www/A`. Dynamic providers cannot be imported with `pulumi import` (pulumi#16175).
 * Declaring a record set that exists already fails before any write, naming it; declare it with
 * `adopt: true` to take it over (the declared records replace its records, and a destroy deletes
 * it), or read it with `DnsRecordSet.get`.
 *
 * @example
 * const www = new DnsRecordSet("www", { domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"] });
 */
export class DnsRecordSet extends ResellerResource<DnsRecordSetArgs> {
  protected static override readonly spec = resourceClassSpec(dnsRecordSetDefinition, { outputs: { fqdn: true } });

  /** The zone, ASCII lower case. */
  declare public readonly domain: pulumi.Output<string>;
  /** Relative name, `@` for the apex. */
  declare public readonly name: pulumi.Output<string>;
  declare public readonly type: pulumi.Output<string>;
  declare public readonly ttl: pulumi.Output<number>;
  /** Canonical records, sorted by priority then value. */
  declare public readonly records: pulumi.Output<DnsRecord[]>;
  declare public readonly hostingId: pulumi.Output<number | undefined>;
  /** Fully qualified name with the trailing dot (`www.example.com.`). */
  declare public readonly fqdn: pulumi.Output<string>;
  /** `adopt` as it was at create; absent after an import. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;
  /** Whether the create took over a record set that existed already; absent after an import. */
  declare public readonly adopted: pulumi.Output<boolean | undefined>;

  /**
   * Looks up an existing record set by its id (`example.com/www/A`).
   *
   * @example
   * const apex = DnsRecordSet.get("apex", "example.com/@/A");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): DnsRecordSet {
    return new DnsRecordSet(name, undefined, { ...opts, id });
  }
}
