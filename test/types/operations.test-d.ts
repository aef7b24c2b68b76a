/**
 * Type-level tests, checked by `npm run typecheck` (never run): the endpoint table's types reach
 * the callers, so a misspelt operation id or parameter, or a wrong reading of a reply, does not
 * compile. Each `@ts-expect-error` fails the typecheck if the line below it ever compiles.
 */
import type { OperationParams, OperationReply } from "../../src/client/endpoints";
import type { DataSourceCall } from "../../src/data-sources/define";

declare const call: DataSourceCall;

export async function dataSourceCalls(): Promise<string[]> {
  // @ts-expect-error a misspelt operation id
  await call.request("account.getInfoo", {});
  // @ts-expect-error a misspelt parameter
  await call.hostingRequest("ssh.removeKey", 101, { kye: "a4:77:51" });
  // @ts-expect-error a parameter of the wrong type
  await call.request("domains.getInfo", { sld: "example", tld: 1 });

  // v3 and v2 answer the keys in `data`; the client undoes it, so every version's reply has `keys`.
  const listing = await call.hostingRequest("ssh.listKeys", 101);
  // @ts-expect-error a fingerprint is a string
  const wrong: number = listing.keys[0]!.key;
  void wrong;
  return listing.keys.map((k) => k.key);
}

/** Parameters where versions differ are the union of what each version takes. */
export const v3Address: OperationParams<"ssh.listKeys"> = { id: 101, username: "agency" };
export const v4Address: OperationParams<"ssh.listKeys"> = { id: 101 };
// @ts-expect-error `id` is required by every version
export const noAddress: OperationParams<"ssh.listKeys"> = { username: "agency" };

/** A reply type is the operation's, whichever version answered. */
export const reply: OperationReply<"php.getVersion"> = { phpVersion: "8.3" };
// @ts-expect-error no such operation
export type Misspelt = OperationReply<"php.getVersoin">;
