/**
 * ObjectStorageUrl: inputs, their validation and normalization, and the state it keeps.
 *
 * A storage URL publishes the hosting account's object-storage bucket at a URI, on one domain
 * of the account or on all of them (v4 document, Object storage: Add URL takes `uri`, required,
 * and `domain`, optional, "applies to all domains when omitted"; the entry is `id, uri, dest,
 * domain`). The URI is kept as the API keeps it, with one leading slash and no trailing one
 * (`media/` reads `/media`), so that the input and the live value compare equal.
 */
import { quote } from "../../provider/lifecycle/check";
import type { z } from "zod";
import type { IssueSink } from "../../provider/lifecycle/define";
import { normalizeDomain, type NameResult } from "../../util/names";
import { domainInput, hostingIdInput, normalizeProperty, textInput } from "../../provider/rules/validators";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const objectStorageUrlInputs = {
  /** The hosting account whose object storage is published; it must be initialised. */
  hostingId: hostingIdInput,
  /** The path the bucket answers at: `media`, `/media` and `media/` are the same URI. */
  uri: textInput(1024, "S3 object keys have at most 1024 bytes, and the bucket behind the URI is S3-compatible (inferred)"),
  /** One domain of the account; empty or unset means every domain. */
  domain: domainInput.default(""),
};

type Parsed = z.output<z.ZodObject<typeof objectStorageUrlInputs>>;

/** The checked inputs. */
export interface ObjectStorageUrlInputs {
  hostingId: number;
  /** `/media`: one leading slash, no trailing slash. */
  uri: string;
  /** ASCII lower case, or `""` for every domain of the account. */
  domain: string;
}

/** The state of a storage URL. */
export interface ObjectStorageUrlOutputs extends ObjectStorageUrlInputs {
  /** The API's id of the URL. */
  urlId: number;
  /** The public address the URL answers at, as the API reports it. */
  dest: string;
}

/** A path segment: unreserved URL characters only (RFC 3986 §2.3), not `.` or `..`. */
const SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * A storage URI in the API's form: one leading slash, no trailing slash, segments of letters,
 * digits, `.`, `_`, `~` and `-`. Letter case is kept (paths are case-sensitive).
 *
 * @example
 * normalizeStorageUri("media/"); // { ok: true, value: "/media" }
 * normalizeStorageUri("/a b"); // { ok: false, reason: ... }
 */
export function normalizeStorageUri(input: string): NameResult {
  const bare = input.trim().replace(/^\/+|\/+$/g, "");
  if (bare === "") return { ok: false, reason: "a path is required, e.g. /media (the root of a domain cannot serve the bucket)" };
  const segments = bare.split("/");
  const bad = segments.find((s) => !SEGMENT.test(s) || s === "." || s === "..");
  if (bad !== undefined) {
    return {
      ok: false,
      reason: `${quote(input)} is not a storage path: segment ${quote(bad)} may hold only letters, digits, ".", "_", "~" and "-" (and is not "." or "..")`,
    };
  }
  return { ok: true, value: `/${segments.join("/")}` };
}

/**
 * A storage URL's domain: `""` for every domain, otherwise the domain in ASCII lower case.
 *
 * @example
 * normalizeStorageDomain(""); // { ok: true, value: "" }
 * normalizeStorageDomain(" "); // { ok: false, reason: ... } (only "" means every domain)
 * normalizeStorageDomain("Café.com"); // { ok: true, value: "xn--caf-dma.com" }
 */
export function normalizeStorageDomain(input: string): NameResult {
  if (input === "") return { ok: true, value: "" };
  return normalizeDomain(input);
}

/** Normalizes the URI and the domain, reporting each problem on its property. */
export function normalizeObjectStorageUrl(v: Parsed, issue: IssueSink): ObjectStorageUrlInputs {
  const out = { ...v } as ObjectStorageUrlInputs;
  normalizeProperty(out, "uri", normalizeStorageUri, issue);
  normalizeProperty(out, "domain", normalizeStorageDomain, issue);
  return out;
}
