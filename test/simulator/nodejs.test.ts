import { describe, expect, it } from "vitest";
import { HOSTING, useSimulator } from "../helpers/sim";

const SEEDED_APP = {
  appRoot: "apps/api",
  version: "20",
  uri: "api",
  domain: "agency-demo.com",
  startupFile: "server.js",
  status: "started",
  virtualenvPath: "/home/agencyde/nodevenv/apps/api/20/bin/activate",
};

describe("Node.js against the simulator", () => {
  const t = useSimulator({ version: "v4" });

  it("lists the interpreter and its versions on v4", async () => {
    const reply = await t.client.request("v4.nodejs.listVersions", { id: 101 });
    expect(reply).toMatchObject({ interpreter: "nodejs", versions: ["18", "20", "22"] });
  });

  it("answers the interpreter and its versions on v3 as on v4, once the client undoes v3's data", async () => {
    const reply = await t.clientFor("v3").request("v3.nodejs.listVersions", HOSTING.v3);
    expect(reply.data).toBeUndefined();
    expect(reply).toMatchObject({ interpreter: "nodejs", versions: ["18", "20", "22"] });
  });

  it("follows the versions the store offers", async () => {
    t.sim.store.hostings["101"]!.nodejs.versions = ["22", "24"];
    const reply = await t.client.request("v4.nodejs.listVersions", { id: 101 });
    expect(reply.versions).toEqual(["22", "24"]);
  });

  it("lists the seeded application of hosting 101 with every field on v4", async () => {
    const { data } = await t.client.request("v4.nodejs.listApplications", { id: 101 });
    expect(data).toEqual([SEEDED_APP]);
  });

  it("lists the same applications on v3 and an empty list for an account without any", async () => {
    const v3 = t.clientFor("v3");
    expect((await v3.request("v3.nodejs.listApplications", HOSTING.v3)).data).toEqual([SEEDED_APP]);
    expect((await v3.request("v3.nodejs.listApplications", { id: 102, username: "stagingx" })).data).toEqual([]);
  });

  it("shows an application set up in the store", async () => {
    t.sim.store.hostings["102"]!.nodejs.applications.push({
      appRoot: "worker",
      version: "22",
      uri: "",
      domain: "staging-agency.com",
      startupFile: "index.js",
      status: "stopped",
      virtualenvPath: "/home/stagingx/nodevenv/worker/22/bin/activate",
    });
    const { data } = await t.client.request("v4.nodejs.listApplications", { id: 102 });
    expect(data).toEqual([expect.objectContaining({ appRoot: "worker", status: "stopped", version: "22" })]);
  });

  it("answers not-found for a hosting account that does not exist", async () => {
    await expect(t.client.request("nodejs.listApplications", { id: 404 })).rejects.toMatchObject({ code: "not-found", status: 404 });
  });
});
