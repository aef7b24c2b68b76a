import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { isResellerApiError } from "../../src/client/errors";
import { currentContext } from "../../src/provider/runtime/context";
import { apiErrorCode } from "../../src/provider/lifecycle/errors";
import { hostingAddress } from "../../src/provider/runtime/context";
import { hostingUsername } from "../../src/resources/shared/hosting";
import { useProvider } from "../helpers/lifecycle";
import { failure } from "../helpers/errors";

describe("hosting addresses on API v3", () => {
  const t = useProvider("PhpVersion", { version: "v3" });

  it("adds the username from the hosting listing", async () => {
    expect(await hostingAddress(currentContext(), 102)).toEqual({ id: 102, username: "stagingx" });
  });

  it("reports an account missing from the listing as a not-found API error, like the 404 v4 gives for it", async () => {
    const err = await failure(hostingAddress(currentContext(), 999));
    expect(isResellerApiError(err, "not-found")).toBe(true);
    expect(apiErrorCode(err)).toBe("not-found");
    expect(err).toMatchObject({ endpoint: "v3.hosting.listAccounts", status: undefined });
    expect(err.message).toMatch(/Hosting account 999 is not in this reseller account .*ids found: 101, 102/);
    expect(t.sim.requests.count("hosting.listAccounts")).toBe(1);
  });
});

describe.each<{ version: ApiVersion; listing: string }>([
  { version: "v4", listing: "hosting.listAccounts" },
  { version: "v3", listing: "hosting.listAccounts" },
  { version: "v2", listing: "hosting.listWorldAccounts" },
])("hosting usernames on API $version", ({ version, listing }) => {
  const t = useProvider("DatabaseUserGrant", { version });

  it(`reads the username from ${listing}, once for many lookups`, async () => {
    const ctx = currentContext();
    const names = await Promise.all([hostingUsername(ctx, 101), hostingUsername(ctx, 101), hostingUsername(ctx, 101)]);
    expect(names).toEqual(["agencyde", "agencyde", "agencyde"]);
    expect(t.sim.requests.count(listing)).toBe(1);
    expect(t.sim.requests.count()).toBe(1);
  });

  it("gives no username for an account the listing does not show", async () => {
    expect(await hostingUsername(currentContext(), 999)).toBeUndefined();
  });

  it("fails with route-not-found, rather than guessing no username, when the listing is not at the configured path", async () => {
    const nowhere = { v4: "/v4/nowhere", v3: "/v3/nowhere", v2: "/world-api/nowhere" }[version];
    await t.configure({ [`reseller:endpointOverrides`]: JSON.stringify({ [listing]: { [version]: { path: nowhere } } }) });
    const err = await failure(hostingUsername(currentContext(), 101));
    expect(apiErrorCode(err)).toBe("route-not-found");
    expect(err.message).toContain(nowhere);
    // The listing, and the surely absent path that told its 404 from a missing account's.
    expect(t.sim.requests.count()).toBe(2);
  });
});
