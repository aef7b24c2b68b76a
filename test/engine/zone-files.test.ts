/**
 * Zone files round-trip through the real CLI: `reseller zone export` writes each zone of the demo
 * account (with a record set of every type the API has added to one of them) as a zone file,
 * `reseller zone import` turns the files into one program (which compiles with its own
 * tsconfig), `pulumi up` takes every record set over (`adopt: true`) and leaves the zones as they
 * were, and `pulumi preview --expect-no-changes` then passes.
 */
import { writeFileSync } from "node:fs";
import * as path from "node:path";

import { expect, it } from "vitest";

import { runZoneExport, runZoneImport } from "../../src/cli/zone";
import { createClient } from "../../src/client/client";
import { zoneFromApi } from "../../src/zone/record-sets";
import { simFlags, typeCheck } from "../cli/helpers";
import { CliStack, describeEngine, engineScenario, resourcesByName, simulatorConfig, STEP_TIMEOUT } from "./harness";

/** The demo seed's zones. */
const ZONES = ["agency-demo.com", "client-shop.net", "legacy-brand.org", "staging-agency.com", "xn--caf-dma.com"];

/** Record sets of every type the API has beyond the seed's (A, CNAME, MX, TXT, NS), through the API as a user would add them. */
const EXTRA = [
  { type: "AAAA", name: "api.agency-demo.com.", ttl: 300, records: [{ ip: "2001:db8::10" }] },
  {
    type: "TXT",
    name: "long.agency-demo.com.",
    ttl: 3600,
    records: [{ content: `"${"a".repeat(255)}" "b"` }, { content: '"say \\"hi\\""' }],
  },
  { type: "SRV", name: "_sip._tcp.agency-demo.com.", ttl: 3600, records: [{ value: "5 5060 sip.agency-demo.com.", priority: 10 }] },
  { type: "CAA", name: "agency-demo.com.", ttl: 3600, records: [{ content: '0 issue "letsencrypt.org"' }] },
  { type: "MXE", name: "relay.agency-demo.com.", ttl: 3600, records: [{ value: "198.51.100.25", priority: 5 }] },
  { type: "NS", name: "dev.agency-demo.com.", ttl: 3600, records: [{ value: "ns1.example.net." }, { value: "ns2.example.net." }] },
  { type: "A", name: "*.dev.agency-demo.com.", ttl: 600, records: [{ ip: "198.51.100.31" }, { ip: "198.51.100.30" }] },
] as const;

/** The record sets of every zone, as export and import see them. */
let before: Record<string, unknown>;
/** The written program's type check with its own tsconfig, run while `pulumi up` runs. */
let typeChecked: Promise<string>;

function zonesOf(store: { zones: Record<string, unknown> }): Record<string, unknown> {
  return Object.fromEntries(
    ZONES.map((z) => [z, zoneFromApi(z, store.zones[z] as Parameters<typeof zoneFromApi>[1]).sets.map(({ line: _line, ...s }) => s)]),
  );
}

const scenario = engineScenario("zone-files", async ({ engine, sim }) => {
  const client = createClient({ baseUrl: sim.url, apiUser: sim.apiUser, apiKey: sim.apiKey, version: "v4" });
  try {
    await client.request("dns.modifyZone", { id: 101, domain: "agency-demo.com", rrsets: [...EXTRA] });
  } finally {
    await client.close();
  }
  before = zonesOf(sim.store);
  const quiet = () => undefined;
  const files: string[] = [];
  for (const domain of ZONES) {
    let text = "";
    await runZoneExport({ ...simFlags(sim), domain }, (t) => (text += t), quiet);
    const file = path.join(engine.root, `${domain}.zone`);
    writeFileSync(file, text);
    files.push(file);
  }
  const dir = path.join(engine.root, "zones");
  await runZoneImport(files, { ...simFlags(sim), out: dir }, quiet, quiet);
  // Type-checked once, beside the deployment; the CLI's runs transpile only, which keeps them short.
  typeChecked = typeCheck(dir);
  typeChecked.catch(() => undefined);
  const stack = new CliStack(engine, dir, "zones", { PULUMI_NODEJS_TRANSPILE_ONLY: "true" });
  await stack.init(simulatorConfig(sim));
  await stack.ok(["up", "--yes", "--skip-preview"]);
  return stack;
});

describeEngine("zone files exported, imported and deployed", () => {
  it(
    "take every record set over unchanged, and the next preview expects no changes",
    async () => {
      const { stack, sim } = scenario;
      const resources = [...resourcesByName(await stack.export()).values()];
      const sets = Object.values(before).flat().length;
      expect(resources).toHaveLength(sets);
      expect(resources.filter((r) => r.outputs?.adopted === true && r.protect === true)).toHaveLength(sets);
      expect(zonesOf(sim.store)).toEqual(before);
      const types = new Set(resources.map((r) => r.outputs?.type));
      expect([...types].sort()).toEqual(["A", "AAAA", "CAA", "CNAME", "MX", "MXE", "NS", "SRV", "TXT"]);

      const preview = await stack.run(["preview", "--expect-no-changes"]);
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      await typeChecked;
    },
    STEP_TIMEOUT,
  );
});
