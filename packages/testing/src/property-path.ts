/**
 * Property paths as the engine reads them in `ignoreChanges` and `replaceOnChanges`
 * (`root.nested`, `root["key.with.dot"]`, `list[0]`, `map[*]`), and the "reset" that
 * `ignoreChanges` applies: `ParsePropertyPath` and `PropertyPath.Reset` in
 * `sdk/go/common/resource/properties_path.go` (v3.248.0), over values in wire form.
 */
import { isSecretValue, makeSecret, type WireMap, type WireValue } from "./wire";

/** One step of a property path: a property name (`*` for any) or an array index. */
export type PathElement = string | number;

/**
 * Parses a property path the way the engine does (`ParsePropertyPath`, non-strict: any run of
 * characters up to the next `.` or `[` is a name).
 *
 * @example
 * parsePropertyPath('records[0]["value"]'); // ["records", 0, "value"]
 */
export function parsePropertyPath(text: string): PathElement[] {
  const elements: PathElement[] = [];
  if (text.startsWith(".")) throw new Error("expected property path to start with a name or index");
  let path = text;
  while (path.length > 0) {
    if (path[0] === ".") {
      path = path.slice(1);
      if (path.length === 0) throw new Error("expected property path to end with a name or index");
      continue;
    }
    const step = path[0] !== "[" ? parseName(path) : path[1] === '"' ? parseQuotedName(path) : parseIndex(path);
    elements.push(step.element);
    path = step.rest;
  }
  return elements;
}

interface ParsedElement {
  element: PathElement;
  rest: string;
}

/** A bare name: every character up to the next `.` or `[`. */
function parseName(path: string): ParsedElement {
  const end = path.search(/[.[]/);
  return end === -1 ? { element: path, rest: "" } : { element: path.slice(0, end), rest: path.slice(end) };
}

/** `["name"]`, where `\"` stands for a quote inside the name. */
function parseQuotedName(path: string): ParsedElement {
  let key = "";
  let i = 2;
  while (path[i] !== '"') {
    if (i >= path.length) throw new Error("missing closing quote in property name");
    const escaped = path[i] === "\\" && path[i + 1] === '"';
    key += escaped ? '"' : path[i];
    i += escaped ? 2 : 1;
  }
  if (path[i + 1] !== "]") throw new Error("missing closing bracket in property access");
  return { element: key, rest: path.slice(i + 2) };
}

/** `[3]` or `[*]`. */
function parseIndex(path: string): ParsedElement {
  const close = path.indexOf("]");
  if (close === -1) throw new Error("missing closing bracket in array index");
  const segment = path.slice(1, close);
  if (segment !== "*" && !/^-?\d+$/.test(segment)) throw new Error(`invalid array index: ${segment}`);
  return { element: segment === "*" ? "*" : Number(segment), rest: path.slice(close + 1) };
}

function isObject(value: WireValue | undefined): value is { [key: string]: WireValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !isSecretValue(value);
}

function unwrap(value: WireValue | undefined): { value: WireValue | undefined; secret: boolean } {
  let secret = false;
  let current = value;
  while (isSecretValue(current)) {
    secret = true;
    current = current.value ?? null;
  }
  return { value: current, secret };
}

/** Whether the value being reset sits inside a secret, in the old and in the new value. */
interface Secrecy {
  oldSecret: boolean;
  newSecret: boolean;
}

function copied(value: WireValue, { oldSecret, newSecret }: Secrecy): WireValue {
  // A value taken from inside an old secret into a place that is not secret stays secret.
  return oldSecret && !newSecret ? makeSecret(value) : value;
}

/** `PropertyPath.reset`: sets the value at `path` in `next` (mutated) to the value in `prev`; false on a path error. */
function reset(path: PathElement[], prevValue: WireValue | undefined, nextValue: WireValue | undefined, outer: Secrecy): boolean {
  if (path.length === 0) return false;
  const p = unwrap(prevValue);
  const n = unwrap(nextValue);
  const secrecy = { oldSecret: outer.oldSecret || p.secret, newSecret: outer.newSecret || n.secret };
  const [key, ...rest] = path as [PathElement, ...PathElement[]];
  if (typeof key === "number") return resetIndex(key, rest, p.value, n.value, secrecy);
  if (key !== "*") return resetName(key, rest, p.value, n.value, secrecy);
  return rest.length === 0 ? resetEvery(p.value, n.value, secrecy) : resetWithinEvery(rest, p.value, n.value, secrecy);
}

/** `list[3]...`: an index past the end of both lists is a no-op at the leaf; past the end of one, an error. */
function resetIndex(key: number, rest: PathElement[], prev: WireValue | undefined, next: WireValue | undefined, secrecy: Secrecy): boolean {
  if (key < 0) return false;
  if (!Array.isArray(prev) || !Array.isArray(next)) return !Array.isArray(prev) && !Array.isArray(next);
  if (key >= prev.length && key >= next.length) return rest.length === 0;
  if (key >= prev.length || key >= next.length) return false;
  if (rest.length > 0) return reset(rest, prev[key], next[key], secrecy);
  next[key] = copied(prev[key] as WireValue, secrecy);
  return true;
}

/** `map[*]` or `list[*]` at the end of the path: the whole map or list takes the old values. */
function resetEvery(prev: WireValue | undefined, next: WireValue | undefined, secrecy: Secrecy): boolean {
  if (isObject(next)) {
    if (!isObject(prev)) return true;
    for (const [k, v] of Object.entries(prev)) next[k] = copied(v, secrecy);
    for (const k of Object.keys(next)) if (!(k in prev)) delete next[k];
    return true;
  }
  if (!Array.isArray(next)) return false;
  if (!Array.isArray(prev)) return true;
  for (let i = 0; i < prev.length && i < next.length; i += 1) next[i] = copied(prev[i] as WireValue, secrecy);
  return prev.length === next.length;
}

/** `map[*].rest` or `list[*].rest`: the rest of the path is reset in every element both sides have. */
function resetWithinEvery(rest: PathElement[], prev: WireValue | undefined, next: WireValue | undefined, secrecy: Secrecy): boolean {
  if (isObject(prev) && isObject(next)) return Object.keys(prev).every((k) => k in next && reset(rest, prev[k], next[k], secrecy));
  if (!Array.isArray(prev) || !Array.isArray(next)) return false;
  for (let i = 0; i < prev.length && i < next.length; i += 1) {
    if (!reset(rest, prev[i], next[i], secrecy)) return false;
  }
  return prev.length === next.length;
}

/** `name...`: a name the old value lacks is removed at the leaf. */
function resetName(key: string, rest: PathElement[], prev: WireValue | undefined, next: WireValue | undefined, secrecy: Secrecy): boolean {
  if (rest.length === 0) {
    if (!isObject(prev) || !(key in prev)) {
      if (isObject(next)) delete next[key];
      return true;
    }
    if (!isObject(next)) return false;
    next[key] = copied(prev[key] as WireValue, secrecy);
    return true;
  }
  if (!isObject(prev) || !isObject(next)) return !isObject(prev) && !isObject(next);
  if (!(key in next)) return !(key in prev);
  return reset(rest, prev[key], next[key], secrecy);
}

/**
 * `processIgnoreChanges` (`step_generator.go`): the new inputs with the value at each ignored
 * path put back to its old value (a path the old inputs lack is removed), before Check. Paths
 * that cannot be reset (an element added to or removed from a list) are returned in `invalid`;
 * the engine reports them as an info message and leaves those values as the program set them.
 *
 * @example
 * processIgnoreChanges({ ttl: 60, name: "www" }, { ttl: 300, name: "www" }, ["ttl"]).inputs; // { ttl: 300, name: "www" }
 */
export function processIgnoreChanges(
  inputs: WireMap,
  oldInputs: WireMap,
  ignoreChanges: readonly string[],
): { inputs: WireMap; invalid: string[] } {
  const result = structuredClone(inputs);
  const invalid: string[] = [];
  for (const ignored of ignoreChanges) {
    let path: PathElement[];
    try {
      path = parsePropertyPath(ignored);
    } catch {
      continue;
    }
    if (!reset(path, oldInputs, result, { oldSecret: false, newSecret: false })) invalid.push(ignored);
  }
  return { inputs: result, invalid };
}

/**
 * `PropertyPath.Contains` for a top-level key: whether the path `pattern` names `key` or all of
 * its properties (`*`), which is how `replaceOnChanges` is matched against changed keys.
 */
export function pathCoversKey(pattern: string, key: string): boolean {
  let path: PathElement[];
  try {
    path = parsePropertyPath(pattern);
  } catch {
    return false;
  }
  return path.length === 1 && (path[0] === "*" || path[0] === key);
}
