/**
 * The `DnsZone` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import type { DnsRecordArgs } from "../shared/record-sets";
import { dnsZoneDefinition } from "./provider";
import type { ZoneRecordSet } from "./schema";

/** One record set of a {@link DnsZone}, given as a `DnsRecordSet` takes it. */
export interface DnsZoneRecordSetArgs {
  /** Relative name (`www`, `_dmarc`, `*.dev`), `@` for the apex, or a full name inside the zone. */
  name: pulumi.Input<string>;
  /** `A`, `AAAA`, `CNAME`, `MX`, `MXE`, `TXT`, `NS`, `SRV` or `CAA`. */
  type: pulumi.Input<string>;
  /** Seconds. Default 14400. */
  ttl?: pulumi.Input<number>;
  /** The values, as for `DnsRecordSet` (`"10 mail.example.com"` or `{ value, priority }` for MX, MXE and SRV). */
  records: pulumi.Input<pulumi.Input<string | DnsRecordArgs>[]>;
}

/** The arguments of a {@link DnsZone}. */
export interface DnsZoneArgs {
  /** The zone (domain), Unicode or ASCII. Changing it replaces the resource. */
  domain: pulumi.Input<string>;
  /** The hosting account holding the domain. Without it the zone is addressed by the domain alone. */
  hostingId?: pulumi.Input<number>;
  /** Every record set the zone holds; live record sets not listed (and not ignored) are deleted. */
  recordSets: pulumi.Input<pulumi.Input<DnsZoneRecordSetArgs>[]>;
  /**
   * Record sets left alone, never deleted nor reported: `name` or `name:TYPE` patterns on the
   * relative name with `*` and `?` wildcards, e.g. `_acme-challenge*`, `*:TXT`, `@:NS`.
   */
  ignore?: pulumi.Input<pulumi.Input<string>[]>;
  /** The largest share of the zone's records one update may delete, 0 to 1. Default 0.33 (a third). */
  maxDeleteShare?: pulumi.Input<number>;
  /** Delete more than `maxDeleteShare` anyway. Default false. */
  allowBulkDelete?: pulumi.Input<boolean>;
  /** On destroy, reset the zone to the provider defaults instead of leaving its records. Default false. */
  resetOnDelete?: pulumi.Input<boolean>;
}

/**
 * The whole DNS zone of a domain, declared at once: record sets the program does not list are
 * deleted, except those matching `ignore` patterns; a bulk delete guard refuses to delete more
 * than `maxDeleteShare` of the zone's records unless `allowBulkDelete` is set.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { DnsZone } from "pulumi-hosting-reseller";
 *
 * new DnsZone("agency-demo.com", {
 *     hostingId: 101,
 *     domain: "agency-demo.com",
 *     recordSets: [
 *         { name: "@", type: "A", records: ["198.51.100.10"] },
 *         { name: "www", type: "CNAME", records: ["agency-demo.com"] },
 *         { name: "@", type: "MX", records: ["10 mx1.example.net", "20 mx2.example.net"] },
 *         { name: "@", type: "TXT", records: ["v=spf1 include:_spf.example.net ~all"] },
 *     ],
 *     ignore: ["_acme-challenge*", "*._domainkey"],
 * });
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<domain>`, or `-/<domain>` for a zone addressed by the domain alone,
 * e.g. `101/example.com`. Dynamic providers cannot be imported with `pulumi import`
 * (pulumi#16175); declaring the zone instead takes it over on the next `pulumi up`, within the
 * bulk delete guard.
 *
 * @example
 * const zone = new DnsZone("zone", { domain: "example.com", recordSets: [{ name: "@", type: "A", records: ["198.51.100.7"] }] });
 */
export class DnsZone extends ResellerResource<DnsZoneArgs> {
  protected static override readonly spec = resourceClassSpec(dnsZoneDefinition, { outputs: {} });

  /** The zone, ASCII lower case. */
  declare public readonly domain: pulumi.Output<string>;
  declare public readonly hostingId: pulumi.Output<number | undefined>;
  /** The zone's managed record sets, canonical, sorted by name then type (after a refresh: as live). */
  declare public readonly recordSets: pulumi.Output<ZoneRecordSet[]>;
  /** Canonical ignore patterns, sorted. */
  declare public readonly ignore: pulumi.Output<string[]>;
  declare public readonly maxDeleteShare: pulumi.Output<number>;
  declare public readonly allowBulkDelete: pulumi.Output<boolean>;
  declare public readonly resetOnDelete: pulumi.Output<boolean>;

  /**
   * Looks up an existing zone by its id (`101/example.com`).
   *
   * @example
   * const zone = DnsZone.get("zone", "101/example.com");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): DnsZone {
    return new DnsZone(name, undefined, { ...opts, id });
  }
}
