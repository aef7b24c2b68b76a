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
    if (path[0] === "[") {
      if (path[1] === '"') {
        let key = "";
        let i = 2;
        for (;;) {
          if (i >= path.length) throw new Error("missing closing quote in property name");
          if (path[i] === '"') {
            i += 1;
            break;
          }
          if (path[i] === "\\" && path[i + 1] === '"') {
            key += '"';
            i += 2;
          } else {
            key += path[i];
            i += 1;
          }
        }
        if (path[i] !== "]") throw new Error("missing closing bracket in property access");
        elements.push(key);
        path = path.slice(i + 1);
      } else {
        const close = path.indexOf("]");
        if (close === -1) throw new Error("missing closing bracket in array index");
        const segment = path.slice(1, close);
        if (segment === "*") {
          elements.push("*");
        } else {
          if (!/^-?\d+$/.test(segment)) throw new Error(`invalid array index: ${segment}`);
          elements.push(Number(segment));
        }
        path = path.slice(close + 1);
      }
      continue;
    }
    const end = path.search(/[.[]/);
    const name = end === -1 ? path : path.slice(0, end);
    elements.push(name);
    path = end === -1 ? "" : path.slice(end);
  }
  return elements;
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

function copied(value: WireValue, oldSecret: boolean, newSecret: boolean): WireValue {
  // A value taken from inside an old secret into a place that is not secret stays secret.
  return oldSecret && !newSecret ? makeSecret(value) : value;
}

/** `PropertyPath.reset`: sets the value at `path` in `next` (mutated) to the value in `prev`; false on a path error. */
function reset(path: PathElement[], prevValue: WireValue | undefined, nextValue: WireValue | undefined, prevSecret: boolean, nextSecret: boolean): boolean {
  if (path.length === 0) return false;
  const p = unwrap(prevValue);
  const n = unwrap(nextValue);
  const prev = p.value;
  const next = n.value;
  const oldSecret = prevSecret || p.secret;
  const newSecret = nextSecret || n.secret;
  const [key, ...rest] = path as [PathElement, ...PathElement[]];
  const leaf = rest.length === 0;

  if (typeof key === "number") {
    if (key < 0) return false;
    if (!Array.isArray(prev) || !Array.isArray(next)) return !Array.isArray(prev) && !Array.isArray(next);
    if (key >= prev.length && key >= next.length) return leaf;
    if (key >= prev.length || key >= next.length) return false;
    if (leaf) {
      next[key] = copied(prev[key] as WireValue, oldSecret, newSecret);
      return true;
    }
    return reset(rest, prev[key], next[key], oldSecret, newSecret);
  }

  if (key === "*") {
    if (leaf) {
      if (isObject(next)) {
        if (isObject(prev)) {
          for (const [k, v] of Object.entries(prev)) next[k] = copied(v, oldSecret, newSecret);
          for (const k of Object.keys(next)) if (!(k in prev)) delete next[k];
        }
        return true;
      }
      if (Array.isArray(next)) {
        if (Array.isArray(prev)) {
          for (let i = 0; i < prev.length && i < next.length; i += 1) next[i] = copied(prev[i] as WireValue, oldSecret, newSecret);
          if (prev.length !== next.length) return false;
        }
        return true;
      }
      return false;
    }
    if (isObject(prev) && isObject(next)) {
      for (const k of Object.keys(prev)) {
        if (!(k in next)) return false;
        if (!reset(rest, prev[k], next[k], oldSecret, newSecret)) return false;
      }
      return true;
    }
    if (Array.isArray(prev) && Array.isArray(next)) {
      for (let i = 0; i < prev.length && i < next.length; i += 1) {
        if (!reset(rest, prev[i], next[i], oldSecret, newSecret)) return false;
      }
      return prev.length === next.length;
    }
    return false;
  }

  if (leaf) {
    if (isObject(prev) && key in prev) {
      if (!isObject(next)) return false;
      next[key] = copied(prev[key] as WireValue, oldSecret, newSecret);
    } else if (isObject(next)) {
      delete next[key];
    }
    return true;
  }
  if (!isObject(prev) || !isObject(next)) return !isObject(prev) && !isObject(next);
  const hasPrev = key in prev;
  const hasNext = key in next;
  if (hasPrev && !hasNext) return false;
  if (!hasPrev && !hasNext) return true;
  return reset(rest, prev[key], next[key], oldSecret, newSecret);
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
export function processIgnoreChanges(inputs: WireMap, oldInputs: WireMap, ignoreChanges: readonly string[]): { inputs: WireMap; invalid: string[] } {
  const result = structuredClone(inputs);
  const invalid: string[] = [];
  for (const ignored of ignoreChanges) {
    let path: PathElement[];
    try {
      path = parsePropertyPath(ignored);
    } catch {
      continue;
    }
    if (!reset(path, oldInputs, result, false, false)) invalid.push(ignored);
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
