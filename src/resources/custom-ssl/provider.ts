/**
 * CustomSsl lifecycle: a custom certificate installed for a domain of a hosting account, in place
 * of the automatic one.
 *
 * API calls (v4 and v3 only: the legacy document lists no v2 SSL operation; every path a pattern
 * guess, catalog §1 #19-22 and §2 #17-26, INFERRED-L; v3 answers results inside `data`):
 * - `ssl.validateCustom` before every install: the API's own verdict on the certificate for the
 *   domain (`valid`, with the reason in `message` when the simulator gives one), so a refusal
 *   stops before anything is written;
 * - `ssl.installCustom` (`certificate`, `privateKey`) for create and update; installing over a
 *   certificate replaces it, so a repeat is harmless (idempotent);
 * - `ssl.getCustom` for read: the installed `cert` and `key`, 404 when none is installed;
 * - `ssl.deleteCustom` for delete, which returns the domain to its automatic certificate (v4
 *   document: "Delete custom SSL (reverts to the automatic certificate)").
 *
 * Identity read (`find`, docs/decisions/0019): a domain has one custom certificate slot, and
 * `ssl.getCustom` answers the one installed (404 when none is). The runtime runs it before the
 * create: a custom certificate installed outside the stack is not replaced silently (a destroy
 * would then delete it, returning the domain to the automatic one) unless `adopt: true`, which
 * installs the declared certificate in its place. The install is idempotent, so the client may
 * repeat it; one whose reply could not be read is settled by the same read, polled by the runtime.
 */
import type { X509Certificate } from "node:crypto";
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { unlessNotFound } from "../../provider/lifecycle/errors";
import { createdBy } from "../../provider/runtime/settle";
import { hostingDomainId, hostingDomainIdentity, parseHostingDomainId } from "../../provider/lifecycle/ids";
import {
  canonicalPair,
  certificateDetails,
  customSslInputs,
  normalizeCustomSsl,
  parseCertificateChain,
  type CertificateDetails,
  type CustomSslInputs,
  type CustomSslOutputs,
} from "./schema";

type Inputs = CustomSslInputs;
type Outputs = CustomSslOutputs;

/** Cache and write scope: the SSL setting of one domain of one account. */
const scopeOf = (v: { hostingId: number; domain: string }) => `ssl:${v.hostingId}:${v.domain}`;

/**
 * The resource's id: `<hostingId>/<domain>`, the shared form of per-domain objects.
 *
 * @example
 * customSslId({ hostingId: 101, domain: "agency-demo.com" }); // "101/agency-demo.com"
 */
export const customSslId: (v: { hostingId: number; domain: string }) => string = hostingDomainId;

/**
 * What an id names, or undefined when it is not `<hostingId>/<domain>`.
 *
 * @example
 * parseCustomSslId("101/Café.com"); // { hostingId: 101, domain: "xn--caf-dma.com" }
 */
export const parseCustomSslId: (id: string) => Pick<Inputs, "hostingId" | "domain"> | undefined = parseHostingDomainId;

function details(leaf: X509Certificate | undefined): CertificateDetails {
  if (leaf) return certificateDetails(leaf);
  // The API holds something that is not a certificate: empty details, so the diff shows it.
  return { fingerprint: "", subject: "", issuer: "", notBefore: "", notAfter: "", subjectAltNames: [] };
}

function outputsOf(v: Inputs): Outputs {
  const chain = parseCertificateChain(v.certificate);
  return { ...v, ...details(chain.ok ? chain.chain[0] : undefined) };
}

/**
 * Asks the API to validate the certificate, then installs it with its key. For a create, an
 * install whose reply could not be read is settled by the identity read (`createdBy`).
 */
async function install(ctx: ProviderContext, v: Inputs, creating = false): Promise<void> {
  const address = await ctx.hosting(v.hostingId);
  const site = { ...address, domain: v.domain };
  await ctx.serial(scopeOf(v), async () => {
    const verdict = await ctx.request("ssl.validateCustom", { ...site, certificate: v.certificate });
    if (verdict.valid !== true) {
      throw new Error(
        `The API refused the certificate for ${v.domain} on hosting account ${v.hostingId}` +
          `${verdict.message ? `: ${verdict.message}` : " (ssl.validateCustom answered valid: false)"}; nothing was installed`,
      );
    }
    const write = () => ctx.write("ssl.installCustom", { ...site, certificate: v.certificate, privateKey: v.privateKey }, [scopeOf(v)]);
    await (creating ? createdBy(write) : write());
  });
}

/**
 * The CustomSsl declaration: identity is the hosting account and the domain; a new certificate
 * or key is installed in place; destroy returns the domain to its automatic certificate.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("CustomSsl").secretOutputs; // ["privateKey"]
 */
export const customSslDefinition = defineResource<typeof customSslInputs, Inputs, Outputs>({
  type: "CustomSsl",
  inputs: customSslInputs,
  normalize: (v, issue) => normalizeCustomSsl(v, issue),
  ...hostingDomainIdentity,
  secretOutputs: ["privateKey"],
  onMissing: "remove",
  requires: () => [
    {
      property: "certificate",
      operations: ["ssl.validateCustom", "ssl.installCustom", "ssl.getCustom", "ssl.deleteCustom"],
      reason: "CustomSsl works with apiVersion v4 or v3 only",
    },
  ],

  async find(ctx, inputs, { fresh }) {
    const address = await ctx.hosting(inputs.hostingId);
    const params = { ...address, domain: inputs.domain };
    const live = await unlessNotFound(() =>
      fresh ? ctx.request("ssl.getCustom", params) : ctx.read("ssl.getCustom", params, [scopeOf(inputs)]),
    );
    if (live === undefined) return undefined;
    const found = details(canonicalPair(live.cert ?? "", live.key ?? "").leaf);
    const what =
      found.fingerprint === "" ? "" : ` (${found.subject}, valid until ${found.notAfter}, SHA-256 ${found.fingerprint.slice(0, 23)}…)`;
    return { id: customSslId(inputs), description: `the custom certificate of ${inputs.domain}${what}` };
  },

  async create(ctx, inputs) {
    // With `adopt: true` this replaces the custom certificate the domain had (found above).
    await install(ctx, inputs, true);
    return { id: customSslId(inputs), outs: outputsOf(inputs) };
  },

  async read(ctx, { key, props }) {
    const v = { ...key, ...(props ?? {}) } as Partial<Outputs> & Pick<Inputs, "hostingId" | "domain">;
    // Not found: no custom certificate (the automatic one serves the domain), or the domain left the account.
    const reply = await unlessNotFound(async () =>
      ctx.read("ssl.getCustom", { ...(await ctx.hosting(v.hostingId)), domain: v.domain }, [scopeOf(v)]),
    );
    if (reply === undefined) return undefined;
    const pair = canonicalPair(reply.cert, reply.key);
    const found = details(pair.leaf);
    // The same certificate as in state: keep the state's pair as it is, so nothing shows as changed.
    if (props && props.fingerprint !== undefined && found.fingerprint !== "" && found.fingerprint === props.fingerprint) {
      return {
        outs: outputsOf({ hostingId: v.hostingId, domain: v.domain, certificate: props.certificate!, privateKey: props.privateKey! }),
      };
    }
    return { outs: { hostingId: v.hostingId, domain: v.domain, certificate: pair.certificate, privateKey: pair.privateKey, ...found } };
  },

  async update(ctx, _id, _olds, news) {
    await install(ctx, news);
    return outputsOf(news);
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    // Not found: no custom certificate any more (or the domain is gone), so the domain already uses its automatic one.
    await ctx.serial(scopeOf(props), () =>
      unlessNotFound(() => ctx.write("ssl.deleteCustom", { ...address, domain: props.domain }, [scopeOf(props)])),
    );
  },
});
