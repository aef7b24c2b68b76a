/**
 * Type-level tests, checked by `npm run typecheck` (never run): the endpoint table's types reach
 * the provider context (what every resource and the generator call) and the simulator's
 * handlers, so a misspelt operation id or parameter does not compile there either. Each
 * `@ts-expect-error` fails the typecheck if the line below it ever compiles.
 */
import type { ProviderContext } from "../../src/provider/runtime/context";
import { byVersion } from "../../packages/simulator/src/handlers/shared";
import type { KeyContext, OpContext, SimHandlers } from "../../packages/simulator/src/types";

declare const ctx: ProviderContext;

export async function providerContextCalls(): Promise<string[]> {
  // @ts-expect-error a misspelt operation id
  await ctx.read("dns.getZoen", { domain: "agency-demo.com" }, ["zone:agency-demo.com"]);
  // @ts-expect-error a misspelt operation id
  await ctx.write("ssh.removeKye", { id: 101, key: "a4:77:51" }, ["ssh:101"]);
  // @ts-expect-error a misspelt operation id
  ctx.has("hosting.listAccount");
  // @ts-expect-error a misspelt parameter
  await ctx.write("ssh.removeKey", { id: 101, kye: "a4:77:51" }, ["ssh:101"]);
  // @ts-expect-error a misspelt parameter
  await ctx.request("domains.getInfo", { sld: "example", tdl: "com" });
  // @ts-expect-error a parameter of the wrong type
  await ctx.read("ftp.listAccounts", { id: "101" }, ["ftp:101"]);

  // Replies are the operation's, `data` envelopes undone: v3 and v2 keys arrive under `keys`.
  const listing = await ctx.read("ssh.listKeys", { id: 101 }, ["ssh:101"]);
  // @ts-expect-error a fingerprint is a string
  const wrong: number = listing.keys[0]!.key;
  void wrong;
  // @ts-expect-error the listing has no `data` any more
  void listing.data.length;
  // v3 addresses a hosting account with its username too; the union of what versions take.
  await ctx.read("ssh.listKeys", { id: 101, username: "agencyde" }, ["ssh:101"]);
  return listing.keys.map((k) => k.key);
}

/** A handler's parameters are what its operation's request schema parsed. */
export function removeKey(c: OpContext<"ssh.removeKey">): string {
  // @ts-expect-error a misspelt parameter
  void c.params.kye;
  return c.params.key;
}

/** One version's handler sees that version's parameters: v2 `redirections.add` has no `destinationUrl`. */
export function addRedirectionV2(c: KeyContext<"v2.redirections.add">): string {
  // @ts-expect-error v2 sends a destination domain, not a URL
  void c.params.destinationUrl;
  return c.params.destinationDomain;
}

export const handlers: SimHandlers = {
  // @ts-expect-error a misspelt parameter in an inline handler
  "ssh.removeKey": (c) => c.params.kye,
  "ssh.editKey": (c) => c.params.comment,
  // @ts-expect-error no such operation id
  "ssh.removeKye": () => ({}),
};

/** Each version's resolver sees that version's parameters, and every version needs one. */
export const perVersion = byVersion<"redirections.add">({
  v4: (c) => c.params.destinationUrl,
  v3: (c) => c.params.destinationUrl,
  // @ts-expect-error v2 sends a destination domain, not a URL
  v2: (c) => c.params.destinationUrl,
});

// @ts-expect-error v2 has no resolver
export const missingVersion = byVersion<"redirections.add">({ v4: () => ({}), v3: () => ({}) });
