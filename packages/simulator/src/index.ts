/**
 * `pulumi-hosting-reseller/simulator`: a stateful twin of the reseller API over real loopback
 * HTTP, for developing and testing programs without touching a real account.
 *
 * @example
 * import { startSimulator } from "pulumi-hosting-reseller/simulator";
 * const sim = await startSimulator({ seed: "demo" });
 * console.log(sim.url, sim.apiUser, sim.apiKey);
 * sim.faults.add({ operation: "dns.getZone", kind: "rate-limit", retryAfter: 1 });
 * await sim.close();
 */
export { startSimulator, simulatorRoutes, UNKNOWN_ROUTE_STYLES } from "./server";
export type { Simulator, SimulatorOptions, RequestLog, RequestLogEntry, UnknownRouteStyle } from "./server";
export type { FaultKind, FaultSpec, Faults } from "./faults";
export { parseRateLimit } from "./rate-limit";
export type { RateLimitSpec } from "./rate-limit";
export { demoState, emptyState, seedState, defaultZone, PROVIDER_NAMESERVERS, DEFAULT_API_KEY, DEFAULT_API_USER } from "./seed";
export type { SeedName } from "./seed";
export type * from "./state";
export { SimError, SimReply } from "./types";
export type { SimArea, SimBehaviour, SimContext, Resolver, SimHandlers, SimParams, KeyContext, OpContext } from "./types";
export { generateSelfSigned, generateCsr } from "./x509";
