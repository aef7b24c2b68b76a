/**
 * Reseller account operations: test connection, account information (credit) and TLD pricing.
 *
 * These are reseller-level operations, not hosting operations, so they answer without the
 * hosting envelope (v4 document, Endpoints, General). v3 answers exactly as v4 ("Responses are
 * those of the same operations in 4.0.0", legacy document, Version 3.0.0); v2 lives under
 * `/reseller-api` and takes GET parameters in the query string (catalog §3).
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { bool, dict, int, noParams, num, obj, optionalFields, str } from "../schemas";

/**
 * Reply of the test-connection operation (`hello`).
 *
 * @example
 * helloResponse.parse({ message: "Hello", successful_connection: "true" }).successful_connection; // true
 */
export const helloResponse = obj(optionalFields({ message: str(), successful_connection: bool() }));

/**
 * The reseller account resource (v4 document, Reseller account).
 *
 * @example
 * accountInfoResponse.parse({ credit_remaining: "12.50", credit_currency: "USD" }).credit_remaining; // 12.5
 */
export const accountInfoResponse = obj(
  optionalFields({
    message: str(),
    credit_remaining: num(),
    credit_currency: str(),
    num_active_orders: int(),
    num_active_domains: int(),
  }),
);

/**
 * The prices of one TLD (v4 document, TLD pricing).
 *
 * @example
 * tldPrice.parse({ register: 12.5, transfer: 12.5, renew: 14 }).renew; // 14
 */
export const tldPrice = obj(
  optionalFields({
    register: num(),
    transfer: num(),
    renew: num(),
    transfer_requires_epp_code: bool(),
    id_protection_supported: bool(),
  }),
);

/**
 * The TLD pricing resource. `tlds` is keyed by the TLD with its leading period (`".com"`), as
 * the official v2 spec maps it (catalog §1 #3: S8 `attribute_map {'tld': '.tld'}`); a record is
 * the only way to type an object keyed by data, and it stays loose in its values.
 *
 * @example
 * tldPricingResponse.parse({ currency_code: "EUR", tlds: { ".com": { register: 11.5 } } });
 */
export const tldPricingResponse = obj({
  ...optionalFields({ message: str(), currency_code: str() }),
  // A PHP backend encodes an empty associative array as `[]`; read it as no TLDs.
  tlds: dict(tldPrice),
});

/** v4 and v3 take an optional currency; v2 `tld-prices` takes nothing (legacy document, 2.0.0 table). */
const tldPricingRequest = z.strictObject({ currency_code: z.string().min(3).max(3).optional() });

/**
 * The account area of the endpoint table.
 *
 * @example
 * import { endpoints } from "pulumi-hosting-reseller";
 * endpoints["v2.account.hello"].path; // "/reseller-api/test-connection"
 */
export const accountOperations = defineOperations({
  "account.hello": {
    summary: "Test the connection and the credentials",
    safety: "read",
    envelope: false,
    request: noParams,
    response: helloResponse,
    v4: route("GET /v4/hello", "SEED, catalog §1 #1"),
    v3: route("GET /v3/hello", "CONFIRMED, catalog §2 #1"),
    v2: route("GET /reseller-api/test-connection", "CONFIRMED, catalog §3 #1", { params: "query" }),
  },
  "account.getInfo": {
    summary: "Read the reseller's remaining credit and active order and domain counts",
    safety: "read",
    envelope: false,
    request: noParams,
    response: accountInfoResponse,
    v4: route("GET /v4/account/info", "SEED, catalog §1 #2"),
    v3: route("GET /v3/account/info", "CONFIRMED, catalog §2 #2"),
    v2: route("GET /reseller-api/account-info", "CONFIRMED, catalog §3 #2", { params: "query" }),
  },
  "account.getTldPricing": {
    summary: "Read register, transfer and renew prices per TLD, optionally in another currency",
    safety: "read",
    envelope: false,
    request: tldPricingRequest,
    response: tldPricingResponse,
    v4: route("GET /v4/tlds/pricing", "INFERRED-M, catalog §1 #3"),
    v3: route("GET /v3/tlds/pricing", "CONFIRMED, catalog §2 #4"),
    v2: route("GET /reseller-api/tld-prices", "CONFIRMED, catalog §3 #3", {
      params: "query",
      summary: "Read register, transfer and renew prices per TLD in the account currency",
      request: noParams,
    }),
  },
});
