/**
 * The declared inputs a refresh hands back (src/provider/lifecycle/declared.ts): state records
 * the input keys the program set, and a refresh returns the live values of those alone, so an
 * input the program never set (a domain's contacts) shows no change. The provider object is
 * called directly, with the state as the engine stores it. Through the real CLI:
 * test/engine/quiet-refresh.test.ts.
 */
import { describe, expect, it } from "vitest";

import { DECLARED_KEY, declaredIn, declaredOf, onlyDeclared } from "../../src/provider/lifecycle/declared";
import { definitionOf } from "../../src/runtime";
import { useProvider } from "../helpers/lifecycle";

type Props = Record<string, unknown>;

describe("a domain registration taken over with its name alone", () => {
  const t = useProvider("DomainRegistration", { version: "v4" });

  const def = definitionOf("DomainRegistration");

  async function adopted(): Promise<{ id: string; outs: Props; declared: string[] }> {
    const inputs = await t.engine.check({ domain: "agency-demo.com", adopt: true });
    // What check gives: the name, `adopt` and the defaults of the create-time settings.
    const declared = declaredOf(def, inputs);
    expect(declared).toEqual(expect.arrayContaining(["adopt", "domain"]));
    expect(declared).not.toContain("adminContact");
    return { ...((await t.provider.create(inputs)) as { id: string; outs: Props }), declared };
  }

  it("records the inputs the program set, and a refresh hands back those, not the contacts it read", async () => {
    const { id, outs, declared } = await adopted();
    expect(outs[DECLARED_KEY]).toEqual(declared);
    // The outputs hold what the read gives: contacts, nameservers, the lock.
    expect(outs).toHaveProperty("adminContact");

    const refreshed = (await t.provider.read!(id, outs)) as { props: Props; inputs: Props };
    expect(refreshed.inputs).toMatchObject({ domain: "agency-demo.com", adopt: true });
    expect(Object.keys(refreshed.inputs).every((k) => declared.includes(k))).toBe(true);
    expect(refreshed.inputs).not.toHaveProperty("adminContact");
    // The record stays for the next refresh.
    expect(refreshed.props[DECLARED_KEY]).toEqual(declared);
  });

  it("hands back every input it reads for a state written before the record existed, as before", async () => {
    const { id, outs } = await adopted();
    const { [DECLARED_KEY]: _declared, ...older } = outs;
    const refreshed = (await t.provider.read!(id, older)) as { props: Props; inputs: Props };
    expect(refreshed.inputs).toHaveProperty("adminContact");
    expect(refreshed.props).not.toHaveProperty(DECLARED_KEY);
  });

  it("records what an update's inputs set", async () => {
    const { id, outs, declared } = await adopted();
    expect(declared).not.toContain("registrarLock");
    const news = await t.engine.check({ domain: "agency-demo.com", adopt: true, registrarLock: true });
    const { outs: updated } = (await t.provider.update!(id, outs, news)) as { outs: Props };
    expect(updated[DECLARED_KEY]).toEqual([...declared, "registrarLock"].sort());
  });

  it("reads from the id alone as pulumi import does: the inputs it returns are the declared ones", async () => {
    const imported = (await t.provider.read!("agency-demo.com", {})) as { props: Props; inputs: Props };
    expect(imported.props[DECLARED_KEY]).toEqual(Object.keys(imported.inputs).sort());
  });

  it("reads from the id alone as X.get does, declaring nothing: its refreshes hand back no input", async () => {
    const read = (await t.provider.read!("agency-demo.com", { [DECLARED_KEY]: [] })) as { props: Props };
    expect(read.props[DECLARED_KEY]).toEqual([]);
    const refreshed = (await t.provider.read!("agency-demo.com", read.props)) as { inputs: Props };
    expect(refreshed.inputs).toEqual({});
  });
});

describe("the declared keys", () => {
  const def = definitionOf("DnsRecordSet");

  it("are the definition's inputs that are set, sorted", () => {
    expect(declaredOf(def, { records: ["198.51.100.7"], domain: "example.com", name: "www", type: "A", ttl: undefined, other: 1 })).toEqual(
      ["domain", "name", "records", "type"],
    );
  });

  it("are read from state only as a list of names", () => {
    expect(declaredIn({ [DECLARED_KEY]: ["domain"] })).toEqual(["domain"]);
    expect(declaredIn({ [DECLARED_KEY]: "domain" })).toBeUndefined();
    expect(declaredIn({ [DECLARED_KEY]: [1] })).toBeUndefined();
    expect(declaredIn(undefined)).toBeUndefined();
  });

  it("select those inputs", () => {
    expect(onlyDeclared({ domain: "example.com", adminContact: { email: "a@example.com" } }, ["domain"])).toEqual({
      domain: "example.com",
    });
  });
});
