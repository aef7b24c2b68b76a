/**
 * SslCsr lifecycle: a key pair, certificate signing request and self-signed certificate that the
 * API generates for a domain of a hosting account. v4 and v3 (the legacy document lists no v2
 * SSL operation).
 *
 * API calls (v4 document, SSL; every path a pattern guess, catalog §1 #23-26 and §2 #17-26,
 * INFERRED-L):
 * - create: `ssl.generateCsr` answers `csr` and `selfSignedCert` but no fingerprint, so the new
 *   entry is found in `ssl.listCsrs` by its CSR text; its `csrPubKeyFingerPrint` names it from
 *   then on. `ssl.getCsrPrivateKey` then gives the private key;
 * - read: `ssl.listCsrs` (`data[]{creationDate, csr, selfSignedCert, csrPubKeyFingerPrint,
 *   attributes[]{name, value}}`), shared through the read cache per domain; the CSR is gone when
 *   its fingerprint is not listed. The private key is kept from state, and fetched on import;
 * - update: none. Every input is part of the generated CSR, so every change replaces it;
 * - delete: `ssl.removeCsr` by fingerprint. A CSR already gone counts as deleted.
 *
 * Identity read (`find`, docs/decisions/0019): the listing gives each CSR's subject as
 * `attributes[]{name, value}` (v4 document, SSL: "CSR entry"; the attribute names are not
 * documented, so both the long and the short X.509 names are taken, INFERRED-L), so a CSR of the
 * domain whose six subject fields are the declared ones is found. The runtime runs it before the
 * create: such a CSR exists already and is taken over only with `adopt: true` (its key is fetched,
 * nothing is generated). Generating twice would leave two CSRs with different keys, so a generate
 * whose outcome is unknown is settled by the same read, polled by the runtime: the CSR with the
 * declared subject that shows is this generate's (none had it before), and generate is never
 * sent again.
 *
 * Follow-ups never lose the CSR: a private key that cannot be fetched after the generate fails
 * the create with the CSR's id (state keeps it without the key), and the next refresh or `up`
 * fetches the key (read, or the update the engine sends to finish a create that failed part way).
 */
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { apiErrorCode, messageOf, PartialCreateError } from "../../provider/lifecycle/errors";
import type { HostingAddress } from "../../provider/runtime/context";
import { domainIdPart, hostingScopedId, parseHostingScopedId } from "../../provider/lifecycle/ids";
import { normalizeEmail } from "../../provider/rules/validators";
import {
  canonicalPem,
  fingerprintKey,
  normalizeSslCsr,
  sslCsrInputs,
  SUBJECT_ATTRIBUTE_NAMES,
  SUBJECT_FIELDS,
  type SslCsrInputs,
  type SubjectField,
  type SslCsrOutputs,
} from "./schema";

type Inputs = SslCsrInputs;
type Outputs = SslCsrOutputs;

/** A CSR listing entry (v4 document, SSL: "CSR entry"). */
interface CsrEntry {
  creationDate?: string;
  csr?: string;
  selfSignedCert?: string;
  csrPubKeyFingerPrint: string;
  attributes?: { name: string; value: string }[];
}
type Generated = { csr: string; selfSignedCert?: string };

type CsrKey = { hostingId: number; domain: string; fingerprint: string };

/** Cache and write scope: the CSRs of one domain of one hosting account. */
const scopeOf = (v: { hostingId: number; domain: string }) => `ssl-csr:${v.hostingId}:${v.domain}`;

/**
 * The CSR's id: `<hostingId>/<domain>/<fingerprint>`.
 *
 * @example
 * sslCsrId({ hostingId: 101, domain: "agency-demo.com", fingerprint: "3f0c…" }); // "101/agency-demo.com/3f0c…"
 */
export function sslCsrId(v: CsrKey): string {
  return hostingScopedId(v.hostingId, v.domain, v.fingerprint);
}

/**
 * What an id names, or undefined when it is not `<hostingId>/<domain>/<fingerprint>` (the
 * fingerprint in hex, with or without `:` separators).
 *
 * @example
 * parseSslCsrId("101/Agency-Demo.com/3F0C"); // { hostingId: 101, domain: "agency-demo.com", fingerprint: "3F0C" }
 */
export function parseSslCsrId(id: string): CsrKey | undefined {
  return parseHostingScopedId(id, { domain: domainIdPart, fingerprint: (t) => (/^[0-9A-Fa-f:]+$/.test(t) ? t : undefined) });
}

/** The CSRs of the domain, or undefined when the domain or the hosting account is gone (404). */
async function listCsrs(ctx: ProviderContext, address: HostingAddress, domain: string, fresh: boolean): Promise<CsrEntry[] | undefined> {
  const params = { ...address, domain };
  try {
    const reply = fresh
      ? await ctx.request("ssl.listCsrs", params)
      : await ctx.read("ssl.listCsrs", params, [scopeOf({ hostingId: address.id, domain })]);
    return reply.data;
  } catch (err) {
    if (apiErrorCode(err) === "not-found") return undefined;
    throw err;
  }
}

async function privateKeyOf(ctx: ProviderContext, address: HostingAddress, domain: string, fingerprint: string): Promise<string> {
  const reply = await ctx.request("ssl.getCsrPrivateKey", { ...address, domain, csrPubKeyFingerPrint: fingerprint });
  const key = reply.privateKey;
  if (!key) throw new Error(`The API returned no private key for the CSR ${fingerprint} of ${domain}`);
  return canonicalPem(key);
}

/** The Generate CSR subject fields of the inputs. */
function subjectFields(v: Inputs): Pick<Inputs, SubjectField> {
  return Object.fromEntries(SUBJECT_FIELDS.map((f) => [f, v[f]])) as Pick<Inputs, SubjectField>;
}

/** The subject fields an entry's attributes give, each under the Generate CSR field name. */
function subjectOf(entry: CsrEntry): Partial<Pick<Inputs, SubjectField>> {
  const out: Partial<Record<SubjectField, string>> = {};
  for (const field of SUBJECT_FIELDS) {
    const value = entry.attributes?.find((a) => SUBJECT_ATTRIBUTE_NAMES[field].includes(a.name))?.value;
    if (value === undefined) continue;
    if (field === "email") {
      const email = normalizeEmail(value);
      out.email = email.ok ? email.value : value;
    } else out[field] = field === "countryCode" ? value.toUpperCase() : value.trim();
  }
  return out;
}

/**
 * Outputs from a listing entry: what the entry gives wins over `known` (state, or the inputs of
 * a create), so a CSR changed or replaced elsewhere shows on refresh.
 */
function outputsOf(key: CsrKey, entry: CsrEntry, known: Partial<Outputs>, privateKey: string | undefined): Partial<Outputs> {
  return {
    ...known,
    hostingId: key.hostingId,
    domain: key.domain,
    ...subjectOf(entry),
    ...(entry.csr !== undefined ? { csr: canonicalPem(entry.csr) } : {}),
    ...(entry.selfSignedCert !== undefined ? { selfSignedCert: canonicalPem(entry.selfSignedCert) } : {}),
    fingerprint: entry.csrPubKeyFingerPrint,
    ...(privateKey !== undefined ? { privateKey } : {}),
    ...(entry.creationDate !== undefined ? { creationDate: entry.creationDate } : {}),
  };
}

/**
 * Generates the CSR and finds its listing entry: the one whose CSR is the one returned. An outcome
 * that is unknown is left to the runtime, which settles it by the identity read.
 */
async function generate(ctx: ProviderContext, address: HostingAddress, v: Inputs): Promise<{ entry: CsrEntry; generated: Generated }> {
  const where = `${v.domain} on hosting account ${v.hostingId}`;
  const generated = await ctx.write("ssl.generateCsr", { ...address, domain: v.domain, ...subjectFields(v) }, [scopeOf(v)]);
  const entries = await listCsrs(ctx, address, v.domain, true);
  const entry = entries?.find(
    (e) => e.csr !== undefined && generated.csr !== undefined && canonicalPem(e.csr) === canonicalPem(generated.csr),
  );
  if (!entry) {
    throw new Error(
      `The API generated a CSR for ${where}, but the CSR listing does not show it, so its fingerprint is unknown; remove it from the account if it appears, then run \`pulumi up\` again`,
    );
  }
  return { entry, generated };
}

/** Whether a listing entry's subject is the declared one, field by field as the inputs spell them. */
function sameSubject(entry: CsrEntry, v: Inputs): boolean {
  const listed = subjectOf(entry);
  return SUBJECT_FIELDS.every((f) => listed[f] === v[f]);
}

/** The newest of entries (by creation date where listed, else the last listed). */
function newest(entries: readonly CsrEntry[]): CsrEntry | undefined {
  return entries.reduce<CsrEntry | undefined>(
    (a, b) => (a === undefined || (b.creationDate ?? "") >= (a.creationDate ?? "") ? b : a),
    undefined,
  );
}

/**
 * The SslCsr declaration: named by the hosting account, the domain and the fingerprint the API
 * gives; every input is part of the CSR, so every change replaces it (a new CSR first, as it
 * cannot collide with the old one).
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("SslCsr").secretOutputs; // ["privateKey"]
 */
export const sslCsrDefinition = defineResource<typeof sslCsrInputs, Inputs, Outputs>({
  type: "SslCsr",
  inputs: sslCsrInputs,
  normalize: normalizeSslCsr,
  identity: ["hostingId", "domain"],
  replaceOn: ["hostingId", "domain", ...SUBJECT_FIELDS],
  deleteBeforeReplace: false,
  secretOutputs: ["privateKey"],
  id: {
    format: "<hostingId>/<domain>/<fingerprint>, e.g. 101/example.com/3f0c… (csrPubKeyFingerPrint from the CSR listing)",
    build: (v) => sslCsrId(v as Outputs),
    parse: (id) => {
      const key = parseSslCsrId(id);
      return key && { hostingId: key.hostingId, domain: key.domain };
    },
  },
  onMissing: "remove",
  requires: () => [
    {
      property: "domain",
      operations: ["ssl.listCsrs", "ssl.generateCsr", "ssl.getCsrPrivateKey", "ssl.removeCsr"],
      reason: "SslCsr works with apiVersion v4 or v3 only",
    },
  ],

  async find(ctx, inputs, { fresh }) {
    const entries = await listCsrs(ctx, await ctx.hosting(inputs.hostingId), inputs.domain, fresh);
    const entry = newest((entries ?? []).filter((e) => sameSubject(e, inputs)));
    if (!entry) return undefined;
    const key = { hostingId: inputs.hostingId, domain: inputs.domain, fingerprint: entry.csrPubKeyFingerPrint };
    return {
      id: sslCsrId(key),
      description: `the CSR for ${inputs.domain} with the subject O=${inputs.organizationName}, OU=${inputs.organizationUnitName}, ${inputs.email} (fingerprint ${entry.csrPubKeyFingerPrint})`,
    };
  },

  async create(ctx, inputs, adopting) {
    const address = await ctx.hosting(inputs.hostingId);
    // Taken over (`adopt: true`): the listed CSR with the declared subject, whose key is fetched.
    const adopted =
      adopting &&
      (await listCsrs(ctx, address, inputs.domain, true))?.find(
        (e) => fingerprintKey(e.csrPubKeyFingerPrint) === fingerprintKey(parseSslCsrId(adopting.id)!.fingerprint),
      );
    const { entry, generated } = adopted
      ? { entry: adopted, generated: undefined }
      : await ctx.serial(scopeOf(inputs), () => generate(ctx, address, inputs));
    const key = { hostingId: inputs.hostingId, domain: inputs.domain, fingerprint: entry.csrPubKeyFingerPrint };
    // The generate reply is authoritative for the texts it returned, the listing for the rest,
    // and the subject is what was asked for (the listing's attribute names are not documented).
    const listed = { ...entry, csr: generated?.csr ?? entry.csr, selfSignedCert: generated?.selfSignedCert ?? entry.selfSignedCert };
    const outs = { ...outputsOf(key, listed, inputs, undefined), ...subjectFields(inputs) };
    try {
      return {
        id: sslCsrId(key),
        outs: { ...outs, privateKey: await privateKeyOf(ctx, address, inputs.domain, key.fingerprint) } as Outputs,
      };
    } catch (err) {
      // The CSR exists: keep it in state so it is not lost; the next refresh fetches the key.
      throw new PartialCreateError(
        sslCsrId(key),
        outs,
        `The CSR for ${inputs.domain} was ${adopted ? "taken over" : "generated"}, but reading its private key failed: ${messageOf(err)}. It is in state as ${sslCsrId(key)}; the next \`pulumi up\` or \`pulumi refresh\` fetches the key`,
      );
    }
  },

  async read(ctx, { id, props }) {
    const key = parseSslCsrId(id)!;
    const address = await ctx.hosting(key.hostingId);
    const entries = await listCsrs(ctx, address, key.domain, false);
    const entry = entries?.find((e) => fingerprintKey(e.csrPubKeyFingerPrint) === fingerprintKey(key.fingerprint));
    if (!entry) return undefined;
    // The key pair of a fingerprint never changes: state keeps the key; an import fetches it.
    const privateKey = props?.privateKey ?? (await privateKeyOf(ctx, address, key.domain, entry.csrPubKeyFingerPrint));
    return { outs: outputsOf(key, entry, props ?? {}, privateKey) as Outputs };
  },

  async update(ctx, id, olds, news) {
    // Every input is declared replace-on, so a change never reaches update; a CSR's subject is
    // signed into it and cannot change. The engine still calls update, with unchanged inputs,
    // for an object whose create failed part way ("generate an empty update step to attempt to
    // continue", pulumi step_generator.go): a CSR generated whose private key could not be read.
    // Finishing that create is what the next `up` must do, or the resource stays stuck; a refresh
    // in between may already have fetched the key, so unchanged inputs are never an error.
    const changed = (["hostingId", "domain", ...SUBJECT_FIELDS] as const).filter((k) => olds[k] !== news[k]);
    if (changed.length > 0)
      throw new Error(`SslCsr ${id}: a CSR cannot be changed (${changed.join(", ")}); a change of any input replaces it`);
    const key = parseSslCsrId(id)!;
    const address = await ctx.hosting(key.hostingId);
    const entry = (await listCsrs(ctx, address, key.domain, true))?.find(
      (e) => fingerprintKey(e.csrPubKeyFingerPrint) === fingerprintKey(key.fingerprint),
    );
    if (!entry)
      throw new Error(`SslCsr ${id}: the CSR is not listed any more; run \`pulumi refresh\` so that the next \`up\` generates a new one`);
    const privateKey = olds.privateKey ?? (await privateKeyOf(ctx, address, key.domain, entry.csrPubKeyFingerPrint));
    return outputsOf(key, entry, olds, privateKey) as Outputs;
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    try {
      await ctx.write("ssl.removeCsr", { ...address, domain: props.domain, csrPubKeyFingerPrint: props.fingerprint }, [scopeOf(props)]);
    } catch (err) {
      // The CSR, its domain or its hosting account is already gone.
      if (apiErrorCode(err) === "not-found") return;
      throw err;
    }
  },
});
