/**
 * Test helper: the error a call must fail with.
 *
 * @example
 * const err = await failure(client.request("domains.getInfo", { sld: "nowhere", tld: "com" }));
 * expect(err.code).toBe("not-found");
 */
import { expect } from "vitest";
import { isResellerApiError, ResellerApiError } from "../../src/client/errors";

/**
 * Awaits `p`, which must reject with a `ResellerApiError` (recognised by name and code, as
 * callers do, and an instance of the class this package exports), and returns the error. A call
 * that succeeds, or fails with anything else, fails the test.
 *
 * @example
 * expect((await failure(t.client.request("account.getInfo"))).code).toBe("server");
 */
export async function failure(p: Promise<unknown>): Promise<ResellerApiError> {
  try {
    await p;
  } catch (err) {
    if (!isResellerApiError(err)) throw err;
    expect(err).toBeInstanceOf(ResellerApiError);
    return err;
  }
  throw new Error("expected the call to fail with a ResellerApiError");
}
