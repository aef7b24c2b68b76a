/**
 * The sample outputs the docs show are what the commands print now: `reseller ping` and
 * `reseller generate` run again against the simulator, through the masks of
 * `npm run docs:samples` (ports, durations, digests), and must equal the committed blocks.
 * The demo's samples are compared in test/engine/demo.test.ts, on the runs it already makes.
 */
import { describe, expect, it } from "vitest";
import { committedSample, generateSample, pingSample, routeNotFoundSample } from "../../scripts/doc-samples";
import { STEP_TIMEOUT } from "../helpers/time";

describe("sample outputs in docs/ (npm run docs:samples rewrites them)", () => {
  it(
    "docs/installation.md shows what reseller ping prints, allowed and refused",
    async () => {
      expect(committedSample("ping")).toBe(`${(await pingSample()).trimEnd()}\n`);
    },
    STEP_TIMEOUT,
  );

  it(
    "docs/generate.md shows what reseller generate prints and the index.ts it writes",
    async () => {
      const fresh = await generateSample();
      expect(committedSample("generate")).toBe(`${fresh.console.trimEnd()}\n`);
      expect(committedSample("generate-index")).toBe(`${fresh.program.trimEnd()}\n`);
    },
    STEP_TIMEOUT,
  );

  it(
    "docs/first-day.md shows the line a read at a route the API does not have fails with",
    async () => {
      expect(committedSample("route-not-found")).toBe(`${(await routeNotFoundSample()).trimEnd()}\n`);
    },
    STEP_TIMEOUT,
  );
});
