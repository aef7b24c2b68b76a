/**
 * Zones as a Pulumi program: one `DnsRecordSet` declaration per record set, printed by the
 * generator's own printer (`src/generate/program.ts`) in the layout `reseller generate --out`
 * writes, with the generator's names and record spelling (`KINDS.DnsRecordSet`).
 *
 * A record set the zone already has is declared with `adopt: true` (a create would otherwise
 * stop, decision 0019) and `protect: true`, as `reseller generate` declares what existed before
 * the stack; one the zone does not have is declared plainly and created by the first `up`.
 */
import type { DnsRRSet } from "../client/dns-records";
import type { ApiVersion } from "../client/endpoint";
import { KINDS } from "../generate/kinds";
import { resourceName, UniqueNames } from "../generate/names";
import type { Plan, Planned } from "../generate/plan";
import type { PrintValue } from "../generate/printer";
import type { ProgramOrigin } from "../generate/program";
import { checkInputs } from "../provider/lifecycle/check";
import { jsonEqual } from "../provider/lifecycle/diff";
import { withoutAdoption } from "../provider/lifecycle/takeover";
import { RESOURCES } from "../resources/registry";
import { fromApiRecords } from "../resources/shared/record-sets";
import { rrsetIn } from "../resources/shared/zone";
import { zoneFromApi, type ZoneContent, type ZoneRecordSet } from "./record-sets";

/** One zone to declare. */
export interface ZoneToDeclare {
  content: ZoneContent;
  /** The hosting account the zone is addressed through (the record sets' `hostingId`). */
  hostingId?: number;
  /** The zone as the account lists it; undefined when the account was not read. */
  live?: readonly DnsRRSet[];
  /** The file the record sets come from, for the comments (`agency-demo.com.zone`). */
  source?: string;
}

/** Where a declared record set stands against the live zone. */
type Standing = "unknown" | "new" | "same" | "differs";

function standingOf(zone: ZoneToDeclare, set: ZoneRecordSet): Standing {
  if (zone.live === undefined) return "unknown";
  const { domain } = zone.content;
  const live = rrsetIn(zone.live, domain, set.name, set.type);
  if (!live || live.records.length === 0) return "new";
  const same = (live.ttl === undefined || live.ttl === set.ttl) && jsonEqual(fromApiRecords(set.type, live.records, domain), set.records);
  return same ? "same" : "differs";
}

const STANDING_COMMENT: Record<Standing, string | undefined> = {
  unknown: undefined,
  new: "The zone does not have it: the first `pulumi up` creates it.",
  same: "The zone has it: adopt: true takes it over as it is.",
  differs: "The zone has it with other records or another TTL: adopt: true takes it over, and the first `pulumi up` writes these.",
};

/**
 * The arguments of a record set in the generator's spelling (`KINDS.DnsRecordSet.args`: TXT
 * unquoted where that reads back the same), or the canonical records where that spelling would
 * not check to the same record set; `adopt: true` only for one the zone has.
 */
function argsOf(zone: ZoneToDeclare, set: ZoneRecordSet, adopt: boolean, version: ApiVersion): Record<string, PrintValue> {
  const props = {
    ...(zone.hostingId !== undefined ? { hostingId: zone.hostingId } : {}),
    domain: zone.content.domain,
    name: set.name,
    type: set.type,
    ttl: set.ttl,
    records: set.records,
  };
  const args = withoutAdoption(KINDS.DnsRecordSet.args!(props)) as Record<string, PrintValue>;
  const checked = checkInputs(RESOURCES.DnsRecordSet, args, version).inputs;
  if (!checked || !jsonEqual(checked.records, set.records)) args.records = set.records as unknown as PrintValue;
  return adopt ? { ...args, adopt: true } : args;
}

/** The record sets of a zone, as planned declarations; `names` keeps resource names unique across zones. */
function planZone(zone: ZoneToDeclare, names: UniqueNames, version: ApiVersion, notes: string[]): Planned[] {
  const { domain } = zone.content;
  const section = {
    order: `1:${domain}`,
    title: `DNS zone ${domain}${zone.hostingId !== undefined ? ` (hosting account ${zone.hostingId})` : " (addressed by the domain alone)"}`,
  };
  const planned = zone.content.sets.map((set): Planned => {
    const standing = standingOf(zone, set);
    const adopt = standing === "same" || standing === "differs";
    const id = `${domain}/${set.name}/${set.type}`;
    if (standing === "differs") notes.push(`${id}: the zone's records differ from the file's; the first \`pulumi up\` writes the file's`);
    const comments = [
      ...(zone.source !== undefined && set.line !== undefined ? [`From ${zone.source}, line ${set.line}.`] : []),
      ...(STANDING_COMMENT[standing] === undefined ? [] : [STANDING_COMMENT[standing]]),
      `import id: ${id}`,
    ];
    return {
      kind: "DnsRecordSet",
      name: names.take(resourceName("dns", domain, set.name, { keep: set.type })),
      id,
      mode: "declare",
      args: argsOf(zone, set, adopt, version),
      protect: adopt,
      comments,
      section,
      sortKey: `${set.name === "@" ? "" : set.name}\u0000${set.type}`,
    };
  });
  if (zone.live !== undefined) {
    const declared = new Set(zone.content.sets.map((s) => `${s.name} ${s.type}`));
    const others = zoneFromApi(domain, zone.live).sets.filter((s) => !declared.has(`${s.name} ${s.type}`));
    if (others.length > 0)
      notes.push(
        `${domain}: the zone also has ${others.map((s) => `${s.name} ${s.type}`).join(", ")}, which the program does not declare: they are left as they are`,
      );
  }
  return planned;
}

/**
 * The plan of a program declaring the record sets of `zones`, with notes on what stands out
 * (records the first `up` changes, record sets the program leaves alone).
 *
 * @example
 * const plan = planZones([{ content: zoneFromApi("example.com", rrsets), live: rrsets }], "v4");
 */
export function planZones(zones: readonly ZoneToDeclare[], version: ApiVersion): Plan {
  const names = new UniqueNames();
  const notes = zones.flatMap((z) => z.content.notes);
  const resources = [...zones]
    .sort((a, b) => (a.content.domain < b.content.domain ? -1 : a.content.domain > b.content.domain ? 1 : 0))
    .flatMap((zone) => planZone(zone, names, version, notes));
  return { resources, config: [], notes };
}

/** What every zone program's README says about its first `pulumi up`. */
const FIRST_UP = [
  "Record sets the zone already has are declared with `adopt: true`: the first `pulumi up` takes them over",
  "and writes the declared records (the same ones, unless the comment above the declaration says they",
  "differ). They have `protect: true`, as `pulumi import` does: they existed before the stack, and a destroy",
  "would delete them; `pulumi state unprotect '<urn>'` lifts it. Record sets the zone does not have are created.",
  "The zone's other record sets, its apex NS records (the platform writes them) and its SOA (the API keeps",
  "none) are left as they are. After the first `up`, `pulumi preview --refresh` shows no change.",
];

/**
 * The origin lines of a program `reseller zone import` writes from `files`; `accountRead` says
 * whether the live zones were read to mark takeovers.
 */
export function importOrigin(files: readonly string[], accountRead: boolean): ProgramOrigin {
  const unread = accountRead
    ? []
    : [
        "The account was not read (no credentials were given): no record set is marked `adopt: true`, and one the zone already has stops the first `pulumi up` before any write, naming it; add `adopt: true` to it.",
      ];
  return {
    header: [
      `Written by \`reseller zone import\` from ${files.join(", ")}.`,
      "",
      "Record sets the zone already has are declared with `adopt: true` and `protect: true`; the first `pulumi up` takes them over. The others are created. Each resource's import id is in the comment above it.",
      ...unread,
    ],
    intro: `written by \`reseller zone import\`\nfrom ${files.map((f) => `\`${f}\``).join(", ")}`,
    firstUp: [...FIRST_UP, ...(unread.length > 0 ? ["", ...unread] : [])],
  };
}

/** The origin lines of a program `reseller zone export --format program` writes. */
export const EXPORT_ORIGIN: ProgramOrigin = {
  header: [
    "Written by `reseller zone export --format program` from the live zone.",
    "",
    "Every record set is declared with `adopt: true` and `protect: true`: the first `pulumi up` takes it over and writes it back as it is. Each resource's import id is in the comment above it.",
  ],
  intro: "written by `reseller zone export --format program`\nfrom the live zone",
  firstUp: FIRST_UP,
};
