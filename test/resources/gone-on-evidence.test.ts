/**
 * A refresh drops a resource from state only on evidence: a hollow listing reply fails the read
 * instead of reading as "gone".
 */
import { describe, expect, it } from "vitest";
import { HOLLOW_REPLIES } from "../../packages/simulator/src/faults";
import { useProvider } from "../helpers/lifecycle";

describe("DnsRecordSet refresh", () => {
  const t = useProvider("DnsRecordSet", { version: "v4" });

  it.each(HOLLOW_REPLIES)("fails on a %s zone reply and keeps the record set, which a well-formed reply then finds", async (reply) => {
    const { id, outs } = await t.engine.create(
      await t.engine.check({ domain: "agency-demo.com", name: "evidence", type: "TXT", records: ["kept"] }),
    );
    t.sim.faults.add({ operation: "dns.getZone", kind: "hollow", reply });
    await expect(t.engine.read(id, outs)).rejects.toThrow(/dns\.getZone/);
    expect((await t.engine.read(id, outs)).id).toBe(id);
  });
});
