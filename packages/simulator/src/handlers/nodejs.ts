/**
 * Node.js: the interpreter versions available to a hosting account and its applications. The
 * document shows only these two reads (v4 document, general rule 7); applications are set up in
 * the state (the demo seed has one on hosting 101).
 */
import type { SimArea, SimContext } from "../types";
import { DEMO_HOSTING } from "./shared";

function versions(ctx: SimContext) {
  const { interpreter, versions: available } = ctx.hosting().nodejs;
  return { interpreter, versions: [...available] };
}

/** The application list; both versions name it `data` (our choice, see the endpoint file). */
function applications(ctx: SimContext) {
  return { data: ctx.hosting().nodejs.applications.map((app) => ({ ...app })) };
}

/** Handlers and samples of the Node.js operations. */
export const nodejsArea: SimArea = {
  name: "nodejs",
  handlers: {
    "nodejs.listVersions": versions,
    "nodejs.listApplications": applications,
  },
  samples: {
    "v4.nodejs.listVersions": () => ({ id: 101 }),
    "v3.nodejs.listVersions": () => ({ ...DEMO_HOSTING.v3 }),
    "v4.nodejs.listApplications": () => ({ id: 101 }),
    "v3.nodejs.listApplications": () => ({ ...DEMO_HOSTING.v3 }),
  },
};
