/**
 * What users and state depend on in the endpoint table does not move: every `"<version>.<id>"`
 * key keeps its method, path, parameter placement, safety, evidence, source, envelope and request
 * schema. The snapshot was taken from the table before it was reshaped into one row per
 * operation; a change here is a change users see, and must be deliberate.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { EndpointDef } from "../../src/client/endpoint";
import { endpoints } from "../../src/client/endpoints";

const table = endpoints as Record<string, EndpointDef>;

describe("the endpoint keys", () => {
  it("keep their route, placement, safety, evidence and request schema", () => {
    const pinned = Object.fromEntries(
      Object.keys(table)
        .sort()
        .map((key) => {
          const e = table[key]!;
          return [
            key,
            {
              method: e.method,
              path: e.path,
              params: e.params,
              safety: e.safety,
              evidence: e.evidence,
              source: e.source,
              envelope: e.envelope,
              request: z.toJSONSchema(e.request, { io: "input", unrepresentable: "any" }),
            },
          ];
        }),
    );
    expect(pinned).toMatchSnapshot();
  });
});
