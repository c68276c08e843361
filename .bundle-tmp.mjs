// .prof/runp.ts
import { parse } from "yaml";
import { Session } from "node:inspector/promises";
import fs from "node:fs";

// src/engine/clock.ts
var DEFAULT_START = Date.parse("2026-01-01T00:00:00Z");
var Clock = class {
  constructor(ms = DEFAULT_START) {
    this.ms = ms;
  }
  ms;
  now() {
    return this.ms;
  }
  set(ms) {
    if (ms < this.ms) throw new Error(`clock cannot go back from ${this.ms} to ${ms}`);
    this.ms = ms;
  }
  /** RFC 3339 with second precision, as Kubernetes serializes metav1.Time. */
  iso(ms = this.ms) {
    return rfc3339(ms);
  }
};
var lastSecond = Number.NaN;
var lastText = "";
function rfc3339(ms) {
  const sec = Math.floor(ms / 1e3);
  if (sec !== lastSecond) {
    lastSecond = sec;
    lastText = new Date(sec * 1e3).toISOString().replace(".000Z", "Z");
  }
  return lastText;
}
function parseTime(s2) {
  if (!s2) return void 0;
  const t = Date.parse(s2);
  return Number.isNaN(t) ? void 0 : t;
}

// src/engine/random.ts
var Random = class {
  state;
  constructor(seed) {
    this.state = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next() {
    let t = this.state = this.state + 1831565813 >>> 0;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  }
  int(n2) {
    return Math.floor(this.next() * n2);
  }
  getState() {
    return this.state;
  }
  setState(s2) {
    this.state = s2 >>> 0;
  }
};
var NAME_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
var MAX_NAME_LENGTH = 63;
var RANDOM_LENGTH = 5;
var MAX_GENERATED_NAME_LENGTH = MAX_NAME_LENGTH - RANDOM_LENGTH;
function generateName(base, rand) {
  const b = base.length > MAX_GENERATED_NAME_LENGTH ? base.slice(0, MAX_GENERATED_NAME_LENGTH) : base;
  let s2 = "";
  for (let i = 0; i < RANDOM_LENGTH; i++) s2 += NAME_ALPHABET[rand.int(NAME_ALPHABET.length)];
  return b + s2;
}
function safeEncodeString(s2) {
  let out = "";
  for (let i = 0; i < s2.length; i++) out += NAME_ALPHABET[s2.charCodeAt(i) % NAME_ALPHABET.length];
  return out;
}

// src/engine/api/types.ts
var NAMESPACED = {
  Namespace: false,
  Node: false,
  Pod: true,
  DaemonSet: true,
  ControllerRevision: true,
  Event: true
};
var API_VERSION = {
  Namespace: "v1",
  Node: "v1",
  Pod: "v1",
  DaemonSet: "apps/v1",
  ControllerRevision: "apps/v1",
  Event: "v1"
};
var RESOURCE = {
  Namespace: { plural: "namespaces", group: "" },
  Node: { plural: "nodes", group: "" },
  Pod: { plural: "pods", group: "" },
  DaemonSet: { plural: "daemonsets", group: "apps" },
  ControllerRevision: { plural: "controllerrevisions", group: "apps" },
  Event: { plural: "events", group: "" }
};
function qualifiedResource(kind) {
  const r = RESOURCE[kind];
  return r.group ? `${r.plural}.${r.group}` : r.plural;
}
function isKind(s2) {
  return Object.prototype.hasOwnProperty.call(NAMESPACED, s2);
}

// src/engine/api/own.ts
function hasOwn(o, key) {
  return o !== null && o !== void 0 && Object.prototype.hasOwnProperty.call(o, key);
}
function ownGet(o, key) {
  return hasOwn(o, key) ? o[key] : void 0;
}
function ownSet(o, key, value) {
  if (key === "__proto__") Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  else o[key] = value;
}

// src/engine/api/objects.ts
function clone(v) {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    const out2 = [];
    for (let i = 0; i < v.length; i++) out2.push(clone(v[i]));
    return out2;
  }
  const out = {};
  const src = v;
  for (const k in src) {
    if (!Object.prototype.hasOwnProperty.call(src, k)) continue;
    const x = src[k];
    if (x !== void 0) ownSet(out, k, clone(x));
  }
  return out;
}
function cloneUnfrozen(v) {
  if (v === null || typeof v !== "object" || Object.isFrozen(v)) return v;
  if (Array.isArray(v)) {
    const out2 = [];
    for (let i = 0; i < v.length; i++) out2.push(cloneUnfrozen(v[i]));
    return out2;
  }
  const out = {};
  const src = v;
  for (const k in src) {
    if (!Object.prototype.hasOwnProperty.call(src, k)) continue;
    const x = src[k];
    if (x !== void 0) ownSet(out, k, cloneUnfrozen(x));
  }
  return out;
}
function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b;
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], bb[i])) return false;
    return true;
  }
  const ao = a;
  const bo = b;
  let na = 0;
  for (const k in ao) {
    if (!Object.prototype.hasOwnProperty.call(ao, k)) continue;
    const v = ao[k];
    if (v === void 0) continue;
    na++;
    if (!Object.prototype.hasOwnProperty.call(bo, k) || !deepEqual(v, bo[k])) return false;
  }
  let nb = 0;
  for (const k in bo) if (Object.prototype.hasOwnProperty.call(bo, k) && bo[k] !== void 0) nb++;
  return na === nb;
}
function deepFreeze(v) {
  if (v === null || typeof v !== "object" || Object.isFrozen(v)) return v;
  Object.freeze(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (x !== null && typeof x === "object") deepFreeze(x);
    }
    return v;
  }
  const o = v;
  for (const k in o) {
    const x = o[k];
    if (x !== null && typeof x === "object") deepFreeze(x);
  }
  return v;
}
function canonicalJSON(v) {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) {
    let s3 = "[";
    for (let i = 0; i < v.length; i++) {
      if (i > 0) s3 += ",";
      if (i in v) s3 += canonicalJSON(v[i]) ?? "";
    }
    return `${s3}]`;
  }
  const o = v;
  const keys = Object.keys(o);
  let n2 = 0;
  for (let i = 0; i < keys.length; i++) if (o[keys[i]] !== void 0) keys[n2++] = keys[i];
  keys.length = n2;
  keys.sort();
  let s2 = "{";
  for (let i = 0; i < n2; i++) {
    if (i > 0) s2 += ",";
    s2 += `${JSON.stringify(keys[i])}:${canonicalJSON(o[keys[i]])}`;
  }
  return `${s2}}`;
}
function pushAll(out, items) {
  for (const x of items) out.push(x);
  return out;
}

// src/engine/api/errors.ts
var StatusError = class extends Error {
  code;
  reason;
  fieldErrors;
  /** the object an Invalid error is about */
  details;
  /** causes without a field (a generic server response) */
  causes;
  constructor(code, reason, message, fieldErrors = []) {
    super(message);
    this.code = code;
    this.reason = reason;
    this.fieldErrors = fieldErrors;
  }
};
function notFound(kind, name) {
  return new StatusError(404, "NotFound", `${qualifiedResource(kind)} "${name}" not found`);
}
function alreadyExists(kind, name) {
  return new StatusError(409, "AlreadyExists", `${qualifiedResource(kind)} "${name}" already exists`);
}
function badRequest(message) {
  return new StatusError(400, "BadRequest", message);
}
var GO_ESCAPES = /* @__PURE__ */ new Map([
  ["\x07", "\\a"],
  ["\b", "\\b"],
  ["\f", "\\f"],
  ["\n", "\\n"],
  ["\r", "\\r"],
  ["	", "\\t"],
  ["\v", "\\v"],
  ['"', '\\"'],
  ["\\", "\\\\"]
]);
var GO_PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
function goQuote(s2) {
  let out = '"';
  for (const ch of s2) {
    const named = GO_ESCAPES.get(ch);
    const c2 = ch.codePointAt(0);
    if (named) out += named;
    else if (c2 < 32 || c2 === 127) out += `\\x${c2.toString(16).padStart(2, "0")}`;
    else if (c2 >= 55296 && c2 <= 57343) out += "\uFFFD";
    else if (GO_PRINTABLE.test(ch)) out += ch;
    else if (c2 > 65535) out += `\\U${c2.toString(16).padStart(8, "0")}`;
    else out += `\\u${c2.toString(16).padStart(4, "0")}`;
  }
  return `${out}"`;
}
function formatFieldValue(v) {
  if (v === void 0 || v === null) return "null";
  if (typeof v === "string") return goQuote(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[]string{${v.map((x) => JSON.stringify(String(x))).join(", ")}}`;
  if (typeof v === "object") {
    if (!Object.values(v).every((x) => typeof x === "string")) return canonicalJSON(v);
    const entries = Object.entries(v).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    return `map[string]string{${entries.map(([k, x]) => `${JSON.stringify(k)}:${JSON.stringify(String(x))}`).join(", ")}}`;
  }
  return String(v);
}
function formatFieldError(e) {
  switch (e.type) {
    case "Required value":
      return `${e.field}: Required value${e.detail ? `: ${e.detail}` : ""}`;
    case "Forbidden":
      return `${e.field}: Forbidden${e.detail ? `: ${e.detail}` : ""}`;
    case "Unsupported value":
      return `${e.field}: Unsupported value: ${formatFieldValue(e.value)}${e.supported ? `: supported values: ${e.supported.map((s2) => JSON.stringify(s2)).join(", ")}` : ""}`;
    case "Duplicate value":
      return `${e.field}: Duplicate value: ${formatFieldValue(e.value)}`;
    case "Not found":
      return `${e.field}: Not found: ${formatFieldValue(e.value)}`;
    case "Too long":
      return `${e.field}: Too long: ${e.detail ?? ""}`;
    case "Invalid value":
    default:
      return `${e.field}: Invalid value: ${formatFieldValue(e.value)}${e.detail ? `: ${e.detail}` : ""}`;
  }
}
function invalid(kind, name, errs) {
  const parts = errs.map(formatFieldError);
  const body = parts.length === 1 ? parts[0] : `[${parts.join(", ")}]`;
  const group = RESOURCE[kind].group;
  const e = new StatusError(422, "Invalid", `${group ? `${kind}.${group}` : kind} "${name}" is invalid: ${body}`, errs);
  e.details = { kind, name };
  return e;
}

// src/engine/api/labels.ts
function matches(selector, labels) {
  const l = labels ?? {};
  for (const r of selector) {
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    switch (r.operator) {
      case "=":
      case "In":
        if (!has || !r.values.includes(l[r.key])) return false;
        break;
      case "!=":
      case "NotIn":
        if (has && r.values.includes(l[r.key])) return false;
        break;
      case "Exists":
        if (!has) return false;
        break;
      case "DoesNotExist":
        if (has) return false;
        break;
    }
  }
  return true;
}
function fromLabelSelector(ls) {
  if (!ls) return null;
  const out = [];
  for (const k of Object.keys(ls.matchLabels ?? {}).sort()) {
    out.push({ key: k, operator: "=", values: [ls.matchLabels[k]] });
  }
  for (const e of ls.matchExpressions ?? []) {
    out.push({ key: e.key, operator: e.operator, values: [...e.values ?? []].sort() });
  }
  return out;
}
function isEmptyLabelSelector(ls) {
  return !ls || Object.keys(ls.matchLabels ?? {}).length === 0 && (ls.matchExpressions ?? []).length === 0;
}
function selectorMatches(ls, labels) {
  const s2 = fromLabelSelector(ls);
  return s2 !== null && matches(s2, labels);
}

// src/engine/scheduler/podCondition.ts
function setPodCondition(conditions, next, now) {
  const list2 = [...conditions ?? []];
  const i = list2.findIndex((c2) => c2.type === next.type);
  const cond = nextPodCondition(i >= 0 ? list2[i] : void 0, next, now);
  if (i >= 0) list2[i] = cond;
  else list2.push(cond);
  return list2;
}
function nextPodCondition(old, next, now) {
  const cond = {
    type: next.type,
    status: next.status,
    lastProbeTime: null,
    lastTransitionTime: old && old.status === next.status && old.lastTransitionTime ? old.lastTransitionTime : now
  };
  if (next.reason) cond.reason = next.reason;
  if (next.message) cond.message = next.message;
  return cond;
}

// src/engine/api/defaults.ts
function defaultPullPolicy(image) {
  if (!image) return "IfNotPresent";
  if (image.includes("@")) return "IfNotPresent";
  const lastSlash = image.lastIndexOf("/");
  const tagSep = image.indexOf(":", lastSlash + 1);
  if (tagSep < 0) return "Always";
  return image.slice(tagSep + 1) === "latest" ? "Always" : "IfNotPresent";
}
function defaultContainer(c2, hostNetwork) {
  if (c2.terminationMessagePath === void 0) c2.terminationMessagePath = "/dev/termination-log";
  if (c2.terminationMessagePolicy === void 0) c2.terminationMessagePolicy = "File";
  if (c2.imagePullPolicy === void 0) c2.imagePullPolicy = defaultPullPolicy(c2.image);
  for (const p of c2.ports ?? []) {
    if (p.protocol === void 0) p.protocol = "TCP";
    if (hostNetwork && p.hostPort === void 0) p.hostPort = p.containerPort;
  }
  if (c2.resources === void 0) c2.resources = {};
  if (c2.resources.limits) {
    c2.resources.requests = { ...c2.resources.limits, ...c2.resources.requests };
  }
}
function defaultPodSpec(spec2) {
  if (spec2.restartPolicy === void 0) spec2.restartPolicy = "Always";
  if (spec2.dnsPolicy === void 0) spec2.dnsPolicy = "ClusterFirst";
  if (spec2.terminationGracePeriodSeconds === void 0) spec2.terminationGracePeriodSeconds = 30;
  if (spec2.schedulerName === void 0) spec2.schedulerName = "default-scheduler";
  if (spec2.securityContext === void 0) spec2.securityContext = {};
  for (const c2 of spec2.containers ?? []) defaultContainer(c2, spec2.hostNetwork === true);
  for (const c2 of spec2.initContainers ?? []) defaultContainer(c2, spec2.hostNetwork === true);
  for (const t of spec2.tolerations ?? []) {
    void t;
  }
  for (const v of spec2.volumes ?? []) {
    if (v.hostPath && v.hostPath.type === void 0) v.hostPath.type = "";
  }
}
function defaultPodTemplate(t) {
  if (!t.metadata) t.metadata = {};
  if (!t.spec) t.spec = { containers: [] };
  defaultPodSpec(t.spec);
}
function defaultDaemonSet(ds) {
  const spec2 = ds.spec;
  if (!spec2.updateStrategy) spec2.updateStrategy = {};
  const us = spec2.updateStrategy;
  if (us.type === void 0) us.type = "RollingUpdate";
  if (us.type === "RollingUpdate") {
    if (!us.rollingUpdate) us.rollingUpdate = {};
    if (us.rollingUpdate.maxUnavailable === void 0) us.rollingUpdate.maxUnavailable = 1;
    if (us.rollingUpdate.maxSurge === void 0) us.rollingUpdate.maxSurge = 0;
  }
  if (spec2.revisionHistoryLimit === void 0) spec2.revisionHistoryLimit = 10;
  if (spec2.template) defaultPodTemplate(spec2.template);
}
function defaultPod(pod) {
  if (!pod.spec) return;
  defaultPodSpec(pod.spec);
  if (!pod.spec.tolerations) pod.spec.tolerations = [];
  const has = (key) => pod.spec.tolerations.some(
    (t) => (t.key === key || !t.key && t.operator === "Exists") && (!t.effect || t.effect === "NoExecute")
  );
  for (const key of ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"]) {
    if (!has(key)) pod.spec.tolerations.push({ key, operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 });
  }
  if (pod.spec.tolerations.length === 0) delete pod.spec.tolerations;
  if (!pod.spec.serviceAccountName) pod.spec.serviceAccountName = "default";
  if (pod.spec.priority === void 0) pod.spec.priority = 0;
  if (pod.spec.enableServiceLinks === void 0) pod.spec.enableServiceLinks = true;
  if (pod.spec.preemptionPolicy === void 0) pod.spec.preemptionPolicy = "PreemptLowerPriority";
}
function defaultNode(node) {
  if (!node.spec) node.spec = {};
  if (!node.status) node.status = {};
}

// src/engine/api/quantity.ts
var BINARY = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
var DECIMAL = { n: 1e-9, u: 1e-6, m: 1e-3, "": 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };
var QUANTITY = /^([+-]?[0-9.]+)(e[+-]?[0-9]+|E[+-]?[0-9]+|Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?$/;
var QUANTITY_REGEX_TEXT = "^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$";
function isValidQuantity(q) {
  if (typeof q === "number") return Number.isFinite(q);
  if (typeof q !== "string") return false;
  const m = QUANTITY.exec(q.trim());
  return m !== null && !Number.isNaN(Number(m[1])) && (m[1].match(/\./g) ?? []).length <= 1;
}
function parseQuantity(q) {
  if (typeof q === "number") return q;
  const m = QUANTITY.exec(q.trim());
  if (!m) throw new Error(`quantities must match the regular expression '${QUANTITY_REGEX_TEXT}'`);
  const n2 = Number(m[1]);
  const suffix = m[2] ?? "";
  if (suffix in BINARY) return n2 * BINARY[suffix];
  if (/^[eE]/.test(suffix)) return n2 * 10 ** Number(suffix.slice(1));
  return n2 * DECIMAL[suffix];
}
function milliValue(q) {
  return Math.ceil(parseQuantity(q) * 1e3 - 1e-9);
}
function formatMilli(m) {
  return m % 1e3 === 0 ? String(m / 1e3) : `${m}m`;
}
function formatBytes(b) {
  if (b === 0) return "0";
  for (const [s2, v] of Object.entries(BINARY).reverse()) {
    if (b % v === 0) return `${b / v}${s2}`;
  }
  return String(b);
}

// src/engine/api/validation.ts
var DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
var DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
var QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
var LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
var DNS1123_SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
var DNS1123_LABEL_MSG = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
var QUALIFIED_NAME_MSG = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
var LABEL_VALUE_MSG = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
function isDNS1123Subdomain(s2) {
  return s2.length <= 253 && DNS1123_SUBDOMAIN.test(s2);
}
function isDNS1123Label(s2) {
  return s2.length <= 63 && DNS1123_LABEL.test(s2);
}
function qualifiedNameError(key) {
  const parts = key.split("/");
  if (parts.length > 2) {
    return "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";
  }
  const name = parts[parts.length - 1];
  if (parts.length === 2) {
    if (parts[0].length === 0) return "prefix part must be non-empty";
    if (!isDNS1123Subdomain(parts[0])) return `prefix part ${DNS1123_SUBDOMAIN_MSG}`;
  }
  if (name.length === 0) return "name part must be non-empty";
  if (name.length > 63) return "name part must be no more than 63 characters";
  if (!QUALIFIED_NAME.test(name)) return QUALIFIED_NAME_MSG;
  return null;
}
function labelValueError(v) {
  if (v.length > 63) return "must be no more than 63 characters";
  if (!LABEL_VALUE.test(v)) return LABEL_VALUE_MSG;
  return null;
}
function validateLabels(labels, path, errs) {
  for (const [k, v] of Object.entries(labels ?? {})) {
    const ke = qualifiedNameError(k);
    if (ke) errs.push({ field: path, type: "Invalid value", value: k, detail: ke });
    if (typeof v !== "string") {
      errs.push({ field: `${path}`, type: "Invalid value", value: v, detail: "label values must be strings" });
      continue;
    }
    const ve = labelValueError(v);
    if (ve) errs.push({ field: path, type: "Invalid value", value: v, detail: ve });
  }
}
function validateObjectMeta(obj, errs, nameIsLabel = false) {
  const md = obj.metadata;
  if (!md.name && !md.generateName) {
    errs.push({ field: "metadata.name", type: "Required value", detail: "name or generateName is required" });
  } else if (md.name) {
    const ok = nameIsLabel ? isDNS1123Label(md.name) : isDNS1123Subdomain(md.name);
    if (!ok) {
      errs.push({
        field: "metadata.name",
        type: "Invalid value",
        value: md.name,
        detail: nameIsLabel ? DNS1123_LABEL_MSG : DNS1123_SUBDOMAIN_MSG
      });
    }
  }
  validateLabels(md.labels, "metadata.labels", errs);
  validateAnnotations(md.annotations, "metadata.annotations", errs);
}
var TOTAL_ANNOTATION_SIZE_LIMIT_B = 256 * 1024;
function utf8Length(s2) {
  let n2 = 0;
  for (let i = 0; i < s2.length; i++) {
    const c2 = s2.charCodeAt(i);
    if (c2 < 128) n2 += 1;
    else if (c2 < 2048) n2 += 2;
    else if (c2 >= 55296 && c2 <= 56319 && i + 1 < s2.length && (s2.charCodeAt(i + 1) & 64512) === 56320) {
      n2 += 4;
      i++;
    } else n2 += 3;
  }
  return n2;
}
function validateAnnotations(annotations, path, errs) {
  let size = 0;
  for (const [k, v] of Object.entries(annotations ?? {})) {
    const ke = qualifiedNameError(k.toLowerCase());
    if (ke) errs.push({ field: path, type: "Invalid value", value: k, detail: ke });
    size += utf8Length(k) + (typeof v === "string" ? utf8Length(v) : 0);
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT_B) {
    errs.push({ field: path, type: "Too long", detail: `may not be more than ${TOTAL_ANNOTATION_SIZE_LIMIT_B} bytes` });
  }
}
var TAINT_EFFECTS = ["NoSchedule", "PreferNoSchedule", "NoExecute"];
function validateTolerations(tols, path, errs) {
  (tols ?? []).forEach((t, i) => {
    const p = `${path}[${i}]`;
    if (t.key) {
      const ke = qualifiedNameError(t.key);
      if (ke) errs.push({ field: `${p}.key`, type: "Invalid value", value: t.key, detail: ke });
    }
    if (!t.key && t.operator !== "Exists") {
      errs.push({
        field: `${p}.operator`,
        type: "Invalid value",
        value: t.operator ?? "",
        detail: 'operator must be Exists when `key` is empty, which means "match all values and all keys"'
      });
    }
    if (t.tolerationSeconds !== void 0 && t.effect !== "NoExecute") {
      errs.push({
        field: `${p}.effect`,
        type: "Invalid value",
        value: t.effect ?? "",
        detail: "effect must be 'NoExecute' when `tolerationSeconds` is set"
      });
    }
    switch (t.operator) {
      case void 0:
      case "Equal":
        if (t.value) {
          const ve = labelValueError(t.value);
          if (ve) errs.push({ field: `${p}.operator`, type: "Invalid value", value: t.value, detail: ve });
        }
        break;
      case "Exists":
        if (t.value) {
          errs.push({
            field: `${p}.operator`,
            type: "Invalid value",
            value: t,
            detail: "value must be empty when `operator` is 'Exists'"
          });
        }
        break;
      default:
        errs.push({ field: `${p}.operator`, type: "Unsupported value", value: t.operator, supported: ["Equal", "Exists"] });
    }
    if (t.effect && !TAINT_EFFECTS.includes(t.effect)) {
      errs.push({ field: `${p}.effect`, type: "Unsupported value", value: t.effect, supported: TAINT_EFFECTS });
    }
  });
}
function validateTaints(taints, path, errs) {
  const seen = /* @__PURE__ */ new Set();
  (taints ?? []).forEach((t, i) => {
    const p = `${path}[${i}]`;
    const ke = qualifiedNameError(t.key ?? "");
    if (ke) errs.push({ field: `${p}.key`, type: "Invalid value", value: t.key ?? "", detail: ke });
    if (t.value) {
      const ve = labelValueError(t.value);
      if (ve) errs.push({ field: `${p}.value`, type: "Invalid value", value: t.value, detail: ve });
    }
    if (!t.effect) errs.push({ field: `${p}.effect`, type: "Required value" });
    else if (!TAINT_EFFECTS.includes(t.effect)) {
      errs.push({ field: `${p}.effect`, type: "Unsupported value", value: t.effect, supported: TAINT_EFFECTS });
    }
    const id = `${t.key}:${t.effect}`;
    if (seen.has(id)) {
      errs.push({
        field: `${p}`,
        type: "Duplicate value",
        value: t,
        detail: "taints must be unique by key and effect pair"
      });
    }
    seen.add(id);
  });
}
function validateResources(c2, path, errs) {
  const r = c2.resources;
  if (!r) return;
  for (const section of ["limits", "requests"]) {
    for (const [name, q] of Object.entries(r[section] ?? {})) {
      if (!isValidQuantity(q)) {
        errs.push({ field: `${path}.resources.${section}[${name}]`, type: "Invalid value", value: q, detail: "must be a valid quantity" });
      } else if (parseQuantity(q) < 0) {
        errs.push({
          field: `${path}.resources.${section}[${name}]`,
          type: "Invalid value",
          value: q,
          detail: "must be greater than or equal to 0"
        });
      }
    }
  }
  for (const [name, q] of Object.entries(r.requests ?? {})) {
    const lim = ownGet(r.limits, name);
    if (lim !== void 0 && isValidQuantity(q) && isValidQuantity(lim) && parseQuantity(q) > parseQuantity(lim)) {
      errs.push({
        field: `${path}.resources.requests`,
        type: "Invalid value",
        value: String(q),
        detail: `must be less than or equal to ${name} limit of ${lim}`
      });
    }
  }
}
function validateContainers(cs, path, errs, required, names) {
  if (!cs || cs.length === 0) {
    if (required) errs.push({ field: path, type: "Required value" });
    return;
  }
  cs.forEach((c2, i) => {
    const p = `${path}[${i}]`;
    if (!c2 || typeof c2 !== "object") {
      errs.push({ field: p, type: "Invalid value", value: c2, detail: "must be an object" });
      return;
    }
    if (!c2.name) errs.push({ field: `${p}.name`, type: "Required value" });
    else if (!isDNS1123Label(c2.name)) errs.push({ field: `${p}.name`, type: "Invalid value", value: c2.name, detail: DNS1123_LABEL_MSG });
    else if (names.has(c2.name)) errs.push({ field: `${p}.name`, type: "Duplicate value", value: c2.name });
    if (c2.name) names.add(c2.name);
    if (!c2.image || String(c2.image).trim() === "") errs.push({ field: `${p}.image`, type: "Required value" });
    (c2.env ?? []).forEach((e, j) => {
      if (!e?.name) errs.push({ field: `${p}.env[${j}].name`, type: "Required value" });
      const ref = e?.valueFrom?.fieldRef;
      if (ref && !ref.fieldPath) errs.push({ field: `${p}.env[${j}].valueFrom.fieldRef.fieldPath`, type: "Required value" });
    });
    (c2.ports ?? []).forEach((port, j) => {
      const pp = `${p}.ports[${j}]`;
      if (!Number.isInteger(port.containerPort) || port.containerPort < 1 || port.containerPort > 65535) {
        errs.push({ field: `${pp}.containerPort`, type: "Invalid value", value: port.containerPort, detail: "must be between 1 and 65535, inclusive" });
      }
      if (port.hostPort !== void 0 && (!Number.isInteger(port.hostPort) || port.hostPort < 0 || port.hostPort > 65535)) {
        errs.push({ field: `${pp}.hostPort`, type: "Invalid value", value: port.hostPort, detail: "must be between 1 and 65535, inclusive" });
      }
      if (port.protocol && !["TCP", "UDP", "SCTP"].includes(port.protocol)) {
        errs.push({ field: `${pp}.protocol`, type: "Unsupported value", value: port.protocol, supported: ["SCTP", "TCP", "UDP"] });
      }
    });
    validateResources(c2, p, errs);
    if (c2.imagePullPolicy && !["Always", "IfNotPresent", "Never"].includes(c2.imagePullPolicy)) {
      errs.push({ field: `${p}.imagePullPolicy`, type: "Unsupported value", value: c2.imagePullPolicy, supported: ["Always", "IfNotPresent", "Never"] });
    }
    (c2.volumeMounts ?? []).forEach((m, j) => {
      if (!m.name) errs.push({ field: `${p}.volumeMounts[${j}].name`, type: "Required value" });
      if (!m.mountPath) errs.push({ field: `${p}.volumeMounts[${j}].mountPath`, type: "Required value" });
    });
  });
}
function validatePodSpec(spec2, path, errs) {
  if (!spec2 || typeof spec2 !== "object") {
    errs.push({ field: `${path}.containers`, type: "Required value" });
    return;
  }
  const names = /* @__PURE__ */ new Set();
  validateContainers(spec2.containers, `${path}.containers`, errs, true, names);
  validateContainers(spec2.initContainers, `${path}.initContainers`, errs, false, names);
  const volumes = /* @__PURE__ */ new Set();
  (spec2.volumes ?? []).forEach((v, i) => {
    if (!v.name) errs.push({ field: `${path}.volumes[${i}].name`, type: "Required value" });
    else if (!isDNS1123Label(v.name)) errs.push({ field: `${path}.volumes[${i}].name`, type: "Invalid value", value: v.name, detail: DNS1123_LABEL_MSG });
    else if (volumes.has(v.name)) errs.push({ field: `${path}.volumes[${i}].name`, type: "Duplicate value", value: v.name });
    volumes.add(v.name);
    if (v.hostPath && !v.hostPath.path) errs.push({ field: `${path}.volumes[${i}].hostPath.path`, type: "Required value" });
  });
  for (const [group, cs] of [["containers", spec2.containers], ["initContainers", spec2.initContainers]]) {
    (cs ?? []).forEach((c2, i) => {
      (c2?.volumeMounts ?? []).forEach((m, j) => {
        if (m.name && !volumes.has(m.name)) {
          errs.push({ field: `${path}.${group}[${i}].volumeMounts[${j}].name`, type: "Not found", value: m.name });
        }
      });
    });
  }
  if (spec2.restartPolicy && !["Always", "OnFailure", "Never"].includes(spec2.restartPolicy)) {
    errs.push({ field: `${path}.restartPolicy`, type: "Unsupported value", value: spec2.restartPolicy, supported: ["Always", "OnFailure", "Never"] });
  }
  if (spec2.terminationGracePeriodSeconds !== void 0 && (!Number.isInteger(spec2.terminationGracePeriodSeconds) || spec2.terminationGracePeriodSeconds < 0)) {
    errs.push({ field: `${path}.terminationGracePeriodSeconds`, type: "Invalid value", value: spec2.terminationGracePeriodSeconds, detail: "must be greater than or equal to 0" });
  }
  validateLabels(spec2.nodeSelector, `${path}.nodeSelector`, errs);
  validateTolerations(spec2.tolerations, `${path}.tolerations`, errs);
  validateAffinity(spec2.affinity, `${path}.affinity`, errs);
}
function validateAffinity(affinity, path, errs) {
  const terms = affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution && (!terms || terms.length === 0)) {
    errs.push({
      field: `${path}.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`,
      type: "Required value",
      detail: "must have at least one node selector term"
    });
  }
  (terms ?? []).forEach((term, i) => {
    const tp = `${path}.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[${i}]`;
    (term.matchExpressions ?? []).forEach((e, j) => {
      const ep = `${tp}.matchExpressions[${j}]`;
      const ops = ["In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"];
      if (!ops.includes(e.operator)) errs.push({ field: `${ep}.operator`, type: "Invalid value", value: e.operator, detail: "not a valid selector operator" });
      if ((e.operator === "In" || e.operator === "NotIn") && !(e.values ?? []).length) {
        errs.push({ field: `${ep}.values`, type: "Required value", detail: "must be specified when `operator` is 'In' or 'NotIn'" });
      }
      if ((e.operator === "Exists" || e.operator === "DoesNotExist") && (e.values ?? []).length) {
        errs.push({ field: `${ep}.values`, type: "Forbidden", detail: "may not be specified when `operator` is 'Exists' or 'DoesNotExist'" });
      }
      if ((e.operator === "Gt" || e.operator === "Lt") && (e.values ?? []).length !== 1) {
        errs.push({ field: `${ep}.values`, type: "Required value", detail: "must be specified single value when `operator` is 'Lt' or 'Gt'" });
      }
    });
    (term.matchFields ?? []).forEach((f, j) => {
      const fp = `${tp}.matchFields[${j}]`;
      if (f.key !== "metadata.name") errs.push({ field: `${fp}.key`, type: "Invalid value", value: f.key, detail: "not a valid field selector key" });
      if (f.operator !== "In" && f.operator !== "NotIn") errs.push({ field: `${fp}.operator`, type: "Invalid value", value: f.operator, detail: "not a valid selector operator" });
      if ((f.values ?? []).length !== 1) errs.push({ field: `${fp}.values`, type: "Required value", detail: "must be only one value when `operator` is 'In' or 'NotIn' for node field selector" });
    });
  });
}
function intOrPercent(v) {
  if (typeof v === "number") return { ok: Number.isInteger(v), value: v, percent: false };
  if (typeof v === "string") {
    const m = /^(\d+)%$/.exec(v);
    if (m) return { ok: true, value: Number(m[1]), percent: true };
  }
  return { ok: false, value: 0, percent: false };
}
function validateIntOrPercent(v, path, errs) {
  const r = intOrPercent(v);
  if (!r.ok) {
    errs.push({ field: path, type: "Invalid value", value: v, detail: "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')" });
    return 0;
  }
  if (r.value < 0) errs.push({ field: path, type: "Invalid value", value: v, detail: "must be greater than or equal to 0" });
  if (r.percent && r.value > 100) errs.push({ field: path, type: "Invalid value", value: v, detail: "must not be greater than 100%" });
  return r.value;
}
function validateDaemonSet(ds) {
  const errs = [];
  validateObjectMeta(ds, errs);
  const spec2 = ds.spec;
  if (!spec2 || typeof spec2 !== "object") {
    errs.push({ field: "spec.selector", type: "Required value" });
    errs.push({ field: "spec.template.spec.containers", type: "Required value" });
    return errs;
  }
  if (!spec2.selector) {
    errs.push({ field: "spec.selector", type: "Required value" });
  } else if (isEmptyLabelSelector(spec2.selector)) {
    errs.push({ field: "spec.selector", type: "Invalid value", value: spec2.selector, detail: "empty selector is invalid for daemonset" });
  } else {
    validateLabels(spec2.selector.matchLabels, "spec.selector.matchLabels", errs);
    const sel = fromLabelSelector(spec2.selector);
    const tl = spec2.template?.metadata?.labels ?? {};
    if (!matches(sel, tl)) {
      errs.push({
        field: "spec.template.metadata.labels",
        type: "Invalid value",
        value: tl,
        detail: "`selector` does not match template `labels`"
      });
    }
  }
  if (!spec2.template) {
    errs.push({ field: "spec.template.spec.containers", type: "Required value" });
  } else {
    validateLabels(spec2.template.metadata?.labels, "spec.template.metadata.labels", errs);
    validateAnnotations(spec2.template.metadata?.annotations, "spec.template.metadata.annotations", errs);
    validatePodSpec(spec2.template.spec, "spec.template.spec", errs);
    const rp = spec2.template.spec?.restartPolicy;
    if (rp !== void 0 && rp !== "Always") {
      errs.push({ field: "spec.template.spec.restartPolicy", type: "Unsupported value", value: rp, supported: ["Always"] });
    }
    if (spec2.template.spec?.activeDeadlineSeconds !== void 0) {
      errs.push({ field: "spec.template.spec.activeDeadlineSeconds", type: "Forbidden", detail: "activeDeadlineSeconds in DaemonSet is not Supported" });
    }
  }
  if (spec2.minReadySeconds !== void 0 && (!Number.isInteger(spec2.minReadySeconds) || spec2.minReadySeconds < 0)) {
    errs.push({ field: "spec.minReadySeconds", type: "Invalid value", value: spec2.minReadySeconds, detail: "must be greater than or equal to 0" });
  }
  if (spec2.revisionHistoryLimit !== void 0 && (!Number.isInteger(spec2.revisionHistoryLimit) || spec2.revisionHistoryLimit < 0)) {
    errs.push({ field: "spec.revisionHistoryLimit", type: "Invalid value", value: spec2.revisionHistoryLimit, detail: "must be greater than or equal to 0" });
  }
  const us = spec2.updateStrategy;
  if (us) {
    if (us.type !== "RollingUpdate" && us.type !== "OnDelete") {
      errs.push({ field: "spec.updateStrategy", type: "Unsupported value", value: us.type ?? "", supported: ["OnDelete", "RollingUpdate"] });
    } else if (us.type === "RollingUpdate") {
      if (!us.rollingUpdate) {
        errs.push({ field: "spec.updateStrategy.rollingUpdate", type: "Required value" });
      } else {
        const mu = validateIntOrPercent(us.rollingUpdate.maxUnavailable ?? 0, "spec.updateStrategy.rollingUpdate.maxUnavailable", errs);
        const ms = validateIntOrPercent(us.rollingUpdate.maxSurge ?? 0, "spec.updateStrategy.rollingUpdate.maxSurge", errs);
        if (mu === 0 && ms === 0) {
          errs.push({ field: "spec.updateStrategy.rollingUpdate.maxUnavailable", type: "Required value", detail: "cannot be 0 when maxSurge is 0" });
        } else if (mu !== 0 && ms !== 0) {
          errs.push({ field: "spec.updateStrategy.rollingUpdate.maxSurge", type: "Invalid value", value: us.rollingUpdate.maxSurge, detail: "may not be set when maxUnavailable is non-zero" });
        }
      }
    } else if (us.rollingUpdate) {
    }
  }
  return errs;
}
function validateDaemonSetUpdate(ds, old) {
  const errs = validateDaemonSet(ds);
  if (JSON.stringify(fromLabelSelector(ds.spec?.selector)) !== JSON.stringify(fromLabelSelector(old.spec.selector))) {
    errs.unshift({ field: "spec.selector", type: "Invalid value", value: ds.spec?.selector, detail: "field is immutable" });
  }
  return errs;
}
function validatePod(pod) {
  const errs = [];
  validateObjectMeta(pod, errs);
  validatePodSpec(pod.spec, "spec", errs);
  return errs;
}
function validateNode(node) {
  const errs = [];
  validateObjectMeta(node, errs);
  validateTaints(node.spec?.taints, "spec.taints", errs);
  for (const [k, q] of Object.entries(node.status?.capacity ?? {})) {
    if (!isValidQuantity(q)) errs.push({ field: `status.capacity[${k}]`, type: "Invalid value", value: q, detail: "must be a valid quantity" });
  }
  return errs;
}
function validateGeneric(obj, nameIsLabel = false) {
  const errs = [];
  validateObjectMeta(obj, errs, nameIsLabel);
  return errs;
}

// src/engine/api/annotations.ts
var TEMPLATE_GENERATION_ANNOTATION = "deprecated.daemonset.template.generation";

// src/engine/api/strategy.ts
function prepareForCreate(kind, obj, _clock) {
  switch (kind) {
    case "DaemonSet": {
      const ds = obj;
      if (ds.spec && typeof ds.spec === "object") defaultDaemonSet(ds);
      ds.status = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 };
      ds.metadata.generation = 1;
      ds.metadata.annotations = { ...ds.metadata.annotations, [TEMPLATE_GENERATION_ANNOTATION]: "1" };
      break;
    }
    case "Pod": {
      const pod = obj;
      if (pod.spec && typeof pod.spec === "object") defaultPod(pod);
      pod.status = { phase: "Pending", qosClass: qosClass(pod) };
      break;
    }
    case "Node":
      defaultNode(obj);
      break;
    case "Namespace":
      obj.spec = { finalizers: ["kubernetes"] };
      obj.status = { phase: "Active" };
      break;
    default:
      break;
  }
}
function prepareForUpdate(kind, obj, old, _clock) {
  if (kind === "DaemonSet") {
    const ds = obj;
    const prev = old;
    if (ds.spec && typeof ds.spec === "object") defaultDaemonSet(ds);
    const prevTG = Number(prev.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION] ?? "1");
    const templateChanged = !deepEqual(ds.spec?.template, prev.spec.template);
    ds.metadata.annotations = {
      ...ds.metadata.annotations,
      [TEMPLATE_GENERATION_ANNOTATION]: String(templateChanged ? prevTG + 1 : prevTG)
    };
    if (!deepEqual(ds.spec, prev.spec)) ds.metadata.generation = (prev.metadata.generation ?? 1) + 1;
  } else if (kind === "Pod") {
    const pod = obj;
    const prev = old;
    const incoming = pod.spec;
    pod.spec = { ...prev.spec };
    if (incoming && typeof incoming === "object") {
      const tolerations = incoming.tolerations;
      if (tolerations && tolerations.length >= (prev.spec.tolerations?.length ?? 0)) pod.spec.tolerations = tolerations;
      if (!prev.spec.nodeName && incoming.nodeName) pod.spec.nodeName = incoming.nodeName;
      const images = new Map((incoming.containers ?? []).map((c2) => [c2.name, c2.image]));
      pod.spec.containers = prev.spec.containers.map((c2) => images.get(c2.name) && images.get(c2.name) !== c2.image ? { ...c2, image: images.get(c2.name) } : c2);
    }
  } else if (kind === "Node") {
    defaultNode(obj);
  }
}
function check(kind, obj, errs) {
  if (errs.length) throw invalid(kind, obj.metadata.name || obj.metadata.generateName || "", errs);
}
function validateCreate(kind, obj) {
  switch (kind) {
    case "DaemonSet":
      return check(kind, obj, validateDaemonSet(obj));
    case "Pod":
      return check(kind, obj, validatePod(obj));
    case "Node":
      return check(kind, obj, validateNode(obj));
    case "Namespace":
      return check(kind, obj, validateGeneric(obj, true));
    default:
      return check(kind, obj, validateGeneric(obj));
  }
}
function validateUpdate(kind, obj, old) {
  switch (kind) {
    case "DaemonSet":
      return check(kind, obj, validateDaemonSetUpdate(obj, old));
    case "Node":
      return check(kind, obj, validateNode(obj));
    case "Pod":
      return check(kind, obj, validatePod(obj));
    default:
      return check(kind, obj, validateGeneric(obj, kind === "Namespace"));
  }
}
function qosClass(pod) {
  const cs = pod.spec?.containers ?? [];
  let anySet = false;
  let guaranteed = cs.length > 0;
  for (const c2 of cs) {
    const req = c2.resources?.requests ?? {};
    const lim = c2.resources?.limits ?? {};
    if (Object.keys(req).length || Object.keys(lim).length) anySet = true;
    for (const r of ["cpu", "memory"]) {
      if (lim[r] === void 0 || req[r] !== void 0 && req[r] !== lim[r]) guaranteed = false;
    }
  }
  if (!anySet) return "BestEffort";
  return guaranteed ? "Guaranteed" : "Burstable";
}

// src/engine/api/podCreateMemo.ts
var memoKeys = /* @__PURE__ */ new WeakMap();
function keysOf(o) {
  let k = memoKeys.get(o);
  if (!k) memoKeys.set(o, k = Object.keys(o));
  return k;
}
var hasOwn2 = Object.prototype.hasOwnProperty;
function sameKeys(a, bk) {
  let i = 0;
  for (const k in a) {
    if (!hasOwn2.call(a, k)) continue;
    if (i >= bk.length || k !== bk[i]) return false;
    i++;
  }
  return i === bk.length;
}
function sameTree(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameTree(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const bk = keysOf(b);
  if (!sameKeys(a, bk)) return false;
  const ao = a;
  const bo = b;
  for (let i = 0; i < bk.length; i++) if (!sameTree(ao[bk[i]], bo[bk[i]])) return false;
  return true;
}
function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
function sameApartFromAffinity(a, b) {
  const bk = keysOf(b);
  if (!sameKeys(a, bk)) return false;
  for (let i = 0; i < bk.length; i++) {
    const k = bk[i];
    if (k !== "spec") {
      if (!sameTree(a[k], b[k])) return false;
      continue;
    }
    const as = a.spec;
    const bs = b.spec;
    if (!isObject(as) || !isObject(bs)) return false;
    const tk = keysOf(bs);
    if (!sameKeys(as, tk)) return false;
    for (let j = 0; j < tk.length; j++) {
      const f = tk[j];
      if (f === "affinity" && isObject(as[f]) && isObject(bs[f])) continue;
      if (!sameTree(as[f], bs[f])) return false;
    }
  }
  return true;
}
var PodCreateMemo = class {
  /** keyed by the input's containers array: the template's frozen one for daemon pods */
  entries = /* @__PURE__ */ new WeakMap();
  key(input) {
    const c2 = input.spec?.containers;
    return c2 !== null && typeof c2 === "object" ? c2 : void 0;
  }
  /**
   * The prepared pod for `input` when the memo knows its shape and its affinity is valid: a new
   * object with fresh top-level metadata (the server fills in name, uid, …) sharing the rest.
   */
  lookup(input) {
    const key = this.key(input);
    const e = key && this.entries.get(key);
    if (!e || !sameApartFromAffinity(input, e.input)) return void 0;
    const out = { ...e.prepared, metadata: { ...e.prepared.metadata } };
    const affinity = input.spec.affinity;
    if (isObject(affinity) && isObject(e.prepared.spec.affinity)) {
      const errs = [];
      const copy = clone(affinity);
      validateAffinity(copy, "spec.affinity", errs);
      if (errs.length) return void 0;
      out.spec = { ...e.prepared.spec, affinity: copy };
    }
    return out;
  }
  /** Remembers a pod the simple path prepared and validated (call before the server's own fields are set). */
  remember(input, prepared) {
    const key = this.key(input);
    if (!key || !isObject(input.spec)) return;
    const snapshot2 = { ...prepared, metadata: { ...prepared.metadata } };
    this.entries.set(key, { input: cloneUnfrozen(input), prepared: deepFreeze(snapshot2) });
  }
};

// src/engine/api/eventStore.ts
var DEFAULT_EVENT_TTL_MS = 60 * 60 * 1e3;
var DEFAULT_MAX_EVENTS = 5e4;
function makeRecord(r, uid, resourceVersion, creationTimestamp, written, full, uidState = -1) {
  return {
    key: r.key ?? eventKey(r.namespace, r.name),
    namespace: r.namespace,
    name: r.name,
    uid,
    uidState,
    resourceVersion,
    creationTimestamp,
    involvedObject: r.involvedObject,
    reason: r.reason,
    message: r.message,
    source: r.source,
    firstTimestamp: r.firstTimestamp,
    lastTimestamp: r.lastTimestamp,
    count: r.count,
    type: r.type,
    reportingComponent: r.reportingComponent,
    written,
    full
  };
}
function patchRecord(prev, count, lastTimestamp, message, resourceVersion, written) {
  return {
    key: prev.key,
    namespace: prev.namespace,
    name: prev.name,
    uid: prev.uid,
    uidState: prev.uidState,
    resourceVersion,
    creationTimestamp: prev.creationTimestamp,
    involvedObject: prev.involvedObject,
    reason: prev.reason,
    message,
    source: prev.source,
    firstTimestamp: prev.firstTimestamp,
    lastTimestamp,
    count,
    type: prev.type,
    reportingComponent: prev.reportingComponent,
    written,
    full: void 0
  };
}
function eventKey(namespace, name) {
  return `${namespace}/${name}`;
}
var EventStore = class {
  records = /* @__PURE__ */ new Map();
  /**
   * writes in time order, as two parallel arrays (key, time) so a write allocates no entry; an entry
   * is stale when the record was written again later
   */
  fifoKeys = [];
  fifoAt = [];
  head = 0;
  expiredAt = NaN;
  sorted;
  objects = /* @__PURE__ */ new WeakMap();
  listeners = [];
  ttlMs = DEFAULT_EVENT_TTL_MS;
  max = DEFAULT_MAX_EVENTS;
  /** spells out the uid drawn from a generator state (the object store's uid generator) */
  spellUID;
  get size() {
    return this.records.size;
  }
  /** Stores a new or updated record (replacing the one of the same name). */
  put(r) {
    const k = r.key;
    const n2 = this.records.size;
    this.records.set(k, r);
    if (this.records.size !== n2) this.sorted = void 0;
    this.fifoKeys.push(k);
    this.fifoAt.push(r.written);
    for (const l of this.listeners) l("upsert", r);
    while (this.records.size > this.max) this.dropOldest();
  }
  record(namespace, name) {
    return this.records.get(eventKey(namespace, name));
  }
  /** The record under a key (`EventRecord.key`). */
  recordAt(k) {
    return this.records.get(k);
  }
  delete(namespace, name) {
    const k = eventKey(namespace, name);
    const r = this.records.get(k);
    if (r) this.remove(r);
    return r;
  }
  remove(r) {
    this.records.delete(r.key);
    this.sorted = void 0;
    for (const l of this.listeners) l("delete", r);
  }
  dropOldest() {
    while (this.head < this.fifoKeys.length) {
      const i = this.head++;
      const r = this.records.get(this.fifoKeys[i]);
      if (r && r.written === this.fifoAt[i]) {
        this.remove(r);
        break;
      }
    }
    this.compact();
  }
  compact() {
    if (this.head > 1024 && this.head * 2 > this.fifoKeys.length) {
      this.fifoKeys = this.fifoKeys.slice(this.head);
      this.fifoAt = this.fifoAt.slice(this.head);
      this.head = 0;
    }
  }
  /** Removes the Events whose TTL ran out by `now`. */
  expire(now) {
    if (now === this.expiredAt) return;
    this.expiredAt = now;
    while (this.head < this.fifoKeys.length) {
      const i = this.head;
      const at = this.fifoAt[i];
      if (at + this.ttlMs > now) break;
      this.head++;
      const r = this.records.get(this.fifoKeys[i]);
      if (r && r.written === at) this.remove(r);
    }
    this.compact();
  }
  /** The Event object of a record (made once per version of the record). */
  object(r) {
    if (r.full) return r.full;
    let o = this.objects.get(r);
    if (!o) {
      if (r.uidState >= 0 && r.uid === "") r.uid = this.spellUID(r.uidState);
      o = toObject(r);
      this.objects.set(r, o);
    }
    return o;
  }
  get(namespace, name) {
    const r = this.records.get(eventKey(namespace, name));
    return r ? this.object(r) : void 0;
  }
  /** Records in API order (namespace, then name). */
  list(namespace) {
    if (!this.sorted) this.sorted = [...this.records.keys()].sort(compareKeys);
    const out = [];
    for (const k of this.sorted) {
      const r = this.records.get(k);
      if (namespace !== void 0 && r.namespace !== namespace) continue;
      out.push(r);
    }
    return out;
  }
  values() {
    return this.records.values();
  }
};
function compareKeys(a, b) {
  const ia = a.indexOf("/");
  const ib = b.indexOf("/");
  const na = a.slice(0, ia);
  const nb = b.slice(0, ib);
  if (na !== nb) return na < nb ? -1 : 1;
  const ma = a.slice(ia + 1);
  const mb = b.slice(ib + 1);
  return ma < mb ? -1 : ma > mb ? 1 : 0;
}
function dropUndefined(o) {
  const out = {};
  for (const [k, v] of Object.entries(o)) if (v !== void 0) out[k] = v;
  return out;
}
function toObject(r) {
  const ev = {
    apiVersion: "v1",
    kind: "Event",
    metadata: { name: r.name, namespace: r.namespace, uid: r.uid, resourceVersion: r.resourceVersion, creationTimestamp: r.creationTimestamp },
    involvedObject: dropUndefined(r.involvedObject),
    reason: r.reason,
    message: r.message,
    source: dropUndefined(r.source),
    firstTimestamp: r.firstTimestamp,
    lastTimestamp: r.lastTimestamp,
    count: r.count,
    type: r.type
  };
  if (r.reportingComponent !== void 0) ev.reportingComponent = r.reportingComponent;
  return deepFreezeShallow(ev);
}
function deepFreezeShallow(ev) {
  Object.freeze(ev.metadata);
  Object.freeze(ev.involvedObject);
  Object.freeze(ev.source);
  return Object.freeze(ev);
}
function fromObject(o, written) {
  const input = {
    namespace: o.metadata.namespace ?? "default",
    name: o.metadata.name,
    involvedObject: o.involvedObject,
    reason: o.reason,
    message: o.message,
    source: o.source,
    firstTimestamp: o.firstTimestamp,
    lastTimestamp: o.lastTimestamp,
    count: o.count,
    type: o.type,
    reportingComponent: o.reportingComponent
  };
  return makeRecord(input, o.metadata.uid, o.metadata.resourceVersion, o.metadata.creationTimestamp, written, o);
}

// src/engine/api/objectStore.ts
var FOREGROUND_DELETION_FINALIZER = "foregroundDeletion";
var HEX = Array.from("0123456789abcdef", (ch) => ch.charCodeAt(0));
var VARIANT = Array.from("89ab", (ch) => ch.charCodeAt(0));
var DASH = 45;
var FOUR = 52;
var UID_GROUPS = [8, -1, 4, -1, -2, 3, -1, -3, 3, -1, 12];
var UID_CODES = Array.from({ length: 36 }, () => 0);
function objectKey(namespace, name) {
  return namespace ? `${namespace}/${name}` : name;
}
var ObjectStore = class {
  constructor(clock, uids) {
    this.clock = clock;
    this.uids = uids;
    for (const k of Object.keys(NAMESPACED)) {
      this.objects.set(k, /* @__PURE__ */ new Map());
      this.byNamespace.set(k, /* @__PURE__ */ new Map());
    }
  }
  clock;
  uids;
  /** per kind: `namespace/name` (or name) → cell, in the order objects were first stored */
  objects = /* @__PURE__ */ new Map();
  /** per namespaced kind: namespace → name → cell (lookups without building the `ns/name` key) */
  byNamespace = /* @__PURE__ */ new Map();
  rv = 1e3;
  /** committed writes (creates, updates, deletes), for benchmarks */
  writes = 0;
  listeners = [];
  /** Nodes this store accepts at most (the session's node budget, script/budget.ts). */
  nodeLimit = Infinity;
  /** Events, kept compactly apart from the other kinds (see eventStore.ts); they are not in the change feed */
  events = new EventStore();
  /** Called after an owner is deleted with the Background or Orphan policy (garbage collector). */
  onOwnerDeleted;
  subscribe(l) {
    this.listeners.push(l);
    return () => {
      const i = this.listeners.indexOf(l);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }
  emit(c2) {
    this.writes++;
    const ls = this.listeners;
    for (let i = 0; i < ls.length; i++) ls[i](c2);
  }
  resourceVersion() {
    return String(this.rv);
  }
  nextRV() {
    this.rv += 1;
    return String(this.rv);
  }
  newUID() {
    const c2 = UID_CODES;
    let state = this.uids.getState();
    let j = 0;
    for (let g = 0; g < UID_GROUPS.length; g++) {
      const n2 = UID_GROUPS[g];
      if (n2 === -1) c2[j++] = DASH;
      else if (n2 === -2) c2[j++] = FOUR;
      else {
        const draws = n2 === -3 ? 1 : n2;
        const shift = n2 === -3 ? 30 : 28;
        for (let i = 0; i < draws; i++) {
          state = state + 1831565813 >>> 0;
          let t = Math.imul(state ^ state >>> 15, state | 1);
          t ^= t + Math.imul(t ^ t >>> 7, t | 61);
          const u = (t ^ t >>> 14) >>> 0;
          c2[j++] = n2 === -3 ? VARIANT[u >>> shift] : HEX[u >>> shift];
        }
      }
    }
    this.uids.setState(state);
    return String.fromCharCode.apply(null, c2);
  }
  get(kind, namespace, name) {
    if (kind === "Event") {
      this.events.expire(this.clock.now());
      return this.events.get(namespace ?? "default", name);
    }
    return this.cell(kind, namespace, name)?.obj;
  }
  cell(kind, namespace, name) {
    if (!NAMESPACED[kind]) return this.objects.get(kind).get(name);
    if (namespace === void 0) return void 0;
    return this.byNamespace.get(kind).get(namespace)?.get(name);
  }
  /** Stores an object (under its kind's key, and in the namespace index that `get` reads). */
  put(kind, obj) {
    const md = obj.metadata;
    const namespaced = NAMESPACED[kind];
    const found = this.cell(kind, namespaced ? md.namespace : void 0, md.name);
    if (found) {
      found.obj = obj;
      return;
    }
    const cell = { obj };
    this.objects.get(kind).set(objectKey(md.namespace, md.name), cell);
    if (!namespaced) return;
    const idx = this.byNamespace.get(kind);
    let m = idx.get(md.namespace);
    if (!m) idx.set(md.namespace, m = /* @__PURE__ */ new Map());
    m.set(md.name, cell);
  }
  mustGet(kind, namespace, name) {
    const o = this.get(kind, namespace, name);
    if (!o) throw notFound(kind, name);
    return o;
  }
  /** Calls `fn` for each object of a kind (in a namespace), in no particular but stable order. */
  each(kind, namespace, fn) {
    if (kind === "Event") {
      this.events.expire(this.clock.now());
      for (const r of this.events.values()) if (namespace === void 0 || r.namespace === namespace) fn(this.events.object(r));
      return;
    }
    for (const { obj: o } of this.objects.get(kind).values()) {
      if (namespace !== void 0 && NAMESPACED[kind] && o.metadata.namespace !== namespace) continue;
      fn(o);
    }
  }
  /** Objects of a kind in API list order (namespace, then name), optionally filtered. */
  list(kind, namespace, selector) {
    if (kind === "Event") {
      this.events.expire(this.clock.now());
      const out2 = [];
      for (const r of this.events.list(namespace)) {
        const o = this.events.object(r);
        if (selector && !matches(selector, o.metadata.labels)) continue;
        out2.push(o);
      }
      return out2;
    }
    const m = this.objects.get(kind);
    let keys = this.sortedKeys.get(kind);
    if (!keys) {
      keys = [...m.values()].map((c2) => c2.obj).sort(byNamespaceAndName).map((o) => objectKey(o.metadata.namespace, o.metadata.name));
      this.sortedKeys.set(kind, keys);
    }
    const out = [];
    for (const k of keys) {
      const o = m.get(k).obj;
      if (namespace !== void 0 && NAMESPACED[kind] && o.metadata.namespace !== namespace) continue;
      if (selector && !matches(selector, o.metadata.labels)) continue;
      out.push(o);
    }
    return out;
  }
  /** list order per kind, dropped whenever an object of that kind is added or removed */
  sortedKeys = /* @__PURE__ */ new Map();
  count(kind) {
    if (kind === "Event") {
      this.events.expire(this.clock.now());
      return this.events.size;
    }
    return this.objects.get(kind).size;
  }
  /** Records a new Event (the event recorder's create): a compact record, no object made. */
  createEvent(r) {
    this.events.expire(this.clock.now());
    const uidState = this.uids.getState();
    this.uids.setState(uidState + 31 * 1831565813);
    this.events.spellUID ??= (state) => {
      const now = this.uids.getState();
      this.uids.setState(state);
      const uid = this.newUID();
      this.uids.setState(now);
      return uid;
    };
    const rec = makeRecord(r, "", this.nextRV(), this.clock.iso(), this.clock.now(), void 0, uidState);
    this.writes++;
    this.events.put(rec);
    return rec;
  }
  /** Updates an Event (the event recorder's patch of count, lastTimestamp and message). */
  updateEvent(prev, count, lastTimestamp, message) {
    const rec = patchRecord(prev, count, lastTimestamp, message, this.nextRV(), this.clock.now());
    this.writes++;
    this.events.put(rec);
    return rec;
  }
  /** Creates an object. `generateName` is honoured; the stored object is returned (frozen). */
  create(input, opts = {}) {
    const kind = input.kind;
    if (!this.objects.has(kind)) throw badRequest(`the server could not find the requested resource (kind ${input.kind})`);
    const memo2 = kind === "Pod" ? this.podCreateMemo : void 0;
    const prepared = memo2?.lookup(input);
    const obj = prepared ?? clone(input);
    if (!prepared) {
      obj.apiVersion = API_VERSION[kind];
      obj.metadata = { ...obj.metadata };
    }
    const md = obj.metadata;
    if (NAMESPACED[kind]) {
      md.namespace = md.namespace || "default";
      if (!this.get("Namespace", void 0, md.namespace)) {
        throw new StatusError(404, "NotFound", `namespaces "${md.namespace}" not found`);
      }
    } else {
      delete md.namespace;
    }
    if (!prepared) {
      prepareForCreate(kind, obj, this.clock);
      validateCreate(kind, obj);
      memo2?.remember(input, obj);
    }
    if (kind === "Node" && this.count("Node") >= this.nodeLimit) {
      throw new StatusError(403, "Forbidden", `nodes "${md.name || md.generateName || ""}" is forbidden: exceeded the playground's limit of ${this.nodeLimit} nodes`);
    }
    if (!md.name && md.generateName) {
      for (let i = 0; i < 8; i++) {
        const candidate = this.generateName(md.generateName);
        if (!this.get(kind, md.namespace, candidate)) {
          md.name = candidate;
          break;
        }
      }
    }
    if (this.get(kind, md.namespace, md.name)) throw alreadyExists(kind, md.name);
    if (opts.dryRun) return deepFreeze(obj);
    md.uid = this.newUID();
    md.resourceVersion = this.nextRV();
    md.creationTimestamp = this.clock.iso();
    delete md.deletionTimestamp;
    delete md.deletionGracePeriodSeconds;
    const frozen = deepFreeze(obj);
    if (kind === "Event") {
      this.writes++;
      this.events.put(fromObject(frozen, this.clock.now()));
      return frozen;
    }
    this.put(kind, frozen);
    this.sortedKeys.delete(kind);
    this.emit({ type: "ADDED", kind, obj: frozen });
    return frozen;
  }
  /** Pod creates from one template share its defaulted, validated parts (podCreateMemo.ts); undefined: the simple path */
  podCreateMemo = new PodCreateMemo();
  /** Name generation is injected by the simulation (seeded random). */
  generateName = (base) => `${base}00000`;
  /**
   * Replaces an object's spec and metadata (not status). Generation and defaulting follow the
   * kind's strategy. A write that changes nothing does not bump resourceVersion (like a no-op PATCH).
   */
  update(input, opts = {}) {
    return this.write(input, "main", opts);
  }
  /**
   * The pods/binding subresource (BindingREST.setPodNodeAndMetadata): one write that sets
   * spec.nodeName and the PodScheduled=True condition. Refused for a pod being deleted or bound already.
   */
  bind(namespace, name, nodeName2) {
    const old = this.mustGet("Pod", namespace, name);
    if (old.metadata.deletionTimestamp) throw new StatusError(409, "Conflict", `pod ${name} is being deleted, cannot be assigned to a host`);
    if (old.spec.nodeName) throw new StatusError(409, "Conflict", `pod ${name} is already assigned to node "${old.spec.nodeName}"`);
    const status = { ...old.status, conditions: setPodCondition(old.status?.conditions, { type: "PodScheduled", status: "True" }, this.clock.iso()) };
    const obj = { ...old, metadata: { ...old.metadata }, spec: { ...old.spec, nodeName: nodeName2 }, status };
    return this.commit("Pod", old, obj, {}, true);
  }
  /** Writes only `.status` (the status subresource). */
  updateStatus(input, opts = {}) {
    return this.write(input, "status", opts);
  }
  write(input, sub, opts) {
    const kind = input.kind;
    const old = this.mustGet(kind, input.metadata.namespace, input.metadata.name);
    if (sub === "status") {
      const status = cloneUnfrozen(input.status);
      if (deepEqual(old.status, status)) return old;
      const merged = { ...old, metadata: { ...old.metadata }, status };
      return this.commit(kind, old, merged, opts, true);
    }
    const obj = kind === "DaemonSet" ? clone(input) : cloneUnfrozen(input);
    obj.apiVersion = old.apiVersion;
    obj.metadata = {
      ...obj.metadata,
      uid: old.metadata.uid,
      creationTimestamp: old.metadata.creationTimestamp,
      resourceVersion: old.metadata.resourceVersion,
      namespace: old.metadata.namespace,
      name: old.metadata.name
    };
    if (old.metadata.generation !== void 0) obj.metadata.generation = old.metadata.generation;
    if (old.metadata.deletionTimestamp) {
      obj.metadata.deletionTimestamp = old.metadata.deletionTimestamp;
      obj.metadata.deletionGracePeriodSeconds = old.metadata.deletionGracePeriodSeconds;
    } else {
      delete obj.metadata.deletionTimestamp;
      delete obj.metadata.deletionGracePeriodSeconds;
    }
    if (obj.metadata.namespace === void 0) delete obj.metadata.namespace;
    if (sub === "main" && old.metadata.deletionTimestamp) {
      const had = new Set(old.metadata.finalizers ?? []);
      const added = (obj.metadata.finalizers ?? []).filter((f) => !had.has(f));
      if (added.length) {
        throw invalid(kind, old.metadata.name, [
          {
            type: "Forbidden",
            field: "metadata.finalizers",
            detail: `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(", ")}}`
          }
        ]);
      }
    }
    if ("status" in old) obj.status = old.status;
    prepareForUpdate(kind, obj, old, this.clock);
    validateUpdate(kind, obj, old);
    return this.commit(kind, old, obj, opts);
  }
  commit(kind, old, obj, opts, changed = false) {
    if (!changed && deepEqual(old, obj)) return old;
    if (opts.dryRun) return deepFreeze(obj);
    obj.metadata.resourceVersion = this.nextRV();
    const frozen = deepFreeze(obj);
    if (kind === "Event") {
      this.writes++;
      this.events.put(fromObject(frozen, this.clock.now()));
      if (frozen.metadata.deletionTimestamp && !frozen.metadata.finalizers?.length) this.remove(kind, frozen.metadata.namespace, frozen.metadata.name);
      return frozen;
    }
    this.put(kind, frozen);
    this.emit({ type: "MODIFIED", kind, obj: frozen, old });
    if (frozen.metadata.deletionTimestamp && !frozen.metadata.finalizers?.length && kind !== "Pod") {
      const removed = this.remove(kind, frozen.metadata.namespace, frozen.metadata.name);
      this.onOwnerDeleted?.(removed, "Background");
    }
    return frozen;
  }
  /**
   * Deletes an object the way the API server does. Pods bound to a node and not yet terminal get a
   * deletionTimestamp and are removed later by their kubelet (graceful deletion); everything else
   * goes at once. Returns the object as it stands after the call.
   */
  delete(kind, namespace, name, opts = {}) {
    const old = this.mustGet(kind, namespace, name);
    if (opts.dryRun) return old;
    if (kind === "Pod") {
      const pod = old;
      const defaultGrace = pod.spec.terminationGracePeriodSeconds ?? 30;
      let grace = opts.gracePeriodSeconds ?? defaultGrace;
      const phase = pod.status?.phase;
      if (!pod.spec.nodeName || phase === "Failed" || phase === "Succeeded") grace = 0;
      if (grace > 0) {
        if (old.metadata.deletionTimestamp) {
          const cur = old.metadata.deletionGracePeriodSeconds ?? defaultGrace;
          if (grace >= cur) return old;
        }
        const obj = { ...old, metadata: { ...old.metadata } };
        obj.metadata.deletionTimestamp = this.clock.iso(this.clock.now() + grace * 1e3);
        obj.metadata.deletionGracePeriodSeconds = grace;
        obj.metadata.resourceVersion = this.nextRV();
        const frozen = deepFreeze(obj);
        this.put(kind, frozen);
        this.emit({ type: "MODIFIED", kind, obj: frozen, old });
        return frozen;
      }
    }
    const policy = opts.propagationPolicy ?? "Background";
    const finalizers = old.metadata.finalizers ?? [];
    const addForeground = policy === "Foreground" && kind !== "Pod" && !finalizers.includes(FOREGROUND_DELETION_FINALIZER);
    if (finalizers.length || addForeground) {
      if (old.metadata.deletionTimestamp && !addForeground) return old;
      const obj = clone(old);
      if (!obj.metadata.deletionTimestamp) {
        obj.metadata.deletionTimestamp = this.clock.iso();
        obj.metadata.deletionGracePeriodSeconds = 0;
      }
      if (addForeground) obj.metadata.finalizers = [...finalizers, FOREGROUND_DELETION_FINALIZER];
      obj.metadata.resourceVersion = this.nextRV();
      const frozen = deepFreeze(obj);
      if (kind === "Event") {
        this.events.put(fromObject(frozen, this.clock.now()));
        return frozen;
      }
      this.put(kind, frozen);
      this.emit({ type: "MODIFIED", kind, obj: frozen, old });
      return frozen;
    }
    const removed = this.remove(kind, namespace, name);
    this.onOwnerDeleted?.(removed, policy === "Orphan" ? "Orphan" : "Background");
    return removed;
  }
  /** Removes an object from storage now (kubelet's final grace-0 delete, pod GC force delete). */
  remove(kind, namespace, name) {
    if (kind === "Event") {
      const old2 = this.get("Event", namespace, name);
      if (!old2) throw notFound(kind, name);
      this.events.delete(namespace ?? "default", name);
      this.nextRV();
      this.writes++;
      return old2;
    }
    const key = objectKey(NAMESPACED[kind] ? namespace : void 0, name);
    const old = this.objects.get(kind).get(key)?.obj;
    if (!old) throw notFound(kind, name);
    this.objects.get(kind).delete(key);
    if (NAMESPACED[kind]) this.byNamespace.get(kind).get(old.metadata.namespace)?.delete(name);
    this.sortedKeys.delete(kind);
    this.nextRV();
    this.emit({ type: "DELETED", kind, obj: old });
    return old;
  }
  /**
   * Puts an object exactly as another API server holds it (the page's mirror of a connected cluster,
   * src/connect): no defaulting, no validation, no new resourceVersion, no change record. Kinds this
   * store does not keep are ignored.
   */
  restore(input) {
    const kind = input.kind;
    const m = this.objects.get(kind);
    if (!m) return;
    const obj = deepFreeze(clone(input));
    const rv = Number(obj.metadata.resourceVersion);
    if (Number.isSafeInteger(rv) && rv > this.rv) this.rv = rv;
    if (kind === "Event") {
      this.events.put(fromObject(obj, this.clock.now()));
      return;
    }
    this.put(kind, obj);
    this.sortedKeys.delete(kind);
  }
  /** Every stored object, for snapshots (`events: false` leaves the Events out). */
  all(opts = {}) {
    const out = [];
    for (const [kind, m] of this.objects) {
      if (kind === "Event") {
        if (opts.events !== false) for (const r of this.events.values()) out.push(this.events.object(r));
      } else for (const c2 of m.values()) out.push(c2.obj);
    }
    return out;
  }
};
function byNamespaceAndName(a, b) {
  const an = a.metadata.namespace ?? "";
  const bn = b.metadata.namespace ?? "";
  if (an !== bn) return an < bn ? -1 : 1;
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}

// src/engine/lru.ts
var LRU_SIZE = 4096;
var UseOrder = class {
  front;
  back;
  pushFront(e) {
    e.prev = void 0;
    e.next = this.front;
    if (this.front) this.front.prev = e;
    this.front = e;
    if (!this.back) this.back = e;
  }
  moveToFront(e) {
    if (this.front === e) return;
    this.unlink(e);
    this.pushFront(e);
  }
  /** Takes the least recently used entry off the list. */
  popBack() {
    const e = this.back;
    if (e) this.unlink(e);
    return e;
  }
  unlink(e) {
    if (e.prev) e.prev.next = e.next;
    else this.front = e.next;
    if (e.next) e.next.prev = e.prev;
    else this.back = e.prev;
    e.prev = e.next = void 0;
  }
};
function innerKey(b, c2) {
  return c2 === void 0 ? b : `\0${b}\0${c2}`;
}
var SCAN_MAX = 16;
var KeyedLru = class extends UseOrder {
  constructor(size = LRU_SIZE) {
    super();
    this.size = size;
  }
  size;
  n = 0;
  /** object key → its only entry, or joined rest of the key → entry */
  index;
  /** The entry of (a, b, c), now the most recently used; undefined when there is none. */
  get(a, b, c2) {
    let e;
    if (this.index) {
      const x = this.index.get(a);
      e = x instanceof Map ? x.get(innerKey(b, c2)) : x !== void 0 && x.b === b && x.c === c2 ? x : void 0;
    } else for (e = this.front; e; e = e.next) if (e.a === a && e.b === b && e.c === c2) break;
    if (e) this.moveToFront(e);
    return e;
  }
  /** Adds an entry whose key is not in the cache, as the most recently used; forgets the oldest beyond the size. */
  add(e) {
    this.pushFront(e);
    this.n++;
    if (this.index) this.indexAdd(e);
    if (this.n > this.size) {
      const old = this.popBack();
      this.n--;
      if (this.index) this.indexDelete(old);
    }
    if (!this.index && this.n > SCAN_MAX) {
      this.index = /* @__PURE__ */ new Map();
      for (let x = this.front; x; x = x.next) this.indexAdd(x);
    }
  }
  /** Joined keys from the most to the least recently used (tests). */
  keys() {
    const out = [];
    for (let e = this.front; e; e = e.next) out.push(e.a + innerKey(e.b, e.c));
    return out;
  }
  /** How many entries the cache holds. */
  get length() {
    return this.n;
  }
  /** Whether the cache has built its index (tests). */
  get indexed() {
    return this.index !== void 0;
  }
  /** Indexes an entry: an object's only entry as it is, a Map (joined rest of the key → entry) once it has two. */
  indexAdd(e) {
    const index = this.index;
    const x = index.get(e.a);
    if (x === void 0) index.set(e.a, e);
    else if (x instanceof Map) x.set(innerKey(e.b, e.c), e);
    else
      index.set(
        e.a,
        /* @__PURE__ */ new Map([
          [innerKey(x.b, x.c), x],
          [innerKey(e.b, e.c), e]
        ])
      );
  }
  indexDelete(e) {
    const index = this.index;
    const x = index.get(e.a);
    if (!(x instanceof Map)) index.delete(e.a);
    else {
      x.delete(innerKey(e.b, e.c));
      if (x.size === 0) index.delete(e.a);
    }
  }
};

// src/engine/events.ts
var AGGREGATE_MAX_EVENTS = 10;
var AGGREGATE_INTERVAL_MS = 6e5;
var SPAM_BURST = 25;
var SPAM_QPS = 1 / 300;
var OBJECT_KEYS_MAX = 131072;
function spamKeyOf(ref) {
  return [ref.kind, ref.namespace ?? "", ref.name, ref.uid ?? "", ref.apiVersion ?? ""].join("\0");
}
var TWO_24 = 16777216;
var lastHi = NaN;
var lastHiHex = "";
function nanosHex(nowMs, seq) {
  const msLo = nowMs % TWO_24;
  let hi = (nowMs - msLo) / TWO_24 * 1e6;
  let lo = msLo * 1e6 + seq;
  const carry = Math.floor(lo / TWO_24);
  hi += carry;
  lo -= carry * TWO_24;
  const loHex = lo.toString(16);
  if (hi === 0) return loHex;
  if (hi !== lastHi) {
    lastHi = hi;
    lastHiHex = hi.toString(16);
  }
  return lastHiHex + "000000".slice(loHex.length) + loHex;
}
function addLocalKey(rec, message) {
  const k = rec.localKeys;
  if (k === void 0) rec.localKeys = message;
  else if (typeof k === "string") {
    if (k !== message) rec.localKeys = /* @__PURE__ */ new Set([k, message]);
  } else k.add(message);
  const now = rec.localKeys;
  return typeof now === "string" ? 1 : now.size;
}
var Correlator = class {
  /** the Events' source, one object shared by all the records this source writes */
  source;
  aggregates = new KeyedLru();
  logs = new KeyedLru();
  spam = new KeyedLru();
  constructor(component, host) {
    this.source = host ? { component, host } : { component };
  }
  /**
   * EventAggregate: the number of distinct messages of the event's group (type and reason about the
   * object) within the interval; from AGGREGATE_MAX_EVENTS on the event is counted as a combined one.
   */
  aggregate(objectKey2, aggregateKey, message, now) {
    let rec = this.aggregates.get(objectKey2, aggregateKey, void 0);
    if (!rec) {
      rec = { prev: void 0, next: void 0, a: objectKey2, b: aggregateKey, c: void 0, localKeys: void 0, last: 0 };
      this.aggregates.add(rec);
    } else if (now - rec.last > AGGREGATE_INTERVAL_MS) rec.localKeys = void 0;
    const size = addLocalKey(rec, message);
    rec.last = now;
    if (size < AGGREGATE_MAX_EVENTS) return false;
    const keys = rec.localKeys;
    keys.delete(keys.values().next().value);
    return true;
  }
  /** EventSourceObjectSpamFilter: false when the source has no token left for this object. */
  allow(spamKey, now) {
    let b = this.spam.get(spamKey, "", void 0);
    if (!b) {
      b = { prev: void 0, next: void 0, a: spamKey, b: "", c: void 0, tokens: SPAM_BURST, last: now };
      this.spam.add(b);
    }
    b.tokens = Math.min(SPAM_BURST, b.tokens + (now - b.last) / 1e3 * SPAM_QPS);
    b.last = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
};
var EventRecorder = class {
  constructor(store, clock) {
    this.store = store;
    this.clock = clock;
  }
  store;
  clock;
  seq = 0;
  isoAt = NaN;
  iso = "";
  /** component → host → correlator (two lookups of interned strings, no key made per event) */
  correlators = /* @__PURE__ */ new Map();
  /** the spam-filter key of each object (by uid) last seen: made once per object, not per event */
  objectKeys = /* @__PURE__ */ new Map();
  aggregateKeys = /* @__PURE__ */ new Map();
  /** Listeners see every event the recorder writes (including repeats counted into an existing Event). */
  listeners = [];
  /** the source of the last event and its correlator (a kubelet's pass writes a pod's events in a row) */
  lastComponent = "";
  lastHost = "";
  lastCorrelator;
  /** the reference of the last event (events about one object version in a row share it) */
  lastRef;
  correlator(component, host) {
    if (this.lastCorrelator && component === this.lastComponent && host === this.lastHost) return this.lastCorrelator;
    this.lastComponent = component;
    this.lastHost = host;
    let byHost = this.correlators.get(component);
    if (!byHost) this.correlators.set(component, byHost = /* @__PURE__ */ new Map());
    let c2 = byHost.get(host);
    if (!c2) byHost.set(host, c2 = new Correlator(component, host));
    return this.lastCorrelator = c2;
  }
  /** The event's object reference (shared with the last event's when it names the same object version). */
  reference(obj) {
    const md = obj.metadata;
    const r = this.lastRef;
    if (r && r.uid === md.uid && r.resourceVersion === md.resourceVersion && r.name === md.name && r.namespace === md.namespace && r.kind === obj.kind && r.apiVersion === obj.apiVersion) return r;
    return this.lastRef = { kind: obj.kind, namespace: md.namespace, name: md.name, uid: md.uid, apiVersion: obj.apiVersion, resourceVersion: md.resourceVersion };
  }
  /** The `\0type\0reason` key of a pair, one per pair (reasons are the components' constants). */
  aggregateKind(type, reason) {
    let byReason = this.aggregateKeys.get(type);
    if (!byReason) this.aggregateKeys.set(type, byReason = /* @__PURE__ */ new Map());
    let k = byReason.get(reason);
    if (k === void 0) byReason.set(reason, k = { key: `\0${type}\0${reason}`, message: "" });
    return k;
  }
  /** getSpamKey: the object's kind, namespace, name, uid and apiVersion joined (cached per uid). */
  spamKey(ref) {
    if (ref === this.spamKeyRef) return this.spamKeyText;
    this.spamKeyRef = ref;
    return this.spamKeyText = this.spamKeyOfUid(ref);
  }
  spamKeyRef;
  spamKeyText = "";
  spamKeyOfUid(ref) {
    const uid = ref.uid;
    if (uid === void 0) return spamKeyOf(ref);
    let k = this.objectKeys.get(uid);
    if (k === void 0 || k.kind !== ref.kind || k.namespace !== ref.namespace || k.name !== ref.name || k.apiVersion !== ref.apiVersion) {
      if (this.objectKeys.size >= OBJECT_KEYS_MAX) this.objectKeys.clear();
      k = { kind: ref.kind, namespace: ref.namespace, name: ref.name, apiVersion: ref.apiVersion, key: spamKeyOf(ref) };
      this.objectKeys.set(uid, k);
    }
    return k.key;
  }
  event(obj, type, reason, message, component, host) {
    const ref = this.reference(obj);
    const namespace = obj.metadata.namespace ?? "default";
    const nowMs = this.clock.now();
    if (nowMs !== this.isoAt) {
      this.isoAt = nowMs;
      this.iso = this.clock.iso();
    }
    const now = this.iso;
    const c2 = this.correlator(component, host ?? "");
    const spamKey = this.spamKey(ref);
    const kind = this.aggregateKind(type, reason);
    const aggregateKey = kind.key;
    if (message === kind.message) message = kind.message;
    else kind.message = message;
    const combined = c2.aggregate(spamKey, aggregateKey, message, nowMs);
    const logKey = combined ? void 0 : message;
    const eventMessage = combined ? `(combined from similar events): ${message}` : message;
    let last = c2.logs.get(spamKey, aggregateKey, logKey);
    const existing = last ? this.store.events.recordAt(last.key) : void 0;
    let name;
    if (last) {
      last.count += 1;
      name = existing ? existing.name : last.key.slice(namespace.length + 1);
    } else {
      const key = eventKey(namespace, `${ref.name}.${nanosHex(nowMs, this.seq++)}`);
      name = key.slice(namespace.length + 1);
      last = { prev: void 0, next: void 0, a: spamKey, b: aggregateKey, c: logKey, count: 1, firstTimestamp: now, key };
      c2.logs.add(last);
    }
    if (!c2.allow(spamKey, nowMs)) return;
    if (this.listeners.length) for (const l of this.listeners) l({ time: nowMs, type, reason, message: eventMessage, component, object: ref });
    if (existing) {
      this.store.updateEvent(existing, last.count, now, eventMessage);
      return;
    }
    const rec = {
      key: last.key,
      namespace,
      name,
      involvedObject: ref,
      reason,
      message: eventMessage,
      source: c2.source,
      firstTimestamp: last.firstTimestamp,
      lastTimestamp: now,
      count: last.count,
      type,
      reportingComponent: combined ? void 0 : component
    };
    this.store.createEvent(rec);
  }
};

// src/engine/workQueue.ts
var WorkQueue = class {
  heap = [];
  /** controller → key → the item waiting */
  waiting = /* @__PURE__ */ new Map();
  count = 0;
  seq = 0;
  get size() {
    return this.count;
  }
  /** Queues `run` at `at`. Returns false when an equal-or-earlier item with the same id waits already. */
  add(controller, key, at, reason, run) {
    let byKey = this.waiting.get(controller);
    if (!byKey) this.waiting.set(controller, byKey = /* @__PURE__ */ new Map());
    const existing = byKey.get(key);
    if (existing) {
      if (existing.at <= at) return false;
      existing.seq = -1;
      reason = existing.reason;
    }
    const item = { at, seq: this.seq++, controller, key, reason, run };
    if (!existing) this.count++;
    byKey.set(key, item);
    this.push(item);
    return true;
  }
  peekTime() {
    this.dropStale();
    return this.heap[0]?.at;
  }
  pop() {
    this.dropStale();
    const top = this.heap[0];
    if (!top) return void 0;
    const last = this.heap.pop();
    if (this.heap.length) {
      this.heap[0] = last;
      this.down(0);
    }
    if (this.waiting.get(top.controller).delete(top.key)) this.count--;
    return top;
  }
  /** Items in the order they will run (for the UI). */
  pending() {
    const out = [];
    for (const byKey of this.waiting.values()) for (const item of byKey.values()) out.push(item);
    return out.sort(compare);
  }
  clear() {
    this.heap = [];
    this.waiting.clear();
    this.count = 0;
  }
  dropStale() {
    while (this.heap.length && this.heap[0].seq === -1) {
      const last = this.heap.pop();
      if (this.heap.length) {
        this.heap[0] = last;
        this.down(0);
      }
    }
  }
  // Sifts move a hole instead of swapping pairs (one write per level), comparing inline.
  push(item) {
    const h = this.heap;
    let i = h.length;
    h.push(item);
    while (i > 0) {
      const p = i - 1 >> 1;
      const q = h[p];
      if (q.at < item.at || q.at === item.at && q.seq <= item.seq) break;
      h[i] = q;
      i = p;
    }
    h[i] = item;
  }
  down(i) {
    const h = this.heap;
    const n2 = h.length;
    const item = h[i];
    for (; ; ) {
      const l = 2 * i + 1;
      if (l >= n2) break;
      let m = l;
      let c2 = h[l];
      const r = l + 1;
      if (r < n2) {
        const rc = h[r];
        if (rc.at < c2.at || rc.at === c2.at && rc.seq < c2.seq) {
          m = r;
          c2 = rc;
        }
      }
      if (!(c2.at < item.at || c2.at === item.at && c2.seq < item.seq)) break;
      h[i] = c2;
      i = m;
    }
    h[i] = item;
  }
};
function compare(a, b) {
  if (a.at !== b.at) return a.at - b.at;
  return a.seq - b.seq;
}

// src/engine/timings.ts
var TIMINGS = {
  /** Informer delivery + work-queue latency before a controller syncs an object it was told about. */
  controllerSyncDelayMs: 10,
  /** Scheduler: from a pod appearing unscheduled to the binding. */
  schedulerDelayMs: 20,
  /** Scheduler retry of an unschedulable pod when nothing relevant changed (the unschedulable queue's flush). */
  schedulerRetryMs: 5 * 6e4,
  /** Kubelet: time to pull an image that is not on the node yet. */
  imagePullMs: 2e3,
  /** Kubelet: from image present to the container running. */
  containerStartMs: 500,
  /** Kubelet: readiness is reported this long after the container started (no readiness probe). */
  readinessDelayMs: 500,
  /** Kubelet: a container given SIGTERM exits after this long (capped by the grace period). */
  containerStopMs: 1500,
  /** Kubelet: a container that crashed is restarted after this back-off (first restart). */
  crashBackoffMs: 1e4,
  /** Node lifecycle controller: reaction time to a node condition or spec change. */
  nodeLifecycleDelayMs: 100,
  /** Garbage collector: reaction time to an owner's deletion. */
  garbageCollectorDelayMs: 50,
  /** Pod GC: period of the orphaned-pod check, and the quarantine before deleting (gc_controller.go). */
  podGCPeriodMs: 2e4,
  podGCQuarantineMs: 4e4,
  /** DaemonSet controller: failed-pod back-off (flowcontrol.NewBackOff(1s, 15m)). */
  failedPodBackoffInitialMs: 1e3,
  failedPodBackoffMaxMs: 15 * 6e4,
  /** DaemonSet controller: at most this many creates and deletes per sync (BurstReplicas). */
  burstReplicas: 250,
  /** `sim settle` gives up after this much simulated time. */
  settleLimitMs: 24 * 36e5
};

// src/engine/controller/daemonset/backoff.ts
var FailedPodsBackoff = class {
  constructor(initial = TIMINGS.failedPodBackoffInitialMs, max = TIMINGS.failedPodBackoffMaxMs) {
    this.initial = initial;
    this.max = max;
  }
  initial;
  max;
  entries = /* @__PURE__ */ new Map();
  /** failedPodsBackoffKey: `<ds uid>/<observedGeneration>/<node>` */
  key(ds, node) {
    return `${ds.metadata.uid}/${ds.status.observedGeneration ?? 0}/${node}`;
  }
  get(key) {
    return this.entries.get(key)?.backoff ?? 0;
  }
  next(key, now) {
    const e = this.entries.get(key);
    if (!e || now - e.lastUpdate > 2 * this.max) this.entries.set(key, { backoff: this.initial, lastUpdate: now });
    else this.entries.set(key, { backoff: Math.min(e.backoff * 2, this.max), lastUpdate: now });
  }
  inBackoffSinceUpdate(key, now) {
    const e = this.entries.get(key);
    return !!e && now - e.lastUpdate < e.backoff;
  }
};

// src/engine/controller/daemonset/decisions.ts
var DecisionLog = class {
  byNode = /* @__PURE__ */ new Map();
  add(d) {
    const l = this.byNode.get(d.node);
    if (l) l.push(d);
    else this.byNode.set(d.node, [d]);
  }
  forNode(node) {
    return this.byNode.get(node) ?? [];
  }
  all() {
    return [...this.byNode.values()].flat();
  }
};

// src/engine/api/podutil.ts
function getPodCondition(pod, type) {
  const cs = pod.status?.conditions;
  if (cs) {
    for (let i = 0; i < cs.length; i++) if (cs[i].type === type) return cs[i];
  }
  return void 0;
}
function isPodReady(pod) {
  return getPodCondition(pod, "Ready")?.status === "True";
}
function isPodAvailable(pod, minReadySeconds, now) {
  const c2 = getPodCondition(pod, "Ready");
  if (c2?.status !== "True") return false;
  if (minReadySeconds === 0) return true;
  const t = parseTime(c2.lastTransitionTime);
  return t !== void 0 && t + minReadySeconds * 1e3 <= now;
}
function isPodTerminal(pod) {
  return pod.status?.phase === "Failed" || pod.status?.phase === "Succeeded";
}
function controllerRef(pod) {
  const refs = pod.metadata.ownerReferences;
  if (refs) {
    for (let i = 0; i < refs.length; i++) if (refs[i].controller) return refs[i];
  }
  return void 0;
}
function getNodeCondition(node, type) {
  const cs = node.status?.conditions;
  if (cs) {
    for (let i = 0; i < cs.length; i++) if (cs[i].type === type) return cs[i];
  }
  return void 0;
}

// src/engine/controller/daemonset/sortedNames.ts
var CHUNK = 512;
var SortedNames = class _SortedNames {
  chunks = [];
  n = 0;
  get size() {
    return this.n;
  }
  clear() {
    this.chunks = [];
    this.n = 0;
  }
  /** Builds the set from names already sorted and unique (O(n)). */
  static fromSorted(names) {
    const s2 = new _SortedNames();
    for (let i = 0; i < names.length; i += CHUNK) s2.chunks.push(names.slice(i, i + CHUNK));
    s2.n = names.length;
    return s2;
  }
  chunkFor(name) {
    const c2 = this.chunks;
    let lo = 0;
    let hi = c2.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (c2[mid][0] <= name) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  has(name) {
    if (this.n === 0) return false;
    const ch = this.chunks[this.chunkFor(name)];
    const i = lowerBound(ch, name);
    return i < ch.length && ch[i] === name;
  }
  /** Adds a name; returns false when it was there already. */
  add(name) {
    if (this.n === 0) {
      this.chunks = [[name]];
      this.n = 1;
      return true;
    }
    const ci = this.chunkFor(name);
    const ch = this.chunks[ci];
    const i = lowerBound(ch, name);
    if (i < ch.length && ch[i] === name) return false;
    ch.splice(i, 0, name);
    this.n++;
    if (ch.length > 2 * CHUNK) this.chunks.splice(ci, 1, ch.slice(0, CHUNK), ch.slice(CHUNK));
    return true;
  }
  /** Removes a name; returns false when it was not there. */
  delete(name) {
    if (this.n === 0) return false;
    const ci = this.chunkFor(name);
    const ch = this.chunks[ci];
    const i = lowerBound(ch, name);
    if (i >= ch.length || ch[i] !== name) return false;
    ch.splice(i, 1);
    this.n--;
    if (ch.length === 0) this.chunks.splice(ci, 1);
    return true;
  }
  /** The first `k` names in order. */
  first(k) {
    const out = [];
    for (const ch of this.chunks) {
      for (const s2 of ch) {
        if (out.length >= k) return out;
        out.push(s2);
      }
    }
    return out;
  }
  *[Symbol.iterator]() {
    for (const ch of this.chunks) yield* ch;
  }
  toArray() {
    return this.chunks.flat();
  }
};
function lowerBound(a, x) {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// src/engine/scheduler/nodeAffinity.ts
function matchExpression(r, labels) {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  const v = labels[r.key];
  const values = r.values ?? [];
  switch (r.operator) {
    case "In":
      return has && values.includes(v);
    case "NotIn":
      return !has || !values.includes(v);
    case "Exists":
      return has;
    case "DoesNotExist":
      return !has;
    case "Gt":
    case "Lt": {
      if (!has || values.length !== 1) return false;
      const a = Number.parseInt(v, 10);
      const b = Number.parseInt(values[0], 10);
      if (!/^-?\d+$/.test(v) || !/^-?\d+$/.test(values[0])) return false;
      return r.operator === "Gt" ? a > b : a < b;
    }
    default:
      return false;
  }
}
function matchField(r, node) {
  if (r.key !== "metadata.name" || (r.values ?? []).length !== 1) return false;
  if (r.operator === "In") return node.metadata.name === r.values[0];
  if (r.operator === "NotIn") return node.metadata.name !== r.values[0];
  return false;
}
function termMatches(term, node) {
  const exprs = term.matchExpressions;
  const fields = term.matchFields;
  if (!exprs?.length && !fields?.length) return false;
  const labels = node.metadata.labels ?? {};
  if (exprs) {
    for (let i = 0; i < exprs.length; i++) if (!matchExpression(exprs[i], labels)) return false;
  }
  if (fields) {
    for (let i = 0; i < fields.length; i++) if (!matchField(fields[i], node)) return false;
  }
  return true;
}
var hasOwn3 = Object.prototype.hasOwnProperty;
function nodeSelectorMatches(nodeSelector, node) {
  if (!nodeSelector) return true;
  const labels = node.metadata.labels ?? {};
  for (const k in nodeSelector) {
    if (hasOwn3.call(nodeSelector, k) && labels[k] !== nodeSelector[k]) return false;
  }
  return true;
}
function requiredTermsMatch(spec2, node) {
  const req = spec2.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!req) return true;
  const terms = req.nodeSelectorTerms;
  if (terms) {
    for (let i = 0; i < terms.length; i++) if (termMatches(terms[i], node)) return true;
  }
  return false;
}
function podMatchesNodeAffinity(spec2, node) {
  return nodeSelectorMatches(spec2.nodeSelector, node) && requiredTermsMatch(spec2, node);
}
function pinnedNodeName(spec2) {
  const terms = spec2.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!terms) return void 0;
  for (const t of terms) {
    for (const f of t.matchFields ?? []) {
      if (f.key === "metadata.name" && f.operator === "In" && f.values?.length === 1) return f.values[0];
    }
  }
  return void 0;
}

// src/engine/controller/daemonset/podsByNode.ts
function controllerOf(obj) {
  const refs = obj.metadata.ownerReferences;
  if (!refs) return void 0;
  for (let i = 0; i < refs.length; i++) if (refs[i].controller) return refs[i];
  return void 0;
}
function targetNodeName(pod) {
  return pod.spec.nodeName || pinnedNodeName(pod.spec);
}
function claimPods(sim2, ds) {
  const byNode = /* @__PURE__ */ new Map();
  const all = [];
  const adopted = [];
  const released = [];
  const uid = ds.metadata.uid;
  const pods = [];
  sim2.store.each("Pod", ds.metadata.namespace, (p) => pods.push(p));
  const selector = fromLabelSelector(ds.spec.selector);
  for (let pod of pods) {
    const ref = controllerOf(pod);
    const match = selector !== null && matches(selector, pod.metadata.labels);
    if (ref) {
      if (ref.uid !== uid) continue;
      if (!match) {
        sim2.store.update({
          ...pod,
          metadata: { ...pod.metadata, ownerReferences: (pod.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid) }
        });
        released.push(pod.metadata.name);
        continue;
      }
    } else {
      if (!match || ds.metadata.deletionTimestamp || pod.metadata.deletionTimestamp) continue;
      pod = sim2.store.update({
        ...pod,
        metadata: {
          ...pod.metadata,
          ownerReferences: [
            ...pod.metadata.ownerReferences ?? [],
            { apiVersion: "apps/v1", kind: "DaemonSet", name: ds.metadata.name, uid, controller: true, blockOwnerDeletion: true }
          ]
        }
      });
      adopted.push(pod.metadata.name);
    }
    all.push(pod);
    if (isPodTerminal(pod) && pod.metadata.deletionTimestamp) continue;
    const node = targetNodeName(pod);
    if (!node) continue;
    const list2 = byNode.get(node);
    if (list2) list2.push(pod);
    else byNode.set(node, [pod]);
  }
  return { byNode, all, adopted, released };
}
function comparePods(a, b) {
  const as = a.spec.nodeName ? 0 : 1;
  const bs = b.spec.nodeName ? 0 : 1;
  if (as !== bs) return as - bs;
  const at = a.metadata.creationTimestamp;
  const bt = b.metadata.creationTimestamp;
  if (at !== bt) return at < bt ? -1 : 1;
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}

// src/engine/controller/daemonset/util.ts
var DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY = "controller-revision-hash";
var DAEMONSET_TEMPLATE_GENERATION_KEY = "pod-template-generation";
function daemonPodTolerations(hostNetwork) {
  const t = [
    { key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute" },
    { key: "node.kubernetes.io/unreachable", operator: "Exists", effect: "NoExecute" },
    { key: "node.kubernetes.io/disk-pressure", operator: "Exists", effect: "NoSchedule" },
    { key: "node.kubernetes.io/memory-pressure", operator: "Exists", effect: "NoSchedule" },
    { key: "node.kubernetes.io/pid-pressure", operator: "Exists", effect: "NoSchedule" },
    { key: "node.kubernetes.io/unschedulable", operator: "Exists", effect: "NoSchedule" }
  ];
  if (hostNetwork) t.push({ key: "node.kubernetes.io/network-unavailable", operator: "Exists", effect: "NoSchedule" });
  return t;
}
function sameToleration(a, b) {
  return (a.key ?? "") === (b.key ?? "") && (a.effect ?? "") === (b.effect ?? "") && (a.operator ?? "Equal") === (b.operator ?? "Equal") && (a.value ?? "") === (b.value ?? "");
}
function addOrUpdateDaemonPodTolerations(spec2) {
  const tols = [...spec2.tolerations ?? []];
  for (const inj of daemonPodTolerations(spec2.hostNetwork === true)) {
    const i = tols.findIndex((t) => sameToleration(t, inj));
    if (i >= 0) tols[i] = { ...inj };
    else tols.push({ ...inj });
  }
  spec2.tolerations = tols;
}
function replaceDaemonSetPodNodeNameNodeAffinity(spec2, nodeName2) {
  const term = {
    matchFields: [{ key: "metadata.name", operator: "In", values: [nodeName2] }]
  };
  const affinity = spec2.affinity ? { ...spec2.affinity } : {};
  const nodeAffinity2 = affinity.nodeAffinity ? { ...affinity.nodeAffinity } : {};
  nodeAffinity2.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: [term] };
  affinity.nodeAffinity = nodeAffinity2;
  spec2.affinity = affinity;
}
function newPodSpecForNode(template, nodeName2) {
  const spec2 = { ...template.spec, nodeName: nodeName2 };
  addOrUpdateDaemonPodTolerations(spec2);
  return spec2;
}
function templateGeneration(ds) {
  return ds.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION];
}
function readyCondition(pod) {
  const cs = pod.status?.conditions;
  if (!cs) return void 0;
  for (let i = 0; i < cs.length; i++) if (cs[i].type === "Ready") return cs[i];
  return void 0;
}
function isPodUpdated(pod, hash, generation) {
  const labels = pod.metadata.labels ?? {};
  const tg = generation !== void 0 && labels[DAEMONSET_TEMPLATE_GENERATION_KEY] === generation;
  return tg || hash !== "" && labels[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] === hash;
}
function getPodsPrefix(controllerName) {
  const prefix = `${controllerName}-`;
  return /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*-?$/.test(prefix) ? prefix : controllerName;
}
function newDaemonPod(ds, nodeName2, hash) {
  const base = daemonPodBase(ds, hash);
  const spec2 = { ...base.spec };
  replaceDaemonSetPodNodeNameNodeAffinity(spec2, nodeName2);
  const metadata = { ...base.metadata };
  return { apiVersion: "v1", kind: "Pod", metadata, spec: spec2, status: {} };
}
var bases = /* @__PURE__ */ new WeakMap();
function daemonPodBase(ds, hash) {
  const frozen = Object.isFrozen(ds) && Object.isFrozen(ds.spec.template);
  const known = frozen ? bases.get(ds) : void 0;
  if (known && known.hash === hash) return known;
  const t = ds.spec.template;
  const spec2 = { ...t.spec };
  addOrUpdateDaemonPodTolerations(spec2);
  const labels = { ...t.metadata?.labels };
  const gen = templateGeneration(ds);
  if (gen !== void 0) labels[DAEMONSET_TEMPLATE_GENERATION_KEY] = gen;
  if (hash) labels[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] = hash;
  const metadata = {
    generateName: getPodsPrefix(ds.metadata.name),
    namespace: ds.metadata.namespace,
    labels,
    ownerReferences: [
      { apiVersion: "apps/v1", kind: "DaemonSet", name: ds.metadata.name, uid: ds.metadata.uid, controller: true, blockOwnerDeletion: true }
    ]
  };
  if (t.metadata?.annotations && Object.keys(t.metadata.annotations).length) metadata.annotations = { ...t.metadata.annotations };
  const fin = t.metadata?.finalizers;
  if (fin?.length) metadata.finalizers = [...fin];
  const base = { hash, metadata, spec: spec2 };
  if (!frozen) return base;
  for (const v of Object.values(metadata)) if (typeof v === "object") deepFreeze(v);
  if (spec2.tolerations) deepFreeze(spec2.tolerations);
  bases.set(ds, base);
  return base;
}
function scaledValue(v, total) {
  if (v === void 0) return 0;
  if (typeof v === "number") return v;
  const m = /^(\d+)%$/.exec(v);
  if (!m) return Number(v) || 0;
  return Math.ceil(Number(m[1]) * total / 100);
}
function updatedDesiredNodeCounts(ds, desired) {
  const ru = ds.spec.updateStrategy?.rollingUpdate;
  let maxUnavailable = scaledValue(ru?.maxUnavailable, desired);
  const maxSurge = scaledValue(ru?.maxSurge, desired);
  if (desired > 0 && maxUnavailable === 0 && maxSurge === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable };
}

// src/engine/controller/daemonset/informer.ts
var TOUCH_MANAGE = 1;
var TOUCH_ROLLING = 2;
var TOUCH_STATUS = 4;
var TOUCH_MANAGE_IF_SURGE = 8;
var TOUCH_ALL = TOUCH_MANAGE | TOUCH_ROLLING | TOUCH_STATUS;
var TOUCH_DELETION = TOUCH_MANAGE | TOUCH_ROLLING;
var TOUCH_PHASE = TOUCH_MANAGE;
var TOUCH_READY = TOUCH_ROLLING | TOUCH_STATUS | TOUCH_MANAGE_IF_SURGE;
var SCHEDULED = 16;
var OwnerIndex = class {
  /** pod uid → entry */
  pods = /* @__PURE__ */ new Map();
  /** node name → pods meant for it, terminal pods that are being deleted left out (claimPods.byNode) */
  byNode = /* @__PURE__ */ new Map();
  /** controller-revision-hash → number of controlled pods carrying it (terminal and terminating included) */
  hashes = /* @__PURE__ */ new Map();
  /** who hears what the changes of these pods touched (the DaemonSet's sync state, once it has one) */
  listener;
  /** The sequence number (store order) of a listed pod. */
  seqOf(pod) {
    return this.pods.get(pod.metadata.uid)?.seq ?? 0;
  }
};
function podDelta(old, pod, seen = { ready: readySince(old) }) {
  const om = old.metadata;
  const nm = pod.metadata;
  let bits = 0;
  if (old.status !== pod.status) {
    if (terminalPhase(old) !== terminalPhase(pod)) bits |= TOUCH_PHASE;
    if (old.status?.conditions !== pod.status?.conditions) {
      const ready = readySince(pod);
      if (ready !== seen.ready) {
        bits |= TOUCH_READY;
        seen.ready = ready;
      }
    }
  }
  if (om.labels !== nm.labels || om.name !== nm.name || om.creationTimestamp !== nm.creationTimestamp) return TOUCH_ALL;
  if (om.deletionTimestamp !== nm.deletionTimestamp) bits |= TOUCH_DELETION;
  if (old.spec !== pod.spec && !old.spec.nodeName !== !pod.spec.nodeName) bits |= SCHEDULED;
  return bits;
}
function terminalPhase(pod) {
  const p = pod.status?.phase;
  return p === "Failed" || p === "Succeeded" ? p : "";
}
function readySince(pod) {
  const c2 = readyCondition(pod);
  return c2?.status === "True" ? c2.lastTransitionTime ?? "" : null;
}
var DaemonSetInformer = class {
  nodeNames = new SortedNames();
  owners = /* @__PURE__ */ new Map();
  /** pods without a controller, per namespace: uid → pod (claimPods may adopt them) */
  orphans = /* @__PURE__ */ new Map();
  seq = 0;
  entries = /* @__PURE__ */ new Map();
  owner(uid) {
    return this.owners.get(uid);
  }
  /** Sets who hears about the pods `owner` controls (undefined: nobody). */
  listen(owner, listener) {
    if (listener) this.index(owner).listener = listener;
    else {
      const o = this.owners.get(owner);
      if (o) o.listener = void 0;
    }
  }
  /** Applies a node change. */
  observeNode(c2) {
    if (c2.type === "ADDED") this.nodeNames.add(c2.obj.metadata.name);
    else if (c2.type === "DELETED") this.nodeNames.delete(c2.obj.metadata.name);
  }
  /** Applies a pod change and tells the owners' listeners what it touched (the old owner's nodes and the new one's). */
  observePod(c2) {
    const pod = c2.obj;
    const uid = pod.metadata.uid;
    let e = this.entries.get(uid);
    if (c2.type === "DELETED") {
      if (!e) return;
      this.entries.delete(uid);
      if (e.owner !== void 0) this.disown(e);
      else this.orphans.get(pod.metadata.namespace ?? "default")?.delete(uid);
      return;
    }
    if (!e || c2.type === "ADDED") {
      if (e) this.observePod({ type: "DELETED", kind: "Pod", obj: e.pod });
      e = { pod, seq: ++this.seq, owner: void 0, index: void 0, target: targetNodeName(pod), node: void 0, list: void 0, ready: readySince(pod) };
      this.entries.set(uid, e);
      this.own(e, controllerOf(pod)?.uid);
      return;
    }
    const prev = e.pod;
    const owner = prev.metadata.ownerReferences === pod.metadata.ownerReferences ? e.owner : controllerOf(pod)?.uid;
    if (owner !== e.owner) {
      if (e.owner !== void 0) this.disown(e);
      else this.orphans.get(pod.metadata.namespace ?? "default")?.delete(uid);
      e.pod = pod;
      e.ready = readySince(pod);
      if (prev.spec !== pod.spec) e.target = targetNodeName(pod);
      this.own(e, owner);
      return;
    }
    if (prev.spec !== pod.spec) e.target = targetNodeName(pod);
    e.pod = pod;
    if (owner === void 0) {
      e.ready = readySince(pod);
      this.orphans.get(pod.metadata.namespace ?? "default")?.set(uid, pod);
      return;
    }
    const o = e.index;
    let bits = podDelta(prev, pod, e);
    if (prev.metadata.labels !== pod.metadata.labels) {
      bumpHash(o, prev, -1);
      bumpHash(o, pod, 1);
      o.listener?.podToCheck(uid);
    }
    const node = isPodTerminal(pod) && pod.metadata.deletionTimestamp ? void 0 : e.target;
    if (node !== void 0 && node === e.node && replaceListed(e, prev, pod)) {
      if (bits & SCHEDULED) bits = bits & ~SCHEDULED | (e.list.length > 1 || !this.nodeNames.has(node) ? TOUCH_MANAGE | TOUCH_STATUS : 0);
      if (bits) o.listener?.podTouched(node, bits);
      return;
    }
    const was = e.node;
    if (was !== void 0) {
      unlist(o, e, prev);
      o.listener?.podTouched(was, TOUCH_ALL);
    }
    e.node = node;
    if (node !== void 0) {
      list(o, e);
      if (node !== was) o.listener?.podTouched(node, TOUCH_ALL);
    } else if (e.target !== void 0 && e.target !== was) {
      o.listener?.podTouched(e.target, TOUCH_ALL);
    }
  }
  index(uid) {
    let o = this.owners.get(uid);
    if (!o) this.owners.set(uid, o = new OwnerIndex());
    return o;
  }
  /** Makes `owner` (undefined: nobody) the owner of entry `e`, whose pod is not listed anywhere. */
  own(e, owner) {
    const pod = e.pod;
    const uid = pod.metadata.uid;
    e.owner = owner;
    e.node = void 0;
    if (owner === void 0) {
      const ns = pod.metadata.namespace ?? "default";
      let s2 = this.orphans.get(ns);
      if (!s2) this.orphans.set(ns, s2 = /* @__PURE__ */ new Map());
      s2.set(uid, pod);
      return;
    }
    const o = this.index(owner);
    e.index = o;
    o.pods.set(uid, e);
    bumpHash(o, pod, 1);
    o.listener?.podToCheck(uid);
    const listed2 = !(isPodTerminal(pod) && pod.metadata.deletionTimestamp);
    if (listed2 && e.target !== void 0) {
      e.node = e.target;
      list(o, e);
    }
    if (e.target !== void 0) o.listener?.podTouched(e.target, TOUCH_ALL);
  }
  /** Takes entry `e` (its pod as last seen) away from its owner. */
  disown(e) {
    const o = e.index;
    e.owner = void 0;
    e.index = void 0;
    const was = e.node;
    if (o && was !== void 0) unlist(o, e, e.pod);
    e.node = void 0;
    if (!o || !o.pods.delete(e.pod.metadata.uid)) return;
    bumpHash(o, e.pod, -1);
    const t = was ?? e.target;
    if (t !== void 0) o.listener?.podTouched(t, TOUCH_ALL);
  }
};
function bumpHash(o, pod, d) {
  const h = pod.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY];
  if (!h) return;
  const n2 = (o.hashes.get(h) ?? 0) + d;
  if (n2 <= 0) o.hashes.delete(h);
  else o.hashes.set(h, n2);
}
function list(o, e) {
  const node = e.node;
  const cur = o.byNode.get(node);
  if (!cur) {
    o.byNode.set(node, e.list = [e.pod]);
    return;
  }
  let i = cur.length;
  while (i > 0 && o.seqOf(cur[i - 1]) > e.seq) i--;
  cur.splice(i, 0, e.pod);
  e.list = cur;
}
function replaceListed(e, prev, next) {
  const cur = e.list;
  if (!cur) return false;
  const i = cur.length === 1 ? cur[0] === prev ? 0 : -1 : cur.indexOf(prev);
  if (i < 0) return false;
  cur[i] = next;
  return true;
}
function unlist(o, e, pod) {
  const node = e.node;
  const cur = e.list ?? o.byNode.get(node);
  e.list = void 0;
  if (!cur) return;
  const name = pod.metadata.name;
  let j = 0;
  for (let i = 0; i < cur.length; i++) if (cur[i].metadata.name !== name) cur[j++] = cur[i];
  cur.length = j;
  if (j === 0) o.byNode.delete(node);
}

// src/engine/controller/daemonset/incrementalSync.ts
var EMPTY = /* @__PURE__ */ new Map();
var EMPTY_HASHES = /* @__PURE__ */ new Map();
function isTerminating(pods, name) {
  if (!pods || name === void 0) return false;
  for (const p of pods) if (p.metadata.name === name) return !!p.metadata.deletionTimestamp;
  return false;
}
var IncrementalSync = class {
  constructor(sim2, informer, state, ds, hash) {
    this.sim = sim2;
    this.informer = informer;
    this.state = state;
    this.ds = ds;
    this.hash = hash;
    this.owner = () => informer.owner(ds.metadata.uid);
  }
  sim;
  informer;
  state;
  ds;
  hash;
  /** the nodes manage visits this sync: existing ones in name order, then missing ones in claim order */
  visited = [];
  owner;
  byNode() {
    return this.owner()?.byNode ?? EMPTY;
  }
  getNode = (name) => this.sim.store.get("Node", void 0, name);
  /** Whether claimPods would adopt or release anything: orphans matching the selector, owned pods no longer matching. */
  needsClaim(selectorChanged) {
    const { ds, state } = this;
    const sel = fromLabelSelector(ds.spec.selector);
    if (!sel) return false;
    const ns = ds.metadata.namespace;
    const orphans = this.informer.orphans.get(ns ?? "default");
    if (orphans) {
      for (const pod of orphans.values()) if (!pod.metadata.deletionTimestamp && matches(sel, pod.metadata.labels)) return true;
    }
    const owner = this.owner();
    if (!owner) return false;
    if (selectorChanged) {
      for (const e of owner.pods.values()) if (!matches(sel, e.pod.metadata.labels)) return true;
      return false;
    }
    for (const uid of state.changedPods) {
      const e = owner.pods.get(uid);
      if (e && !matches(sel, e.pod.metadata.labels)) return true;
    }
    return false;
  }
  context(key, decisions, requeueAfter, notes) {
    const { sim: sim2, ds, state, informer } = this;
    const selectorChanged = state.prepare(ds, this.hash, informer.nodeNames, this.getNode, sim2.now());
    if (this.needsClaim(selectorChanged)) {
      const claim = claimPods(sim2, ds);
      if (claim.adopted.length) notes.push(`adopted ${claim.adopted.join(", ")}`);
      if (claim.released.length) notes.push(`released ${claim.released.join(", ")}`);
    }
    state.changedPods.clear();
    const byNode = this.byNode();
    const names = this.visited;
    const missing = [];
    const nodes = [];
    const nodeNames = informer.nodeNames;
    let visitedSet;
    if (state.allDirty) {
      state.manageDecisions.clear();
      state.needsPod.clear();
      for (const n2 of nodeNames) names.push(n2);
      for (const n2 of byNode.keys()) if (!nodeNames.has(n2)) missing.push(n2);
      state.manageDirty.clear();
    } else {
      const dirty = state.manageDirty;
      for (const n2 of state.pending) dirty.add(n2);
      if (dirty.size * 8 > nodeNames.size) {
        for (const n2 of nodeNames) if (dirty.has(n2)) names.push(n2);
      } else {
        for (const n2 of dirty) if (nodeNames.has(n2)) names.push(n2);
        names.sort();
      }
      if (names.length < dirty.size) {
        for (const n2 of dirty) {
          if (nodeNames.has(n2)) continue;
          if (byNode.has(n2)) missing.push(n2);
          else {
            state.manageDecisions.delete(n2);
            state.needsPod.delete(n2);
          }
        }
      }
      visitedSet = dirty;
      state.manageDirty = /* @__PURE__ */ new Set();
    }
    for (let i = 0; i < names.length; i++) nodes.push(this.getNode(names[i]));
    if (missing.length > 1) {
      const owner = this.owner();
      missing.sort((a, b) => owner.seqOf(byNode.get(a)[0]) - owner.seqOf(byNode.get(b)[0]));
    }
    for (const n2 of missing) names.push(n2);
    const needsPod = state.needsPod;
    const knownNeedingPods = visitedSet ? (function* (visited) {
      for (const n2 of needsPod) if (!visited.has(n2)) yield n2;
    })(visitedSet) : void 0;
    return {
      sim: sim2,
      ds,
      key,
      nodes,
      knownNeedingPods,
      missingNodes: missing.map((n2) => [n2, byNode.get(n2)]),
      hash: this.hash,
      nodeToDaemonPods: byNode,
      shouldRun: state.shouldRun,
      decisions,
      requeueAfter,
      notes
    };
  }
  /** Remembers what manage decided for the nodes it visited; those with work left are visited again. */
  afterManage(ctx) {
    const { state } = this;
    const { pending, needsPod, manageDecisions } = state;
    const byNode = this.byNode();
    for (const n2 of this.visited) {
      const d = ctx.decisions.forNode(n2);
      if (d.length) manageDecisions.set(n2, d);
      else manageDecisions.delete(n2);
      let revisit = false;
      for (let i = 0; i < d.length; i++) {
        const a = d[i].action;
        if (a === "delete" || a === "wait" && !isTerminating(byNode.get(n2), d[i].pod)) revisit = true;
      }
      if (revisit) pending.add(n2);
      else if (pending.size) pending.delete(n2);
      if (d.length === 1 && d[0].action === "create") needsPod.add(n2);
      else if (needsPod.size) needsPod.delete(n2);
    }
    if (pending.size) {
      for (const n2 of pending) if (!this.informer.nodeNames.has(n2) && !byNode.has(n2)) pending.delete(n2);
    }
    state.allDirty = false;
  }
  rollingUpdate(ctx) {
    const { state, sim: sim2, ds } = this;
    const byNode = this.byNode();
    const all = state.rollingAll;
    const dirty = all ? "all" : [...state.rollingDirty];
    state.rollingDirty.clear();
    state.rollingAll = false;
    const informer = this.informer;
    const wrote = state.rolling.run(
      ctx,
      state.desired,
      dirty,
      function* () {
        yield* informer.nodeNames;
        for (const n2 of byNode.keys()) if (!informer.nodeNames.has(n2)) yield n2;
      },
      {
        hash: this.hash,
        generation: templateGeneration(ds),
        minReady: ds.spec.minReadySeconds ?? 0,
        now: sim2.now(),
        shouldRun: state.shouldRun,
        pods: byNode,
        wakeups: state.wakeups
      }
    );
    return wrote;
  }
  /** The controller-revision-hash values that controlled pods still carry (cleanupHistory keeps them). */
  liveHashes() {
    return new Set((this.owner()?.hashes ?? EMPTY_HASHES).keys());
  }
  calculateStatus(fresh, requeueAfter) {
    const { state, sim: sim2 } = this;
    const byNode = this.byNode();
    const now = sim2.now();
    const minReady = fresh.spec.minReadySeconds ?? 0;
    const generation = templateGeneration(fresh);
    const names = state.statusAll ? this.informer.nodeNames : state.statusDirty;
    if (state.statusAll) state.status.reset();
    for (const n2 of names) state.status.evaluate(n2, state.shouldRun.get(n2)?.shouldRun, byNode.get(n2), this.hash, generation, minReady, now);
    state.statusDirty.clear();
    state.statusAll = false;
    const next = state.status.nextAvailableAt();
    if (next !== void 0) requeueAfter(Math.max(0, next - now), "a ready pod becomes available after minReadySeconds");
    return state.status.status(fresh);
  }
  /** The last sync's decisions, per node: manage's at its last visit, then the rolling update's. */
  decisions() {
    const state = this.state;
    return {
      forNode: (node) => {
        const m = state.manageDecisions.get(node) ?? [];
        const r = state.rolling.decisionsFor(node);
        return r.length ? [...m, ...r] : m;
      }
    };
  }
};

// src/engine/scheduler/taints.ts
function toleratesTaint(t, taint) {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  switch (t.operator ?? "Equal") {
    case "Exists":
      return true;
    case "Equal":
      return (t.value ?? "") === (taint.value ?? "");
    default:
      return false;
  }
}
function tolerationsTolerateTaint(tols, taint) {
  return (tols ?? []).some((t) => toleratesTaint(t, taint));
}
function findUntoleratedTaint(taints, tols, effects) {
  return (taints ?? []).find((taint) => effects.includes(taint.effect) && !tolerationsTolerateTaint(tols, taint));
}
function taintString(t) {
  return `${t.key}${t.value ? `=${t.value}` : ""}:${t.effect}`;
}
function taintBraces(t) {
  return `{${t.key}: ${t.value ?? ""}}`;
}

// src/engine/controller/daemonset/nodeShouldRunDaemonPod.ts
function shouldRunFast(node, ds, tolerations) {
  const spec2 = ds.spec.template.spec;
  if (spec2.nodeName && spec2.nodeName !== node.metadata.name) return { shouldRun: false, shouldContinueRunning: false };
  if (!nodeSelectorMatches(spec2.nodeSelector, node) || !requiredTermsMatch(spec2, node)) return { shouldRun: false, shouldContinueRunning: false };
  let fits = true;
  for (const taint of node.spec.taints ?? []) {
    if (taint.effect === "PreferNoSchedule") continue;
    if (tolerationsTolerateTaint(tolerations, taint)) continue;
    if (taint.effect === "NoExecute") return { shouldRun: false, shouldContinueRunning: false };
    fits = false;
  }
  return fits ? RUN : CONTINUE_ONLY;
}
var RUN = Object.freeze({ shouldRun: true, shouldContinueRunning: true });
var CONTINUE_ONLY = Object.freeze({ shouldRun: false, shouldContinueRunning: true });
function daemonTolerations(ds) {
  return newPodSpecForNode(ds.spec.template, "").tolerations ?? [];
}

// src/engine/controller/daemonset/manage.ts
function podsShouldBeOnNode(ctx, node, backoff, plan) {
  const name = node.metadata.name;
  const { shouldRun, shouldContinueRunning } = ctx.shouldRun.get(name);
  const daemonPods = ctx.nodeToDaemonPods.get(name) ?? [];
  const log = ctx.decisions;
  if (shouldRun && daemonPods.length === 0) {
    plan.nodesNeedingDaemonPods.push(name);
    log.add({ node: name, action: "create", reason: "node should run a daemon pod and has none" });
    return;
  }
  if (shouldContinueRunning) {
    const running = [];
    for (const pod of daemonPods) {
      if (pod.metadata.deletionTimestamp) {
        log.add({ node: name, action: "wait", pod: pod.metadata.name, reason: "pod is terminating; a replacement waits until it is gone" });
        continue;
      }
      if (pod.status?.phase === "Failed") {
        const key = backoff.key(ctx.ds, name);
        const now = ctx.sim.now();
        if (backoff.inBackoffSinceUpdate(key, now)) {
          const delay = backoff.get(key);
          ctx.requeueAfter(delay, `failed pod ${pod.metadata.name} in back-off`);
          log.add({ node: name, action: "wait", pod: pod.metadata.name, reason: `failed pod; deletion backs off ${delay / 1e3}s` });
          continue;
        }
        backoff.next(key, now);
        ctx.sim.recorder.event(
          ctx.ds,
          "Warning",
          "FailedDaemonPod",
          `Found failed daemon pod ${pod.metadata.namespace}/${pod.metadata.name} on node ${name}, will try to kill it`,
          "daemonset-controller"
        );
        plan.podsToDelete.push(pod);
        log.add({ node: name, action: "delete", pod: pod.metadata.name, reason: "pod failed; it is deleted and replaced on the next sync" });
        continue;
      }
      if (pod.status?.phase === "Succeeded") {
        ctx.sim.recorder.event(
          ctx.ds,
          "Normal",
          "SucceededDaemonPod",
          `Found succeeded daemon pod ${pod.metadata.namespace}/${pod.metadata.name} on node ${name}, will try to delete it`,
          "daemonset-controller"
        );
        plan.podsToDelete.push(pod);
        log.add({ node: name, action: "delete", pod: pod.metadata.name, reason: "pod succeeded; a daemon pod must keep running" });
        continue;
      }
      running.push(pod);
    }
    if (!surgeAllowed(ctx.ds)) {
      if (running.length > 1) {
        running.sort(comparePods);
        for (const p of running.slice(1)) {
          plan.podsToDelete.push(p);
          log.add({ node: name, action: "delete", pod: p.metadata.name, reason: `duplicate: ${running[0].metadata.name} is kept (scheduled first, then oldest)` });
        }
      }
      if (running.length >= 1) {
        log.add({
          node: name,
          action: "keep",
          pod: running[0].metadata.name,
          reason: shouldRun ? "node runs its daemon pod" : "pod may keep running (an untolerated NoSchedule taint only blocks new pods)"
        });
      }
      return;
    }
    let oldestNew;
    let oldestOld;
    const gen = templateGeneration(ctx.ds);
    for (const pod of running.slice().sort(comparePods)) {
      if (isPodUpdated(pod, ctx.hash, gen) && pod.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] === ctx.hash) {
        if (!oldestNew) {
          oldestNew = pod;
          continue;
        }
      } else if (!oldestOld) {
        oldestOld = pod;
        continue;
      }
      plan.podsToDelete.push(pod);
      log.add({ node: name, action: "delete", pod: pod.metadata.name, reason: "extra pod while surging" });
    }
    if (oldestNew && oldestOld) {
      const minReady = ctx.ds.spec.minReadySeconds ?? 0;
      if (!isPodReady(oldestOld)) {
        plan.podsToDelete.push(oldestOld);
        log.add({ node: name, action: "delete", pod: oldestOld.metadata.name, reason: "old pod is not ready; its surge replacement exists" });
      } else if (isPodAvailable(oldestNew, minReady, ctx.sim.now())) {
        plan.podsToDelete.push(oldestOld);
        log.add({ node: name, action: "delete", pod: oldestOld.metadata.name, reason: "surge replacement is available" });
      } else {
        log.add({ node: name, action: "wait", pod: oldestNew.metadata.name, reason: "surge pod is not available yet; the old pod keeps serving" });
      }
    } else if (oldestNew || oldestOld) {
      log.add({ node: name, action: "keep", pod: (oldestNew ?? oldestOld).metadata.name, reason: "node runs its daemon pod" });
    }
    return;
  }
  if (daemonPods.length > 0) {
    for (const pod of daemonPods) {
      if (pod.metadata.deletionTimestamp) continue;
      plan.podsToDelete.push(pod);
      log.add({ node: name, action: "delete", pod: pod.metadata.name, reason: "node should no longer run this daemon pod" });
    }
    return;
  }
  log.add({ node: name, action: "none", reason: "node should not run a daemon pod" });
}
function manage(ctx, backoff) {
  const plan = { nodesNeedingDaemonPods: [], podsToDelete: [] };
  for (const node of ctx.nodes) podsShouldBeOnNode(ctx, node, backoff, plan);
  for (const [nodeName2, pods] of ctx.missingNodes) {
    for (const pod of pods) {
      if (!pod.spec.nodeName && !pod.metadata.deletionTimestamp) {
        plan.podsToDelete.push(pod);
        ctx.decisions.add({ node: nodeName2, action: "delete", pod: pod.metadata.name, reason: "unscheduled pod for a node that no longer exists" });
      }
    }
  }
  if (ctx.knownNeedingPods) plan.nodesNeedingDaemonPods = mergeFirst(plan.nodesNeedingDaemonPods, ctx.knownNeedingPods, TIMINGS.burstReplicas + 1);
  return syncNodes(ctx, plan.podsToDelete, plan.nodesNeedingDaemonPods);
}
function mergeFirst(a, b, k) {
  const out = [];
  let i = 0;
  for (const name of b) {
    while (i < a.length && a[i] < name && out.length < k) out.push(a[i++]);
    if (out.length >= k) return out;
    out.push(name);
  }
  while (i < a.length && out.length < k) out.push(a[i++]);
  return out;
}
function syncNodes(ctx, podsToDelete, nodesNeedingDaemonPods) {
  const { sim: sim2, ds } = ctx;
  const burst = TIMINGS.burstReplicas;
  const createDiff = Math.min(nodesNeedingDaemonPods.length, burst);
  const deleteDiff = Math.min(podsToDelete.length, burst);
  if (nodesNeedingDaemonPods.length > burst || podsToDelete.length > burst) {
    ctx.requeueAfter(0, "more than burstReplicas changes pending");
  }
  let created = 0;
  for (const nodeName2 of nodesNeedingDaemonPods.slice(0, createDiff)) {
    try {
      const pod = sim2.store.create(newDaemonPod(ds, nodeName2, ctx.hash));
      created++;
      sim2.recorder.event(ds, "Normal", "SuccessfulCreate", `Created pod: ${pod.metadata.name}`, "daemonset-controller");
    } catch (e) {
      sim2.recorder.event(ds, "Warning", "FailedCreate", `Error creating: ${e.message}`, "daemonset-controller");
      break;
    }
  }
  let deleted = 0;
  for (const pod of podsToDelete.slice(0, deleteDiff)) {
    try {
      sim2.store.delete("Pod", pod.metadata.namespace, pod.metadata.name);
      deleted++;
      sim2.recorder.event(ds, "Normal", "SuccessfulDelete", `Deleted pod: ${pod.metadata.name}`, "daemonset-controller");
    } catch (e) {
      sim2.recorder.event(ds, "Warning", "FailedDelete", `Error deleting: ${e.message}`, "daemonset-controller");
    }
  }
  if (created) ctx.notes.push(`created ${created} pod${created === 1 ? "" : "s"}`);
  if (deleted) ctx.notes.push(`deleted ${deleted} pod${deleted === 1 ? "" : "s"}`);
  return created + deleted > 0;
}

// src/engine/controller/daemonset/rollingUpdate.ts
function findUpdatedPodsOnNode(pods, hash, generation) {
  return findUpdatedPodsOnNodeInto(pods, hash, generation, { ok: true });
}
function findUpdatedPodsOnNodeInto(pods, hash, generation, out) {
  out.newPod = void 0;
  out.oldPod = void 0;
  out.ok = false;
  let newPod;
  let oldPod;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    if (isPodUpdated(pod, hash, generation)) {
      if (newPod) return out;
      newPod = pod;
    } else {
      if (oldPod) return out;
      oldPod = pod;
    }
  }
  out.newPod = newPod;
  out.oldPod = oldPod;
  out.ok = true;
  return out;
}
function rollingUpdate(ctx) {
  const { ds, sim: sim2, hash } = ctx;
  const now = sim2.now();
  const minReady = ds.spec.minReadySeconds ?? 0;
  const generation = templateGeneration(ds);
  const nodeNames = new Set(ctx.nodeToDaemonPods.keys());
  let desired = 0;
  for (const [n2, r] of ctx.shouldRun) {
    if (r.shouldRun) {
      desired++;
      nodeNames.add(n2);
    }
  }
  const names = [...nodeNames].sort();
  const { maxSurge, maxUnavailable } = updatedDesiredNodeCounts(ds, desired);
  const log = ctx.decisions;
  if (maxSurge === 0) {
    let numUnavailable = 0;
    const allowedReplacementPods = [];
    const candidates = [];
    for (const node of names) {
      const { newPod, oldPod, ok } = findUpdatedPodsOnNode(ctx.nodeToDaemonPods.get(node) ?? [], hash, generation);
      if (!ok) {
        numUnavailable++;
        continue;
      }
      if (!oldPod && !newPod) {
        numUnavailable++;
      } else if (!oldPod) {
        if (!isPodAvailable(newPod, minReady, now)) numUnavailable++;
      } else if (newPod) {
        numUnavailable++;
      } else if (!isPodAvailable(oldPod, minReady, now)) {
        allowedReplacementPods.push(oldPod);
        numUnavailable++;
        log.add({ node, action: "delete", pod: oldPod.metadata.name, reason: "rolling update: old pod is unavailable, replace it first" });
      } else {
        candidates.push({ node, pod: oldPod });
      }
    }
    const remaining = Math.max(0, maxUnavailable - numUnavailable);
    const chosen = candidates.slice(0, remaining);
    for (const c2 of chosen) {
      log.add({ node: c2.node, action: "delete", pod: c2.pod.metadata.name, reason: `rolling update: replace old pod (maxUnavailable ${maxUnavailable})` });
    }
    for (const c2 of candidates.slice(remaining)) {
      log.add({ node: c2.node, action: "wait", pod: c2.pod.metadata.name, reason: `rolling update: waits, ${numUnavailable + chosen.length} of maxUnavailable ${maxUnavailable} nodes unavailable` });
    }
    const toDelete = [...allowedReplacementPods, ...chosen.map((c2) => c2.pod)];
    if (toDelete.length) ctx.notes.push(`rolling update: ${toDelete.length} old pod(s) to replace`);
    return syncNodes(ctx, toDelete, []);
  }
  let numSurge = 0;
  let numAvailable = 0;
  const allowedNewNodes = [];
  const candidateNewNodes = [];
  const shouldNotRunPodsToDelete = [];
  const oldPodsToDelete = [];
  for (const node of names) {
    const { newPod, oldPod, ok } = findUpdatedPodsOnNode(ctx.nodeToDaemonPods.get(node) ?? [], hash, generation);
    if (!ok) {
      numSurge++;
      continue;
    }
    const shouldRun = ctx.shouldRun.get(node)?.shouldRun ?? false;
    if (oldPod ? isPodAvailable(oldPod, minReady, now) : newPod ? isPodAvailable(newPod, minReady, now) : false) numAvailable++;
    if (!oldPod) continue;
    if (!newPod) {
      if (!isPodAvailable(oldPod, minReady, now)) {
        if (!shouldRun) {
          oldPodsToDelete.push(oldPod);
          log.add({ node, action: "delete", pod: oldPod.metadata.name, reason: "rolling update: unavailable old pod on a node that should not run one" });
        } else {
          allowedNewNodes.push(node);
          log.add({ node, action: "create", reason: "rolling update: old pod is unavailable, surge a new one now" });
        }
      } else if (!shouldRun) {
        shouldNotRunPodsToDelete.push(oldPod);
      } else {
        candidateNewNodes.push(node);
      }
      continue;
    }
    if (!isPodAvailable(newPod, minReady, now)) {
      numSurge++;
      continue;
    }
    oldPodsToDelete.push(oldPod);
    log.add({ node, action: "delete", pod: oldPod.metadata.name, reason: "rolling update: the new pod is available, remove the old one" });
  }
  const remainingSurge = Math.max(0, maxSurge - numSurge);
  const surgeNodes = candidateNewNodes.slice(0, remainingSurge);
  for (const node of surgeNodes) log.add({ node, action: "create", reason: `rolling update: surge a new pod (maxSurge ${maxSurge})` });
  for (const node of candidateNewNodes.slice(remainingSurge)) {
    log.add({ node, action: "wait", reason: `rolling update: waits, ${numSurge + surgeNodes.length} of maxSurge ${maxSurge} surge pods not available yet` });
  }
  const allowedShouldNotRun = Math.min(shouldNotRunPodsToDelete.length, Math.max(0, numAvailable - desired));
  pushAll(oldPodsToDelete, shouldNotRunPodsToDelete.slice(0, allowedShouldNotRun));
  const creates = [...allowedNewNodes, ...surgeNodes];
  if (creates.length || oldPodsToDelete.length) {
    ctx.notes.push(`rolling update: surge ${creates.length}, remove ${oldPodsToDelete.length} old pod(s)`);
  }
  return syncNodes(ctx, oldPodsToDelete, creates);
}

// src/engine/controller/daemonset/rollingUpdateState.ts
function counts(cat) {
  return cat === "unavailable" || cat === "replace" || cat === "surging";
}
function listed(cat) {
  return cat !== "unavailable" && cat !== "done" && cat !== "surging" && cat !== "none";
}
var RollingUpdateState = class {
  surge;
  places = /* @__PURE__ */ new Map();
  sets = /* @__PURE__ */ new Map();
  counted = 0;
  availableCount = 0;
  last;
  scratch = { ok: true };
  reset() {
    this.surge = void 0;
    this.places.clear();
    this.sets.clear();
    this.counted = 0;
    this.availableCount = 0;
    this.last = void 0;
  }
  /** The last round did not run (manage wrote, or the strategy is OnDelete). */
  skipped() {
    this.last = void 0;
  }
  set(cat) {
    let s2 = this.sets.get(cat);
    if (!s2) this.sets.set(cat, s2 = new SortedNames());
    return s2;
  }
  /** Sets one node's place (cat undefined: the node is not in the rollout); keeps the counters and sets. */
  place(node, cat, pod, available = false, reason) {
    const prev = this.places.get(node);
    if (prev) {
      if (prev.cat === cat && prev.available === available) {
        prev.pod = pod;
        prev.reason = reason;
        return;
      }
      if (counts(prev.cat)) this.counted--;
      if (prev.available) this.availableCount--;
      if (listed(prev.cat)) this.sets.get(prev.cat)?.delete(node);
    }
    if (cat === void 0) {
      if (prev) this.places.delete(node);
      return;
    }
    if (prev) {
      prev.cat = cat;
      prev.pod = pod;
      prev.available = available;
      prev.reason = reason;
    } else {
      this.places.set(node, { cat, pod, available, reason });
    }
    if (counts(cat)) this.counted++;
    if (available) this.availableCount++;
    if (listed(cat)) this.set(cat).add(node);
  }
  /** isPodAvailable; a ready pod that is not available yet asks to be looked at again when it is. */
  avail(pod, node, inp) {
    const c2 = readyCondition(pod);
    if (c2?.status !== "True") return false;
    if (inp.minReady === 0) return true;
    const t = parseTime(c2.lastTransitionTime);
    if (t === void 0) return false;
    if (t + inp.minReady * 1e3 <= inp.now) return true;
    inp.wakeups.push(t + inp.minReady * 1e3, node);
    return false;
  }
  /** Recomputes one node's place (the node is in the rollout when it has pods or should run one). */
  evaluate(node, inp) {
    const pods = inp.pods.get(node);
    const shouldRun = inp.shouldRun.get(node)?.shouldRun ?? false;
    if (!(pods && pods.length) && !shouldRun) {
      this.place(node, void 0);
      return;
    }
    const { newPod, oldPod, ok } = findUpdatedPodsOnNodeInto(pods ?? [], inp.hash, inp.generation, this.scratch);
    if (!this.surge) {
      if (!ok || !oldPod && !newPod || oldPod && newPod) this.place(node, "unavailable");
      else if (!oldPod) this.place(node, this.avail(newPod, node, inp) ? "done" : "unavailable");
      else if (!this.avail(oldPod, node, inp)) this.place(node, "replace", oldPod);
      else this.place(node, "candidate", oldPod);
      return;
    }
    if (!ok) {
      this.place(node, "surging");
      return;
    }
    const oldAvail = oldPod ? this.avail(oldPod, node, inp) : false;
    const newAvail = newPod ? this.avail(newPod, node, inp) : false;
    const available = oldPod ? oldAvail : newPod ? newAvail : false;
    if (!oldPod) this.place(node, "none", void 0, available);
    else if (!newPod) {
      if (!oldAvail) {
        if (!shouldRun) this.place(node, "deleteOld", oldPod, available, "rolling update: unavailable old pod on a node that should not run one");
        else this.place(node, "allowNew", void 0, available);
      } else if (!shouldRun) this.place(node, "shouldNotRun", oldPod, available);
      else this.place(node, "surgeCandidate", void 0, available);
    } else if (!newAvail) this.place(node, "surging", void 0, available);
    else this.place(node, "deleteOld", oldPod, available, "rolling update: the new pod is available, remove the old one");
  }
  /**
   * One rolling-update round. `dirty` lists the nodes to look at again, or 'all'; `allNames` yields
   * every node name in the rollout (existing nodes and nodes that only have pods).
   */
  run(ctx, desired, dirty, allNames, inp) {
    const { maxSurge, maxUnavailable } = updatedDesiredNodeCounts(ctx.ds, desired);
    const surge = maxSurge !== 0;
    if (surge !== this.surge) dirty = "all";
    if (dirty === "all") {
      this.reset();
      this.surge = surge;
    }
    for (const node of dirty === "all" ? allNames() : dirty) this.evaluate(node, inp);
    const log = new DecisionLog();
    const burst = TIMINGS.burstReplicas;
    if (!surge) {
      const numUnavailable = this.counted;
      const remaining = Math.max(0, maxUnavailable - numUnavailable);
      const chosen = this.set("candidate").first(remaining);
      const toDelete = [];
      const replace = this.set("replace");
      for (const node of replace) {
        const pod = this.places.get(node).pod;
        toDelete.push(pod);
        log.add({ node, action: "delete", pod: pod.metadata.name, reason: "rolling update: old pod is unavailable, replace it first" });
      }
      for (let i = 0; i < chosen.length && toDelete.length <= burst; i++) toDelete.push(this.places.get(chosen[i]).pod);
      this.last = {
        log,
        chosen: new Set(chosen),
        chosenReason: `rolling update: replace old pod (maxUnavailable ${maxUnavailable})`,
        withPod: true,
        waitReason: `rolling update: waits, ${numUnavailable + chosen.length} of maxUnavailable ${maxUnavailable} nodes unavailable`
      };
      const total = replace.size + chosen.length;
      if (total) ctx.notes.push(`rolling update: ${total} old pod(s) to replace`);
      return syncNodes(ctx, toDelete, []);
    }
    const numSurge = this.counted;
    const remainingSurge = Math.max(0, maxSurge - numSurge);
    const surgeNodes = this.set("surgeCandidate").first(remainingSurge);
    const oldPodsToDelete = [];
    for (const node of this.set("deleteOld")) {
      const p = this.places.get(node);
      oldPodsToDelete.push(p.pod);
      log.add({ node, action: "delete", pod: p.pod.metadata.name, reason: p.reason });
    }
    const allowedNew = this.set("allowNew").toArray();
    for (const node of allowedNew) log.add({ node, action: "create", reason: "rolling update: old pod is unavailable, surge a new one now" });
    const shouldNotRun = this.set("shouldNotRun");
    const allowedShouldNotRun = Math.min(shouldNotRun.size, Math.max(0, this.availableCount - desired));
    for (const node of shouldNotRun.first(allowedShouldNotRun)) oldPodsToDelete.push(this.places.get(node).pod);
    this.last = {
      log,
      chosen: new Set(surgeNodes),
      chosenReason: `rolling update: surge a new pod (maxSurge ${maxSurge})`,
      withPod: false,
      waitReason: `rolling update: waits, ${numSurge + surgeNodes.length} of maxSurge ${maxSurge} surge pods not available yet`
    };
    const creates = [...allowedNew, ...surgeNodes];
    if (creates.length || oldPodsToDelete.length) ctx.notes.push(`rolling update: surge ${creates.length}, remove ${oldPodsToDelete.length} old pod(s)`);
    return syncNodes(ctx, oldPodsToDelete, creates);
  }
  /** What the last round decided for one node (explicit decisions, or the wait of a candidate). */
  decisionsFor(node) {
    const last = this.last;
    if (!last) return [];
    const explicit = last.log.forNode(node);
    if (explicit.length) return explicit;
    const p = this.places.get(node);
    if (!p) return [];
    if (last.chosen.has(node)) {
      return last.withPod ? [{ node, action: "delete", pod: p.pod.metadata.name, reason: last.chosenReason }] : [{ node, action: "create", reason: last.chosenReason }];
    }
    if (p.cat === "candidate") return [{ node, action: "wait", pod: p.pod.metadata.name, reason: last.waitReason }];
    if (p.cat === "surgeCandidate") return [{ node, action: "wait", reason: last.waitReason }];
    return [];
  }
};

// src/engine/controller/daemonset/timerQueue.ts
var TimerQueue = class {
  h = [];
  get size() {
    return this.h.length;
  }
  push(at, node) {
    const h = this.h;
    h.push({ at, node });
    let i = h.length - 1;
    while (i > 0) {
      const p = i - 1 >> 1;
      if (h[p].at <= h[i].at) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }
  peek() {
    return this.h[0];
  }
  pop() {
    const h = this.h;
    const top = h[0];
    if (!top) return void 0;
    const last = h.pop();
    if (h.length) {
      h[0] = last;
      let i = 0;
      for (; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && h[l].at < h[m].at) m = l;
        if (r < h.length && h[r].at < h[m].at) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }
  clear() {
    this.h = [];
  }
};

// src/engine/controller/daemonset/status.ts
function calculateStatus(ctx) {
  const { ds, sim: sim2, hash } = ctx;
  const now = sim2.now();
  const minReady = ds.spec.minReadySeconds ?? 0;
  const generation = templateGeneration(ds);
  let desired = 0;
  let current = 0;
  let misscheduled = 0;
  let ready = 0;
  let available = 0;
  let updated = 0;
  let nextAvailableAt;
  for (const node of ctx.nodes) {
    const name = node.metadata.name;
    const shouldRun = ctx.shouldRun.get(name).shouldRun;
    const pods = ctx.nodeToDaemonPods.get(name);
    const scheduled = !!pods && pods.length > 0;
    if (shouldRun) {
      desired++;
      if (!scheduled) continue;
      current++;
      const pod = pods.length > 1 ? [...pods].sort(comparePods)[0] : pods[0];
      if (isPodReady(pod)) {
        ready++;
        if (isPodAvailable(pod, minReady, now)) available++;
        else {
          const t = parseTime(pod.status.conditions?.find((c2) => c2.type === "Ready")?.lastTransitionTime);
          if (t !== void 0) {
            const at = t + minReady * 1e3;
            nextAvailableAt = nextAvailableAt === void 0 ? at : Math.min(nextAvailableAt, at);
          }
        }
      }
      if (isPodUpdated(pod, hash, generation)) updated++;
    } else if (scheduled) {
      misscheduled++;
    }
  }
  if (nextAvailableAt !== void 0) ctx.requeueAfter(Math.max(0, nextAvailableAt - now), "a ready pod becomes available after minReadySeconds");
  return newDaemonSetStatus(ds, { desired, current, misscheduled, ready, available, updated });
}
function newDaemonSetStatus(ds, c2) {
  const status = {
    currentNumberScheduled: c2.current,
    numberMisscheduled: c2.misscheduled,
    desiredNumberScheduled: c2.desired,
    numberReady: c2.ready,
    observedGeneration: ds.metadata.generation,
    updatedNumberScheduled: c2.updated,
    numberAvailable: c2.available,
    numberUnavailable: c2.desired - c2.available
  };
  if (ds.status.collisionCount !== void 0) status.collisionCount = ds.status.collisionCount;
  return status;
}
function updateDaemonSetStatus(ctx, calculate = (fresh) => calculateStatus({ ...ctx, ds: fresh })) {
  const fresh = ctx.sim.store.get("DaemonSet", ctx.ds.metadata.namespace, ctx.ds.metadata.name);
  if (!fresh) return false;
  const status = calculate(fresh);
  const s2 = fresh.status;
  const same2 = s2.currentNumberScheduled === status.currentNumberScheduled && s2.numberMisscheduled === status.numberMisscheduled && s2.desiredNumberScheduled === status.desiredNumberScheduled && s2.numberReady === status.numberReady && s2.observedGeneration === status.observedGeneration && s2.updatedNumberScheduled === status.updatedNumberScheduled && s2.numberAvailable === status.numberAvailable && s2.numberUnavailable === status.numberUnavailable;
  if (same2) return false;
  ctx.sim.store.updateStatus({ ...fresh, status });
  const parts = [`${status.desiredNumberScheduled} desired`, `${status.currentNumberScheduled} current`, `${status.numberReady} ready`, `${status.updatedNumberScheduled} up-to-date`, `${status.numberAvailable} available`];
  ctx.notes.push(`status ${parts.join(", ")}`);
  return true;
}

// src/engine/controller/daemonset/statusCounters.ts
var DESIRED = 1;
var CURRENT = 2;
var MISSCHEDULED = 4;
var READY = 8;
var AVAILABLE = 16;
var UPDATED = 32;
var BITS = [DESIRED, CURRENT, MISSCHEDULED, READY, AVAILABLE, UPDATED];
var StatusCounters = class {
  contrib = /* @__PURE__ */ new Map();
  /** node → when its ready pod becomes available (only for ready, not yet available pods) */
  availableAt = /* @__PURE__ */ new Map();
  timers = new TimerQueue();
  sums = [0, 0, 0, 0, 0, 0];
  reset() {
    this.contrib.clear();
    this.availableAt.clear();
    this.timers.clear();
    this.sums.fill(0);
  }
  /** Nodes whose pod became available by `now` (their contribution must be recomputed). */
  due(now) {
    const out = [];
    for (let t = this.timers.peek(); t && t.at <= now; t = this.timers.peek()) {
      this.timers.pop();
      if (this.availableAt.get(t.node) === t.at) out.push(t.node);
    }
    return out;
  }
  /** Recomputes one node's contribution; `shouldRun` undefined means the node does not exist. */
  evaluate(node, shouldRun, pods, hash, generation, minReady, now) {
    let bits = 0;
    let at;
    if (shouldRun !== void 0) {
      const scheduled = !!pods && pods.length > 0;
      if (shouldRun) {
        bits |= DESIRED;
        if (scheduled) {
          bits |= CURRENT;
          const pod = pods.length > 1 ? [...pods].sort(comparePods)[0] : pods[0];
          const ready = readyCondition(pod);
          if (ready?.status === "True") {
            bits |= READY;
            if (minReady === 0) bits |= AVAILABLE;
            else {
              const t = parseTime(ready.lastTransitionTime);
              if (t !== void 0 && t + minReady * 1e3 <= now) bits |= AVAILABLE;
              else if (t !== void 0) at = t + minReady * 1e3;
            }
          }
          if (isPodUpdated(pod, hash, generation)) bits |= UPDATED;
        }
      } else if (scheduled) {
        bits |= MISSCHEDULED;
      }
    }
    const prev = this.contrib.get(node) ?? 0;
    if (prev !== bits) {
      for (let i = 0; i < BITS.length; i++) this.sums[i] += (bits & BITS[i] ? 1 : 0) - (prev & BITS[i] ? 1 : 0);
      if (bits) this.contrib.set(node, bits);
      else this.contrib.delete(node);
    }
    if (at !== void 0) {
      if (this.availableAt.get(node) !== at) {
        this.availableAt.set(node, at);
        this.timers.push(at, node);
      }
    } else if (this.availableAt.size) {
      this.availableAt.delete(node);
    }
  }
  /** The earliest time a ready pod becomes available, if any. */
  nextAvailableAt() {
    for (let t = this.timers.peek(); t; t = this.timers.peek()) {
      if (this.availableAt.get(t.node) === t.at) return t.at;
      this.timers.pop();
    }
    return void 0;
  }
  status(ds) {
    const [desired, current, misscheduled, ready, available, updated] = this.sums;
    return newDaemonSetStatus(ds, { desired, current, misscheduled, ready, available, updated });
  }
};

// src/engine/controller/daemonset/syncState.ts
var DaemonSetSyncState = class {
  constructor(uid) {
    this.uid = uid;
  }
  uid;
  spec;
  hash = "";
  generation;
  tolerations = [];
  shouldRun = /* @__PURE__ */ new Map();
  desired = 0;
  /** next sync looks at every node (first sync, template or hash change) */
  allDirty = true;
  nodeChanged = /* @__PURE__ */ new Set();
  manageDirty = /* @__PURE__ */ new Set();
  rollingDirty = /* @__PURE__ */ new Set();
  rollingAll = true;
  statusDirty = /* @__PURE__ */ new Set();
  statusAll = true;
  /**
   * nodes where manage decided to delete, or to wait for something other than a pod's termination
   * (a failed pod's back-off, a surge pod becoming available): visited again next sync. A wait for a
   * terminating pod ends with that pod's deletion, which touches the node.
   */
  pending = /* @__PURE__ */ new Set();
  /** nodes where manage decided to create a pod: not visited again until they change */
  needsPod = new SortedNames();
  /** maxSurge > 0 at the last sync: manage then reads readiness too (a template change makes every node dirty) */
  surge = false;
  /** owned pods (uids) new to the DaemonSet or with new labels since the last sync (checked against the selector) */
  changedPods = /* @__PURE__ */ new Set();
  /** the decisions of manage at its last visit of each node */
  manageDecisions = /* @__PURE__ */ new Map();
  status = new StatusCounters();
  rolling = new RollingUpdateState();
  /** nodes to look at again when a ready pod becomes available (rolling update) */
  wakeups = new TimerQueue();
  /** A pod or node changed on `node`. */
  touch(node) {
    this.manageDirty.add(node);
    this.rollingDirty.add(node);
    this.statusDirty.add(node);
  }
  /** A pod on `node` changed; `bits` (TOUCH_*) say which consumers must look again. */
  podTouched(node, bits) {
    if (bits & TOUCH_MANAGE || bits & TOUCH_MANAGE_IF_SURGE && this.surge) this.manageDirty.add(node);
    if (bits & TOUCH_ROLLING) this.rollingDirty.add(node);
    if (bits & TOUCH_STATUS) this.statusDirty.add(node);
  }
  podToCheck(uid) {
    this.changedPods.add(uid);
  }
  nodeTouched(node) {
    this.nodeChanged.add(node);
    this.touch(node);
  }
  setShouldRun(name, r) {
    const prev = this.shouldRun.get(name);
    if (prev?.shouldRun) this.desired--;
    if (r) {
      this.shouldRun.set(name, r);
      if (r.shouldRun) this.desired++;
    } else {
      this.shouldRun.delete(name);
    }
  }
  /**
   * Brings the cache up to date with the DaemonSet and the nodes. Returns true when the selector
   * may have changed (the pod claim must then look at every pod).
   */
  prepare(ds, hash, nodeNames, getNode, now) {
    const generation = templateGeneration(ds);
    const surge = surgeAllowed(ds);
    const specChanged = ds.spec !== this.spec;
    const selectorChanged = !this.spec || this.spec.selector !== ds.spec.selector && !deepEqual(this.spec.selector, ds.spec.selector);
    if (specChanged || hash !== this.hash || generation !== this.generation) {
      if (!this.spec || surge || this.surge || !sameShouldRunInputs(this.spec, ds.spec)) this.allDirty = true;
      this.spec = ds.spec;
      this.hash = hash;
      this.generation = generation;
      this.rollingAll = true;
      this.statusAll = true;
      this.rollingDirty.clear();
      this.statusDirty.clear();
      this.wakeups.clear();
    }
    this.surge = surge;
    if (this.allDirty) {
      this.tolerations = daemonTolerations(ds);
      this.shouldRun.clear();
      this.desired = 0;
      for (const name of nodeNames) this.setShouldRun(name, shouldRunFast(getNode(name), ds, this.tolerations));
      this.nodeChanged.clear();
      this.manageDirty.clear();
      this.rollingDirty.clear();
      this.statusDirty.clear();
      this.rollingAll = true;
      this.statusAll = true;
      this.wakeups.clear();
    } else {
      for (const name of this.nodeChanged) {
        const node = getNode(name);
        this.setShouldRun(name, node ? shouldRunFast(node, ds, this.tolerations) : void 0);
      }
      this.nodeChanged.clear();
      for (let t = this.wakeups.peek(); t && t.at <= now; t = this.wakeups.peek()) {
        this.wakeups.pop();
        this.rollingDirty.add(t.node);
      }
      for (const node of this.status.due(now)) this.statusDirty.add(node);
    }
    return selectorChanged;
  }
};
function sameShouldRunInputs(a, b) {
  const x = a.template.spec;
  const y = b.template.spec;
  return x.nodeName === y.nodeName && x.hostNetwork === y.hostNetwork && deepEqual(x.nodeSelector, y.nodeSelector) && deepEqual(x.affinity, y.affinity) && deepEqual(x.tolerations, y.tolerations);
}
function surgeAllowed(ds) {
  const us = ds.spec.updateStrategy;
  if (us?.type !== "RollingUpdate") return false;
  const ms = us.rollingUpdate?.maxSurge;
  return ms !== void 0 && ms !== 0 && ms !== "0%";
}

// src/engine/controller/daemonset/history.ts
function fnv1a32(bytes, h = 2166136261) {
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i];
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h >>> 0;
}
var encoder = new TextEncoder();
function computeHash(template, collisionCount) {
  let h = fnv1a32(encoder.encode(canonicalJSON(withoutEmptyResources(template))));
  if (collisionCount !== void 0 && collisionCount !== null) {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setUint32(0, collisionCount >>> 0, true);
    h = fnv1a32(b, h);
  }
  return safeEncodeString(String(h));
}
function withoutEmptyResources(t) {
  const strip = (cs) => cs?.map((c2) => {
    if (!c2.resources || Object.keys(c2.resources).length > 0) return c2;
    const { resources: _r, ...rest } = c2;
    return rest;
  });
  const spec2 = t.spec && { ...t.spec, containers: strip(t.spec.containers) };
  if (spec2 && t.spec.initContainers) spec2.initContainers = strip(t.spec.initContainers);
  return spec2 ? { ...t, spec: spec2 } : t;
}
function getPatch(ds) {
  const t = clone(ds.spec.template);
  return { spec: { template: { ...t, $patch: "replace" } } };
}
function revisionMatches(ds, cr) {
  return jsonOf(cr.data, () => cr.data) === jsonOf(ds.spec.template, () => getPatch(ds));
}
var jsonMemo = /* @__PURE__ */ new WeakMap();
function jsonOf(key, make) {
  if (key === null || typeof key !== "object" || !Object.isFrozen(key)) return canonicalJSON(make());
  let s2 = jsonMemo.get(key);
  if (s2 === void 0) jsonMemo.set(key, s2 = canonicalJSON(make()));
  return s2;
}
function maxRevision(crs) {
  return crs.reduce((m, c2) => Math.max(m, c2.revision), 0);
}
function controlledHistories(sim2, ds) {
  const out = [];
  for (const cr of sim2.store.list("ControllerRevision", ds.metadata.namespace)) {
    const ref = controllerRef(cr);
    const match = selectorMatches(ds.spec.selector, cr.metadata.labels);
    if (ref) {
      if (ref.uid !== ds.metadata.uid) continue;
      if (!match) {
        sim2.store.update({
          ...cr,
          metadata: { ...cr.metadata, ownerReferences: (cr.metadata.ownerReferences ?? []).filter((r) => r.uid !== ds.metadata.uid) }
        });
        continue;
      }
      out.push(cr);
    } else if (match && !ds.metadata.deletionTimestamp) {
      out.push(
        sim2.store.update({
          ...cr,
          metadata: {
            ...cr.metadata,
            ownerReferences: [
              ...cr.metadata.ownerReferences ?? [],
              { apiVersion: "apps/v1", kind: "DaemonSet", name: ds.metadata.name, uid: ds.metadata.uid, controller: true, blockOwnerDeletion: true }
            ]
          }
        })
      );
    }
  }
  return out;
}
function constructHistory(sim2, ds) {
  let histories = controlledHistories(sim2, ds);
  histories = histories.map(
    (h) => h.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] ? h : sim2.store.update({
      ...h,
      metadata: { ...h.metadata, labels: { ...h.metadata.labels, [DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY]: h.metadata.name } }
    })
  );
  const cur = [];
  const old = [];
  for (const h of histories) (revisionMatches(ds, h) ? cur : old).push(h);
  const currRevision = maxRevision(old) + 1;
  let current;
  let note = "";
  if (cur.length === 0) {
    current = snapshot(sim2, ds, currRevision);
    note = `created ControllerRevision ${current.metadata.name} (revision ${current.revision})`;
  } else {
    current = dedupCurHistories(sim2, ds, cur);
    if (current.revision < currRevision) {
      note = `renumbered ControllerRevision ${current.metadata.name} from revision ${current.revision} to ${currRevision}`;
      current = sim2.store.update({ ...current, revision: currRevision });
    }
  }
  const hash = current.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] ?? current.metadata.name;
  return { cur: current, old, hash, note };
}
function snapshot(sim2, ds, revision) {
  const hash = computeHash(ds.spec.template, ds.status.collisionCount);
  const name = `${ds.metadata.name}-${hash}`;
  const cr = {
    apiVersion: "apps/v1",
    kind: "ControllerRevision",
    metadata: {
      name,
      namespace: ds.metadata.namespace,
      labels: { ...ds.spec.template.metadata?.labels, [DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY]: hash },
      annotations: { ...ds.metadata.annotations },
      ownerReferences: [
        { apiVersion: "apps/v1", kind: "DaemonSet", name: ds.metadata.name, uid: ds.metadata.uid, controller: true, blockOwnerDeletion: true }
      ]
    },
    data: getPatch(ds),
    revision
  };
  try {
    return sim2.store.create(cr);
  } catch (e) {
    if (!(e instanceof StatusError) || e.reason !== "AlreadyExists") throw e;
    const existing = sim2.store.get("ControllerRevision", ds.metadata.namespace, name);
    if (canonicalJSON(existing.data) === canonicalJSON(cr.data)) return existing;
    const fresh = sim2.store.get("DaemonSet", ds.metadata.namespace, ds.metadata.name);
    const count = (fresh.status.collisionCount ?? 0) + 1;
    sim2.store.updateStatus({ ...fresh, status: { ...fresh.status, collisionCount: count } });
    throw new Error(`found a stale ControllerRevision ${name} with the same hash; collisionCount is now ${count}`);
  }
}
function dedupCurHistories(sim2, ds, cur) {
  if (cur.length === 1) return cur[0];
  let keep = cur[0];
  for (const c2 of cur) if (c2.revision >= keep.revision) keep = c2;
  const keepHash = keep.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] ?? keep.metadata.name;
  for (const pod of sim2.store.list("Pod", ds.metadata.namespace)) {
    if (controllerRef(pod)?.uid !== ds.metadata.uid) continue;
    if (pod.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] !== keepHash) {
      sim2.store.update({ ...pod, metadata: { ...pod.metadata, labels: { ...pod.metadata.labels, [DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY]: keepHash } } });
    }
  }
  for (const c2 of cur) if (c2 !== keep) sim2.store.delete("ControllerRevision", c2.metadata.namespace, c2.metadata.name);
  return keep;
}
function cleanupHistory(sim2, ds, old, liveHashes) {
  const limit = ds.spec.revisionHistoryLimit ?? 10;
  let toKill = old.length - limit;
  if (toKill <= 0) return [];
  const deleted = [];
  const sorted = [...old].sort((a, b) => a.revision - b.revision);
  for (const h of sorted) {
    if (toKill <= 0) break;
    const hash = h.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY];
    if (hash && liveHashes.has(hash)) continue;
    sim2.store.delete("ControllerRevision", h.metadata.namespace, h.metadata.name);
    deleted.push(h.metadata.name);
    toKill--;
  }
  return deleted;
}

// src/engine/controller/daemonset/historyEvents.ts
function resolveControllerRef(sim2, namespace, ref) {
  if (ref.kind !== "DaemonSet") return void 0;
  const ds = sim2.store.get("DaemonSet", namespace, ref.name);
  return ds && ds.metadata.uid === ref.uid ? ds : void 0;
}
function daemonSetsForHistory(sim2, cr) {
  return sim2.store.list("DaemonSet", cr.metadata.namespace).filter((ds) => !isEmptyLabelSelector(ds.spec.selector) && selectorMatches(ds.spec.selector, cr.metadata.labels));
}
function addHistory(sim2, cr) {
  if (cr.metadata.deletionTimestamp) return deleteHistory(sim2, cr);
  const ref = controllerRef(cr);
  const name = cr.metadata.name;
  if (ref) {
    return [];
  }
  return daemonSetsForHistory(sim2, cr).map((ds) => ({ ds, reason: `orphan ControllerRevision ${name} added` }));
}
function updateHistory(sim2, old, cur) {
  if (old.metadata.resourceVersion === cur.metadata.resourceVersion) return [];
  const out = [];
  const name = cur.metadata.name;
  const curRef = controllerRef(cur);
  const oldRef = controllerRef(old);
  const refChanged = !deepEqual(curRef, oldRef);
  if (refChanged && oldRef) {
    const ds = resolveControllerRef(sim2, old.metadata.namespace, oldRef);
    if (ds) out.push({ ds, reason: `ControllerRevision ${name} released` });
  }
  if (curRef) {
    const ds = resolveControllerRef(sim2, cur.metadata.namespace, curRef);
    if (ds) out.push({ ds, reason: `ControllerRevision ${name} updated` });
    return out;
  }
  if (refChanged || !deepEqual(cur.metadata.labels, old.metadata.labels)) {
    for (const ds of daemonSetsForHistory(sim2, cur)) out.push({ ds, reason: `orphan ControllerRevision ${name} updated` });
  }
  return out;
}
function deleteHistory(sim2, cr) {
  const ref = controllerRef(cr);
  if (!ref) return [];
  const ds = resolveControllerRef(sim2, cr.metadata.namespace, ref);
  return ds ? [{ ds, reason: `ControllerRevision ${cr.metadata.name} deleted` }] : [];
}
function historyEvent(sim2, c2) {
  const cr = c2.obj;
  if (c2.type === "ADDED") return addHistory(sim2, cr);
  if (c2.type === "DELETED") return deleteHistory(sim2, cr);
  return updateHistory(sim2, c2.old, cr);
}

// src/engine/controller/daemonset/controller.ts
var CONTROLLER = "daemonset-controller";
var DaemonSetController = class {
  constructor(sim2, mode = "incremental") {
    this.sim = sim2;
    this.mode = mode;
    sim2.watch((c2) => this.onChange(c2));
  }
  sim;
  mode;
  backoff = new FailedPodsBackoff();
  /** the decisions of the last sync of each DaemonSet (key ns/name) */
  lastDecisions = /* @__PURE__ */ new Map();
  /** incremental mode: indexes kept from the change feed, and what each DaemonSet keeps between syncs */
  informer = new DaemonSetInformer();
  states = /* @__PURE__ */ new Map();
  /** per DaemonSet uid: its work-queue key and the sync to run (made once, not per event) */
  queueKeys = /* @__PURE__ */ new Map();
  /** work-queue key → when its waiting sync runs (set on enqueue, cleared when the sync starts) */
  queuedAt = /* @__PURE__ */ new Map();
  decisions(namespace, name) {
    return this.lastDecisions.get(`${namespace}/${name}`);
  }
  queueKey(ds) {
    let q = this.queueKeys.get(ds.metadata.uid);
    if (!q) {
      const key = `${ds.metadata.namespace}/${ds.metadata.name}`;
      this.queueKeys.set(ds.metadata.uid, q = { key, run: () => this.syncDaemonSet(key) });
    }
    return q;
  }
  /**
   * Whether enqueue would change the work queue: false when a sync of `ds` already waits for the
   * same time or earlier (the queue keeps that one, and its reason). Lets a pod event skip making
   * its reason.
   */
  wouldQueue(ds, delayMs = TIMINGS.controllerSyncDelayMs) {
    const at = this.queuedAt.get(this.queueKey(ds).key);
    return at === void 0 || at > this.sim.now() + Math.max(0, delayMs);
  }
  enqueue(ds, reason, delayMs = TIMINGS.controllerSyncDelayMs) {
    const q = this.queueKey(ds);
    const at = this.sim.now() + Math.max(0, delayMs);
    const waiting2 = this.queuedAt.get(q.key);
    if (waiting2 === void 0 || at < waiting2) this.queuedAt.set(q.key, at);
    this.sim.enqueue(CONTROLLER, q.key, delayMs, reason, q.run);
  }
  enqueueAll(reason) {
    for (const ds of this.sim.store.list("DaemonSet")) this.enqueue(ds, reason);
  }
  onChange(c2) {
    if (this.mode === "incremental") this.observe(c2);
    switch (c2.kind) {
      case "DaemonSet": {
        const ds = c2.obj;
        if (c2.type === "DELETED") {
          this.lastDecisions.delete(`${ds.metadata.namespace}/${ds.metadata.name}`);
          this.queueKeys.delete(ds.metadata.uid);
          return;
        }
        const old = c2.old;
        if (old && old.metadata.generation === ds.metadata.generation && deepEqual(old.metadata, { ...ds.metadata, resourceVersion: old.metadata.resourceVersion })) return;
        this.enqueue(ds, c2.type === "ADDED" ? "DaemonSet added" : "DaemonSet updated");
        return;
      }
      case "Pod":
        this.onPodChange(c2);
        return;
      case "ControllerRevision":
        for (const w of historyEvent(this.sim, c2)) this.enqueue(w.ds, w.reason);
        return;
      case "Node": {
        const node = c2.obj;
        if (c2.type === "MODIFIED") {
          const old = c2.old;
          if (deepEqual(old.metadata.labels, node.metadata.labels) && deepEqual(old.spec.taints, node.spec.taints) && old.spec.unschedulable === node.spec.unschedulable) {
            return;
          }
          this.enqueueAll(`node ${node.metadata.name} changed`);
          return;
        }
        this.enqueueAll(`node ${node.metadata.name} ${c2.type === "ADDED" ? "added" : "deleted"}`);
        return;
      }
      default:
        return;
    }
  }
  onPodChange(c2) {
    const pod = c2.obj;
    const ref = controllerOf(pod);
    const what = c2.type === "ADDED" ? "added" : c2.type === "DELETED" ? "deleted" : "updated";
    if (ref) {
      if (ref.kind !== "DaemonSet") return;
      const ds = this.sim.store.get("DaemonSet", pod.metadata.namespace, ref.name);
      if (ds && ds.metadata.uid === ref.uid && this.wouldQueue(ds)) this.enqueue(ds, `pod ${pod.metadata.name} ${what}`);
      const old = c2.old;
      if (!old || old.metadata.labels === pod.metadata.labels || deepEqual(old.metadata.labels, pod.metadata.labels)) return;
    }
    if (c2.type === "DELETED") return;
    for (const ds of this.sim.store.list("DaemonSet", pod.metadata.namespace)) {
      if (ref && ref.uid === ds.metadata.uid) continue;
      if (selectorMatches(ds.spec.selector, pod.metadata.labels)) this.enqueue(ds, `pod ${pod.metadata.name} ${what} matches its selector`);
    }
  }
  /** syncDaemonSet: one reconcile round. Returns what it did, for `sim step`. */
  syncDaemonSet(key) {
    this.queuedAt.delete(key);
    const [namespace, name] = key.split("/");
    const sim2 = this.sim;
    const ds = sim2.store.get("DaemonSet", namespace, name);
    if (!ds) return `DaemonSet ${key} not found; nothing to do`;
    if (isEmptyLabelSelector(ds.spec.selector)) {
      sim2.recorder.event(ds, "Warning", "SelectingAll", "This daemon set is selecting all pods. A non-empty selector is required.", CONTROLLER);
      return "empty selector; skipped";
    }
    if (ds.metadata.deletionTimestamp) return "DaemonSet is being deleted; skipped";
    const notes = [];
    let requeue;
    const requeueAfter = (ms, reason) => {
      if (!requeue || ms < requeue.ms) requeue = { ms, reason };
    };
    let history;
    try {
      history = constructHistory(sim2, ds);
    } catch (e) {
      this.enqueue(ds, `retry: ${e.message}`, TIMINGS.controllerSyncDelayMs);
      return `constructHistory failed: ${e.message}`;
    }
    if (history.note) notes.push(history.note);
    const current = sim2.store.get("DaemonSet", namespace, name);
    const decisions = new DecisionLog();
    if (this.mode === "incremental") {
      const inc = new IncrementalSync(sim2, this.informer, this.stateFor(current), current, history.hash);
      const ctx2 = inc.context(key, decisions, requeueAfter, notes);
      let wrote2 = manage(ctx2, this.backoff);
      inc.afterManage(ctx2);
      if (!wrote2 && current.spec.updateStrategy?.type === "RollingUpdate") wrote2 = inc.rollingUpdate({ ...ctx2, decisions: new DecisionLog() });
      else inc.state.rolling.skipped();
      const removed2 = cleanupHistory(sim2, current, history.old, inc.liveHashes());
      if (removed2.length) notes.push(`deleted old ControllerRevision ${removed2.join(", ")}`);
      updateDaemonSetStatus(ctx2, (fresh2) => inc.calculateStatus(fresh2, requeueAfter));
      this.lastDecisions.set(key, inc.decisions());
      if (requeue) this.enqueue(current, requeue.reason, requeue.ms);
      return notes.length ? notes.join("; ") : "in sync; nothing to do";
    }
    const nodes = sim2.store.list("Node");
    const nodesByName = new Map(nodes.map((n2) => [n2.metadata.name, n2]));
    const shouldRun = /* @__PURE__ */ new Map();
    const tolerations = daemonTolerations(current);
    for (const n2 of nodes) shouldRun.set(n2.metadata.name, shouldRunFast(n2, current, tolerations));
    const claim = claimPods(sim2, current);
    if (claim.adopted.length) notes.push(`adopted ${claim.adopted.join(", ")}`);
    if (claim.released.length) notes.push(`released ${claim.released.join(", ")}`);
    const ctx = {
      sim: sim2,
      ds: current,
      key,
      nodes,
      missingNodes: [...claim.byNode].filter(([n2]) => !nodesByName.has(n2)),
      hash: history.hash,
      nodeToDaemonPods: claim.byNode,
      shouldRun,
      decisions,
      requeueAfter,
      notes
    };
    let wrote = manage(ctx, this.backoff);
    if (!wrote && current.spec.updateStrategy?.type === "RollingUpdate") wrote = rollingUpdate(ctx);
    const fresh = wrote || claim.adopted.length || claim.released.length ? claimPods(sim2, current) : claim;
    const live = /* @__PURE__ */ new Set();
    for (const p of fresh.all) {
      const h = p.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY];
      if (h) live.add(h);
    }
    const removed = cleanupHistory(sim2, current, history.old, live);
    if (removed.length) notes.push(`deleted old ControllerRevision ${removed.join(", ")}`);
    updateDaemonSetStatus({ ...ctx, nodeToDaemonPods: fresh.byNode });
    this.lastDecisions.set(key, decisions);
    if (requeue) this.enqueue(current, requeue.reason, requeue.ms);
    return notes.length ? notes.join("; ") : "in sync; nothing to do";
  }
  stateFor(ds) {
    let st = this.states.get(ds.metadata.uid);
    if (!st) {
      this.states.set(ds.metadata.uid, st = new DaemonSetSyncState(ds.metadata.uid));
      this.informer.listen(ds.metadata.uid, st);
    }
    return st;
  }
  /** Keeps the informer's indexes and every DaemonSet's dirty sets up to date (incremental mode). */
  observe(c2) {
    if (c2.kind === "Node") {
      this.informer.observeNode(c2);
      const node = c2.obj;
      const old = c2.old;
      if (old && old.metadata.labels === node.metadata.labels && old.spec.taints === node.spec.taints && old.spec.unschedulable === node.spec.unschedulable) return;
      for (const st of this.states.values()) st.nodeTouched(node.metadata.name);
    } else if (c2.kind === "Pod") {
      this.informer.observePod(c2);
    } else if (c2.kind === "DaemonSet" && c2.type === "DELETED") {
      this.states.delete(c2.obj.metadata.uid);
      this.informer.listen(c2.obj.metadata.uid, void 0);
    }
  }
};

// src/engine/scheduler/podMap.ts
var PodMap = class {
  byNamespace = /* @__PURE__ */ new Map();
  count = 0;
  get size() {
    return this.count;
  }
  get(namespace, name) {
    return this.byNamespace.get(namespace)?.get(name);
  }
  set(namespace, name, v) {
    let m = this.byNamespace.get(namespace);
    if (!m) this.byNamespace.set(namespace, m = /* @__PURE__ */ new Map());
    const before = m.size;
    m.set(name, v);
    this.count += m.size - before;
  }
  delete(namespace, name) {
    const m = this.byNamespace.get(namespace);
    if (!m || !m.delete(name)) return false;
    this.count--;
    if (m.size === 0) this.byNamespace.delete(namespace);
    return true;
  }
};

// src/engine/scheduler/nodeInfo.ts
var WILDCARD_IP = "0.0.0.0";
function quantity(q, f) {
  if (q === void 0) return 0;
  try {
    return f(q);
  } catch {
    return 0;
  }
}
function sumRequests(containers) {
  let milliCPU = 0;
  let memory = 0;
  for (const c2 of containers ?? []) {
    milliCPU += quantity(c2.resources?.requests?.cpu, milliValue);
    memory += Math.ceil(quantity(c2.resources?.requests?.memory, parseQuantity));
  }
  return { milliCPU, memory };
}
var requestsByContainers = /* @__PURE__ */ new WeakMap();
function podRequest(pod) {
  const spec2 = pod.spec;
  const containers = spec2.containers;
  const init = spec2.initContainers;
  if (!Object.isFrozen(spec2) || !containers || !Object.isFrozen(containers) || init !== void 0 && !Object.isFrozen(init)) {
    return computePodRequest(pod);
  }
  const e = requestsByContainers.get(containers);
  if (e && e.init === init) return e.req;
  const r = computePodRequest(pod);
  Object.freeze(r.ports);
  Object.freeze(r);
  requestsByContainers.set(containers, { init, req: r });
  return r;
}
function computePodRequest(pod) {
  const sum = sumRequests(pod.spec.containers);
  for (const c2 of pod.spec.initContainers ?? []) {
    const one = sumRequests([c2]);
    sum.milliCPU = Math.max(sum.milliCPU, one.milliCPU);
    sum.memory = Math.max(sum.memory, one.memory);
  }
  return { ...sum, ports: hostPorts(pod) };
}
function hostPorts(pod) {
  const out = [];
  for (const c2 of pod.spec.containers ?? []) {
    for (const p of c2.ports ?? []) {
      if (!p.hostPort || p.hostPort <= 0) continue;
      out.push({ protocol: p.protocol || "TCP", ip: p.hostIP || WILDCARD_IP, port: p.hostPort });
    }
  }
  return out;
}
function portConflicts(usage, want) {
  const ips = usage.ports.get(`${want.protocol}/${want.port}`);
  if (!ips || ips.size === 0) return false;
  if (want.ip === WILDCARD_IP) return true;
  return ips.has(WILDCARD_IP) || ips.has(want.ip);
}
function nodeAllocatable(node) {
  const status = node.status;
  if (!status || !Object.isFrozen(status)) return computeAllocatable(node);
  let a = allocatableByStatus.get(status);
  if (!a) allocatableByStatus.set(status, a = Object.freeze(computeAllocatable(node)));
  return a;
}
var allocatableByStatus = /* @__PURE__ */ new WeakMap();
function computeAllocatable(node) {
  const a = { ...node.status?.capacity, ...node.status?.allocatable };
  return {
    milliCPU: a.cpu !== void 0 ? quantity(a.cpu, milliValue) : Infinity,
    memory: a.memory !== void 0 ? quantity(a.memory, parseQuantity) : Infinity,
    pods: a.pods !== void 0 ? quantity(a.pods, parseQuantity) : 110
  };
}
var MutableUsage = class _MutableUsage {
  milliCPU = 0;
  memory = 0;
  pods = 0;
  ports = /* @__PURE__ */ new Map();
  apply(req, sign) {
    this.milliCPU += sign * req.milliCPU;
    this.memory += sign * req.memory;
    this.pods += sign;
    for (const p of req.ports) {
      const k = `${p.protocol}/${p.port}`;
      let ips = this.ports.get(k);
      if (!ips) this.ports.set(k, ips = /* @__PURE__ */ new Map());
      const n2 = (ips.get(p.ip) ?? 0) + sign;
      if (n2 > 0) ips.set(p.ip, n2);
      else ips.delete(p.ip);
      if (ips.size === 0) this.ports.delete(k);
    }
  }
  copy() {
    const u = new _MutableUsage();
    u.milliCPU = this.milliCPU;
    u.memory = this.memory;
    u.pods = this.pods;
    for (const [k, ips] of this.ports) u.ports.set(k, new Map(ips));
    return u;
  }
};
var EMPTY_USAGE = new MutableUsage();
function usageOf(pods) {
  const u = new MutableUsage();
  for (const p of pods) if (!isPodTerminal(p)) u.apply(podRequest(p), 1);
  return u;
}
var NodeInfoIndex = class {
  byNode = /* @__PURE__ */ new Map();
  /** per pod (namespace, name): the node it counts on and what it asks */
  byPod = new PodMap();
  /** Feed every Pod change here. Returns the node a pod stopped counting on, if any. */
  onPodChange(c2) {
    const pod = c2.obj;
    const { namespace, name } = pod.metadata;
    const prev = this.byPod.get(namespace, name);
    const counts2 = c2.type !== "DELETED" && !!pod.spec.nodeName && !isPodTerminal(pod);
    if (prev && counts2 && prev.node === pod.spec.nodeName) return void 0;
    if (prev) {
      this.byNode.get(prev.node)?.apply(prev.req, -1);
      this.byPod.delete(namespace, name);
    }
    if (counts2) {
      const req = podRequest(pod);
      const node = pod.spec.nodeName;
      let u = this.byNode.get(node);
      if (!u) this.byNode.set(node, u = new MutableUsage());
      u.apply(req, 1);
      this.byPod.set(namespace, name, { node, req });
    }
    return prev && (!counts2 || prev.node !== pod.spec.nodeName) ? prev.node : void 0;
  }
  usage(node) {
    return this.byNode.get(node) ?? EMPTY_USAGE;
  }
  /** The node's usage without the given pod's own share (when explaining a pod already bound there). */
  usageWithout(node, pod) {
    const own = this.byPod.get(pod.metadata.namespace, pod.metadata.name);
    const u = this.byNode.get(node);
    if (!u) return EMPTY_USAGE;
    if (!own || own.node !== node) return u;
    const copy = u.copy();
    copy.apply(own.req, -1);
    return copy;
  }
};

// src/engine/scheduler/filters.ts
var ERR_NODE_UNSCHEDULABLE = "node(s) were unschedulable";
var ERR_NODE_NAME = "node(s) didn't match the requested node name";
var ERR_NODE_AFFINITY = "node(s) didn't match Pod's node affinity/selector";
var ERR_NODE_PORTS = "node(s) didn't have free ports for the requested pod ports";
var UNSCHEDULABLE_TAINT = { key: "node.kubernetes.io/unschedulable", effect: "NoSchedule" };
function pass(name, reason) {
  return { name, passed: true, reason, reasons: [] };
}
function fail(name, reasons, code) {
  return { name, passed: false, reason: reasons.join(", "), reasons, code };
}
function nodeUnschedulable(pod, node) {
  if (!node.spec?.unschedulable) return pass("NodeUnschedulable", "node is schedulable");
  if (tolerationsTolerateTaint(pod.spec.tolerations, UNSCHEDULABLE_TAINT)) {
    return pass("NodeUnschedulable", "node is cordoned, but the pod tolerates node.kubernetes.io/unschedulable:NoSchedule");
  }
  return fail("NodeUnschedulable", [ERR_NODE_UNSCHEDULABLE], "UnschedulableAndUnresolvable");
}
function nodeName(pod, node) {
  const want = pod.spec.nodeName;
  if (!want) return pass("NodeName", "pod does not ask for a node by name");
  if (want === node.metadata.name) return pass("NodeName", "pod asks for this node by name");
  return fail("NodeName", [ERR_NODE_NAME], "UnschedulableAndUnresolvable");
}
function taintToleration(pod, node) {
  const taint = findUntoleratedTaint(node.spec?.taints, pod.spec.tolerations, ["NoSchedule", "NoExecute"]);
  if (!taint) {
    const n2 = (node.spec?.taints ?? []).filter((t) => t.effect !== "PreferNoSchedule").length;
    return pass("TaintToleration", n2 ? "pod tolerates every NoSchedule/NoExecute taint" : "node has no NoSchedule/NoExecute taints");
  }
  return fail("TaintToleration", [`node(s) had untolerated taint ${taintBraces(taint)}`], "UnschedulableAndUnresolvable");
}
function nodeAffinity(pod, node) {
  if (podMatchesNodeAffinity(pod.spec, node)) return pass("NodeAffinity", "node matches the pod's nodeSelector and required node affinity");
  return fail("NodeAffinity", [ERR_NODE_AFFINITY], "UnschedulableAndUnresolvable");
}
function nodePorts(pod, _node, usage, ctx = {}) {
  const want = (ctx.req ?? podRequest(pod)).ports;
  if (want.length === 0) return pass("NodePorts", "pod requests no host ports");
  if (want.some((p) => portConflicts(usage, p))) return fail("NodePorts", [ERR_NODE_PORTS], "Unschedulable");
  if (ctx.detail === false) return pass("NodePorts", "");
  return pass("NodePorts", `host port(s) ${want.map((p) => `${p.port}/${p.protocol}`).join(", ")} free`);
}
function nodeResourcesFit(pod, node, usage, ctx = {}) {
  const req = ctx.req ?? podRequest(pod);
  const alloc = nodeAllocatable(node);
  const reasons = [];
  let unresolvable = false;
  if (usage.pods + 1 > alloc.pods) reasons.push("Too many pods");
  if (req.milliCPU > 0 && req.milliCPU > alloc.milliCPU - usage.milliCPU) {
    reasons.push("Insufficient cpu");
    unresolvable ||= req.milliCPU > alloc.milliCPU;
  }
  if (req.memory > 0 && req.memory > alloc.memory - usage.memory) {
    reasons.push("Insufficient memory");
    unresolvable ||= req.memory > alloc.memory;
  }
  if (reasons.length) return fail("NodeResourcesFit", reasons, unresolvable ? "UnschedulableAndUnresolvable" : "Unschedulable");
  if (ctx.detail === false) return pass("NodeResourcesFit", "");
  const free = (total, used, fmt) => Number.isFinite(total) ? `${fmt(Math.max(0, total - used))} free` : "no limit";
  return pass(
    "NodeResourcesFit",
    `requests cpu ${formatMilli(req.milliCPU)} (${free(alloc.milliCPU, usage.milliCPU, formatMilli)}), memory ${formatBytes(req.memory)} (${free(
      alloc.memory,
      usage.memory,
      formatBytes
    )}), pods ${usage.pods + 1}/${alloc.pods}`
  );
}
var FILTERS = [nodeUnschedulable, nodeName, taintToleration, nodeAffinity, nodePorts, nodeResourcesFit];
var NO_SCHEDULE_EFFECTS = ["NoSchedule", "NoExecute"];
function fitsNode(pod, node, usage, req) {
  const spec2 = pod.spec;
  if (node.spec?.unschedulable && !tolerationsTolerateTaint(spec2.tolerations, UNSCHEDULABLE_TAINT)) return false;
  if (spec2.nodeName && spec2.nodeName !== node.metadata.name) return false;
  if (findUntoleratedTaint(node.spec?.taints, spec2.tolerations, NO_SCHEDULE_EFFECTS)) return false;
  if (!podMatchesNodeAffinity(spec2, node)) return false;
  const ports = req.ports;
  for (let i = 0; i < ports.length; i++) if (portConflicts(usage, ports[i])) return false;
  const alloc = nodeAllocatable(node);
  if (usage.pods + 1 > alloc.pods) return false;
  if (req.milliCPU > 0 && req.milliCPU > alloc.milliCPU - usage.milliCPU) return false;
  if (req.memory > 0 && req.memory > alloc.memory - usage.memory) return false;
  return true;
}
function firstFailure(pod, node, usage, req = podRequest(pod)) {
  if (fitsNode(pod, node, usage, req)) return void 0;
  const ctx = { req, detail: false };
  for (const f of FILTERS) {
    const r = f(pod, node, usage, ctx);
    if (!r.passed) return r;
  }
  return void 0;
}

// src/engine/scheduler/fitError.ts
var NO_NODES_AVAILABLE = "no nodes available to schedule pods";
var ERR_AFFINITY_CONFLICT = "pod affinity terms conflict";
var PREEMPTION_NOT_HELPFUL = "Preemption is not helpful for scheduling";
var NO_PREEMPTION_VICTIMS = "No preemption victims found for incoming pod";
function preFilterNodeNames(spec2) {
  const terms = spec2.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!terms?.length) return void 0;
  if (terms.length === 1) {
    const fields = terms[0].matchFields;
    if (fields?.length === 1 && fields[0].key === "metadata.name" && fields[0].operator === "In") {
      const s2 = new Set(fields[0].values ?? []);
      return s2.size === 0 ? "conflict" : s2;
    }
  }
  let names;
  for (const t of terms) {
    let termNames;
    for (const r of t.matchFields ?? []) {
      if (r.key !== "metadata.name" || r.operator !== "In") continue;
      const s2 = new Set(r.values ?? []);
      termNames = termNames ? new Set([...termNames].filter((n2) => s2.has(n2))) : s2;
    }
    if (!termNames) return void 0;
    names = /* @__PURE__ */ new Set([...names ?? [], ...termNames]);
  }
  if (names && names.size === 0) return "conflict";
  return names;
}
function absentNodesStatus(plugins) {
  return { reasons: [`node(s) didn't satisfy plugin(s) [${plugins.join(" ")}]`], code: "UnschedulableAndUnresolvable" };
}
function statusOf(r) {
  return { reasons: r.reasons, code: r.code ?? "Unschedulable" };
}
function histogram(counts2) {
  const parts = [...counts2].map(([reason, n2]) => `${n2} ${reason}`);
  parts.sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
  return parts.join(", ");
}
function add(counts2, reason, n2 = 1) {
  if (n2 > 0) counts2.set(reason, (counts2.get(reason) ?? 0) + n2);
}
function filterMessage(d) {
  let msg = `0/${d.numAllNodes} nodes are available:`;
  if (d.preFilterMsg) return `${msg} ${d.preFilterMsg}.`;
  const counts2 = /* @__PURE__ */ new Map();
  for (const s2 of d.nodeToStatus.values()) for (const r of s2.reasons) add(counts2, r);
  if (d.absentStatus) for (const r of d.absentStatus.reasons) add(counts2, r, d.absentNodes);
  const h = histogram(counts2);
  if (h) msg += ` ${h}.`;
  return msg;
}
function preemptionMessage(pod, d) {
  if (pod.spec.preemptionPolicy === "Never") return "preemption: not eligible due to preemptionPolicy=Never.";
  const counts2 = /* @__PURE__ */ new Map();
  if (d.preFilterMsg) {
    add(counts2, PREEMPTION_NOT_HELPFUL, d.numAllNodes);
  } else {
    for (const s2 of d.nodeToStatus.values()) {
      add(counts2, s2.code === "UnschedulableAndUnresolvable" ? PREEMPTION_NOT_HELPFUL : NO_PREEMPTION_VICTIMS);
    }
    if (d.absentStatus) add(counts2, PREEMPTION_NOT_HELPFUL, d.absentNodes);
  }
  return `preemption: 0/${d.numAllNodes} nodes are available: ${histogram(counts2)}.`;
}
function fitErrorMessage(pod, d) {
  if (d.numAllNodes === 0) return NO_NODES_AVAILABLE;
  return `${filterMessage(d)} ${preemptionMessage(pod, d)}.`;
}

// src/engine/scheduler/podsByNode.ts
function podKeyOf(pod) {
  return `${pod.metadata.namespace}/${pod.metadata.name}`;
}
function splitKey(key) {
  const i = key.indexOf("/");
  return [key.slice(0, i), key.slice(i + 1)];
}
var PodsByNode = class {
  byNode = /* @__PURE__ */ new Map();
  /** per pod (namespace, name): its node and its key in that node's set */
  nodeOf = new PodMap();
  /** Feed Pod changes here. */
  onPodChange(c2) {
    const pod = c2.obj;
    if (c2.type === "MODIFIED" && c2.old.spec.nodeName === pod.spec.nodeName) return;
    const { namespace, name } = pod.metadata;
    const node = c2.type === "DELETED" ? void 0 : pod.spec.nodeName || void 0;
    const prev = this.nodeOf.get(namespace, name);
    if (prev?.node === node) return;
    if (prev !== void 0) {
      const s2 = this.byNode.get(prev.node);
      s2.delete(prev.key);
      if (s2.size === 0) this.byNode.delete(prev.node);
      this.nodeOf.delete(namespace, name);
    }
    if (node !== void 0) {
      const key = prev?.key ?? podKeyOf(pod);
      let s2 = this.byNode.get(node);
      if (!s2) this.byNode.set(node, s2 = /* @__PURE__ */ new Set());
      s2.add(key);
      this.nodeOf.set(namespace, name, { node, key });
    }
  }
  /** Keys (`ns/name`) of the pods bound to `node`, sorted. */
  keys(node) {
    return [...this.byNode.get(node) ?? []].sort();
  }
  has(node) {
    return this.byNode.has(node);
  }
  /** Every node name some pod is bound to. */
  nodes() {
    return [...this.byNode.keys()].sort();
  }
};
var shared = /* @__PURE__ */ new WeakMap();
function podsByNodeOf(sim2) {
  let idx = shared.get(sim2);
  if (!idx) {
    const created = new PodsByNode();
    sim2.watch((c2) => {
      if (c2.kind === "Pod") created.onPodChange(c2);
    });
    shared.set(sim2, idx = created);
  }
  return idx;
}

// src/engine/scheduler/scheduler.ts
var SCHEDULER_QUEUE = "scheduler";
var SCHEDULER_NAME = "default-scheduler";
function nodeSchedulingChanged(a, b) {
  return !deepEqual(a.metadata.labels, b.metadata.labels) || !deepEqual(a.spec?.taints, b.spec?.taints) || !!a.spec?.unschedulable !== !!b.spec?.unschedulable || !deepEqual(a.status?.allocatable, b.status?.allocatable);
}
var Scheduler = class {
  constructor(sim2) {
    this.sim = sim2;
    sim2.watch((c2) => this.onChange(c2));
  }
  sim;
  /** The scheduler cache: what is bound to each node. */
  nodeInfos = new NodeInfoIndex();
  /** Unschedulable pods waiting for a change on a given node (daemon pods pinned to it). */
  waitingOnNode = /* @__PURE__ */ new Map();
  /** Unschedulable pods that any node change may help. */
  waitingOnAny = /* @__PURE__ */ new Set();
  waitingKey = /* @__PURE__ */ new Map();
  /** Pods parked as unschedulable (for the UI). */
  unschedulablePods() {
    return [...this.waitingKey.keys()].sort();
  }
  onChange(c2) {
    if (c2.kind === "Pod") this.onPod(c2);
    else if (c2.kind === "Node") this.onNode(c2);
  }
  onPod(c2) {
    const pod = c2.obj;
    const old = c2.old;
    if (old && c2.type === "MODIFIED" && pod.spec.nodeName && old.spec === pod.spec && old.status?.phase === pod.status?.phase && old.metadata.deletionTimestamp === pod.metadata.deletionTimestamp) {
      return;
    }
    const freed = this.nodeInfos.onPodChange(c2);
    const parked = this.waitingKey.size > 0;
    if (freed && parked) this.requeueFor(freed, `pod ${podKeyOf(pod)} on node ${freed} freed its resources`);
    if (c2.type === "DELETED" || pod.spec.nodeName || pod.metadata.deletionTimestamp) {
      if (parked) this.forget(podKeyOf(pod));
      return;
    }
    const key = podKeyOf(pod);
    if ((pod.spec.schedulerName ?? SCHEDULER_NAME) !== SCHEDULER_NAME) return;
    if (c2.type === "ADDED") {
      this.enqueue(key, "pod created without a node");
    } else if (old) {
      if (!deepEqual(old.spec, pod.spec) || !deepEqual(old.metadata.labels, pod.metadata.labels)) {
        this.forget(key);
        this.enqueue(key, "unscheduled pod updated");
      }
    }
  }
  onNode(c2) {
    const node = c2.obj;
    if (c2.type === "ADDED") this.requeueFor(node.metadata.name, `node ${node.metadata.name} added`);
    else if (c2.type === "MODIFIED" && nodeSchedulingChanged(c2.old, node)) {
      this.requeueFor(node.metadata.name, `node ${node.metadata.name} updated`);
    }
  }
  enqueue(key, reason) {
    this.sim.enqueue(SCHEDULER_QUEUE, key, TIMINGS.schedulerDelayMs, reason, () => this.scheduleOne(key));
  }
  /** Moves the unschedulable pods a change on `node` may help back to the active queue. */
  requeueFor(node, reason) {
    if (this.waitingKey.size === 0) return;
    const keys = [...this.waitingOnNode.get(node) ?? [], ...this.waitingOnAny].sort();
    for (const k of keys) {
      this.forget(k);
      this.enqueue(k, reason);
    }
  }
  park(key, pinned) {
    this.forget(key);
    this.waitingKey.set(key, pinned);
    if (pinned === void 0) {
      this.waitingOnAny.add(key);
      return;
    }
    let s2 = this.waitingOnNode.get(pinned);
    if (!s2) this.waitingOnNode.set(pinned, s2 = /* @__PURE__ */ new Set());
    s2.add(key);
  }
  forget(key) {
    if (!this.waitingKey.has(key)) return;
    const pinned = this.waitingKey.get(key);
    this.waitingKey.delete(key);
    if (pinned === void 0) {
      this.waitingOnAny.delete(key);
      return;
    }
    const s2 = this.waitingOnNode.get(pinned);
    s2?.delete(key);
    if (s2 && s2.size === 0) this.waitingOnNode.delete(pinned);
  }
  /** findNodesThatFitPod + selectHost, without side effects. */
  findNode(pod) {
    const numAllNodes = this.sim.store.count("Node");
    if (numAllNodes === 0) return failed(pod, emptyDiagnosis(numAllNodes, 0));
    const names = preFilterNodeNames(pod.spec);
    let candidates;
    let absentNodes = 0;
    if (names === "conflict") {
      const d2 = emptyDiagnosis(numAllNodes, 0);
      d2.preFilterMsg = ERR_AFFINITY_CONFLICT;
      return failed(pod, d2);
    } else if (names) {
      if (names.size === 1) {
        const only = this.sim.store.get("Node", void 0, names.values().next().value);
        candidates = only ? [only] : [];
      } else {
        candidates = [...names].sort().map((n2) => this.sim.store.get("Node", void 0, n2)).filter((n2) => n2 !== void 0);
      }
      absentNodes = numAllNodes - candidates.length;
    } else {
      candidates = this.sim.store.list("Node");
    }
    let best;
    let bestPods = Infinity;
    const req = podRequest(pod);
    let statuses;
    for (const node of candidates) {
      const usage = this.nodeInfos.usage(node.metadata.name);
      const failure = firstFailure(pod, node, usage, req);
      if (failure) {
        (statuses ??= /* @__PURE__ */ new Map()).set(node.metadata.name, statusOf(failure));
      } else if (usage.pods < bestPods) {
        best = node;
        bestPods = usage.pods;
      }
    }
    if (best) return { node: best.metadata.name };
    const d = emptyDiagnosis(numAllNodes, absentNodes, statuses);
    if (absentNodes > 0) d.absentStatus = absentNodesStatus(["NodeAffinity"]);
    return failed(pod, d);
  }
  scheduleOne(key) {
    const [ns, name] = splitKey(key);
    const pod = this.sim.store.get("Pod", ns, name);
    if (!pod || pod.spec.nodeName || pod.metadata.deletionTimestamp) return "nothing to do";
    const result = this.findNode(pod);
    if ("node" in result) {
      this.bind(pod, result.node);
      return `bound ${key} to ${result.node}`;
    }
    this.recordFailure(pod, result.message);
    this.park(key, result.diagnosis.preFilterMsg ? void 0 : pinnedTarget(pod));
    return `unschedulable: ${result.message}`;
  }
  bind(pod, node) {
    const bound = this.sim.store.bind(pod.metadata.namespace, pod.metadata.name, node);
    this.sim.recorder.event(
      bound,
      "Normal",
      "Scheduled",
      `Successfully assigned ${pod.metadata.namespace}/${pod.metadata.name} to ${node}`,
      SCHEDULER_NAME
    );
  }
  recordFailure(pod, message) {
    const now = this.sim.iso();
    const updated = this.sim.store.updateStatus({
      ...pod,
      status: {
        ...pod.status,
        conditions: setPodCondition(
          pod.status?.conditions,
          { type: "PodScheduled", status: "False", reason: "Unschedulable", message },
          now
        )
      }
    });
    this.sim.recorder.event(updated, "Warning", "FailedScheduling", message, SCHEDULER_NAME);
  }
};
function emptyDiagnosis(numAllNodes, absentNodes, nodeToStatus = /* @__PURE__ */ new Map()) {
  return { numAllNodes, nodeToStatus, absentNodes };
}
function failed(pod, diagnosis) {
  return { diagnosis, message: fitErrorMessage(pod, diagnosis) };
}
function pinnedTarget(pod) {
  const names = preFilterNodeNames(pod.spec);
  return names instanceof Set && names.size === 1 ? [...names][0] : void 0;
}

// src/engine/kubelet/admission.ts
var ERR_TAINT_TOLERATION = "node(s) had taints that the pod didn't tolerate";
var NO_USAGE = usageOf([]);
var OUT_OF = { pods: "OutOfpods", cpu: "OutOfcpu", memory: "OutOfmemory" };
function generalFilter(pod, node, others) {
  const out = [];
  const usage = others.length === 0 ? NO_USAGE : usageOf(others);
  const alloc = nodeAllocatable(node);
  const req = podRequest(pod);
  if (usage.pods + 1 > alloc.pods) out.push({ kind: "resource", resource: "pods", requested: 1, used: usage.pods, capacity: alloc.pods });
  if (req.milliCPU > 0 && req.milliCPU > alloc.milliCPU - usage.milliCPU) {
    out.push({ kind: "resource", resource: "cpu", requested: req.milliCPU, used: usage.milliCPU, capacity: alloc.milliCPU });
  }
  if (req.memory > 0 && req.memory > alloc.memory - usage.memory) {
    out.push({ kind: "resource", resource: "memory", requested: req.memory, used: usage.memory, capacity: alloc.memory });
  }
  if (!podMatchesNodeAffinity(pod.spec, node)) out.push({ kind: "predicate", name: "NodeAffinity", desc: ERR_NODE_AFFINITY });
  if (pod.spec.nodeName && pod.spec.nodeName !== node.metadata.name) out.push({ kind: "predicate", name: "NodeName", desc: ERR_NODE_NAME });
  if (req.ports.some((p) => portConflicts(usage, p))) out.push({ kind: "predicate", name: "NodePorts", desc: ERR_NODE_PORTS });
  if (findUntoleratedTaint(node.spec?.taints, pod.spec.tolerations, ["NoExecute"])) {
    out.push({ kind: "predicate", name: "TaintToleration", desc: ERR_TAINT_TOLERATION });
  }
  return out;
}
function canAdmitPod(pod, node, others) {
  const first = generalFilter(pod, node, others)[0];
  if (!first) return { admit: true };
  if (first.kind === "predicate") return { admit: false, reason: first.name, message: `Predicate ${first.name} failed: ${first.desc}` };
  return {
    admit: false,
    reason: OUT_OF[first.resource],
    message: `Node didn't have enough resource: ${first.resource}, requested: ${first.requested}, used: ${first.used}, capacity: ${first.capacity}`
  };
}
function rejectedStatus(pod, reason, message, now) {
  return {
    phase: "Failed",
    message: `Pod was rejected: ${message}`,
    reason,
    startTime: pod.status?.startTime ?? now,
    qosClass: pod.status?.qosClass ?? qosClass(pod)
  };
}

// src/engine/kubelet/images.ts
function fnv(s2, seed = 2166136261) {
  let h = seed >>> 0;
  for (let i = 0; i < s2.length; i++) {
    h ^= s2.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}
var digests = /* @__PURE__ */ new Map();
function pseudoDigest(s2) {
  const cached = digests.get(s2);
  if (cached !== void 0) return cached;
  const d = computeDigest(s2);
  if (digests.size > 1e4) digests.clear();
  digests.set(s2, d);
  return d;
}
var [S0, S1, S2, S3, S4, S5, S6, S7] = Array.from({ length: 8 }, (_, i) => fnv(`${i}:`));
var FNV_PRIME = 16777619;
var HEX_CODES = Array.from("0123456789abcdef", (ch) => ch.charCodeAt(0));
var DIGEST_CODES = Array.from({ length: 64 }, () => 0);
function hex8(h, at) {
  const c2 = DIGEST_CODES;
  for (let i = 7; i >= 0; i--) {
    c2[at + i] = HEX_CODES[h & 15];
    h >>>= 4;
  }
}
function computeDigest(s2) {
  let h0 = S0, h1 = S1, h2 = S2, h3 = S3, h4 = S4, h5 = S5, h6 = S6, h7 = S7;
  for (let j = 0; j < s2.length; j++) {
    const ch = s2.charCodeAt(j);
    h0 = Math.imul(h0 ^ ch, FNV_PRIME);
    h1 = Math.imul(h1 ^ ch, FNV_PRIME);
    h2 = Math.imul(h2 ^ ch, FNV_PRIME);
    h3 = Math.imul(h3 ^ ch, FNV_PRIME);
    h4 = Math.imul(h4 ^ ch, FNV_PRIME);
    h5 = Math.imul(h5 ^ ch, FNV_PRIME);
    h6 = Math.imul(h6 ^ ch, FNV_PRIME);
    h7 = Math.imul(h7 ^ ch, FNV_PRIME);
  }
  hex8(h0, 0);
  hex8(h1, 8);
  hex8(h2, 16);
  hex8(h3, 24);
  hex8(h4, 32);
  hex8(h5, 40);
  hex8(h6, 48);
  hex8(h7, 56);
  return String.fromCharCode.apply(null, DIGEST_CODES);
}
var normalized = /* @__PURE__ */ new Map();
var imageIDs = /* @__PURE__ */ new Map();
function remember(m, k, v) {
  if (m.size > 1e4) m.clear();
  m.set(k, v);
  return v;
}
function normalizeImage(image) {
  return normalized.get(image) ?? remember(normalized, image, normalizeImageUncached(image));
}
function normalizeImageUncached(image) {
  let name = image;
  const slash = name.indexOf("/");
  const first = slash < 0 ? "" : name.slice(0, slash);
  if (slash < 0) name = `docker.io/library/${name}`;
  else if (!first.includes(".") && !first.includes(":") && first !== "localhost") name = `docker.io/${name}`;
  const lastSlash = name.lastIndexOf("/");
  if (!name.includes("@") && !name.slice(lastSlash + 1).includes(":")) name += ":latest";
  return name;
}
function imageID(image) {
  return imageIDs.get(image) ?? remember(imageIDs, image, imageIDUncached(image));
}
function imageIDUncached(image) {
  const n2 = normalizeImage(image);
  const at = n2.indexOf("@");
  if (at >= 0) return n2;
  const repo = n2.slice(0, n2.lastIndexOf(":"));
  return `${repo}@sha256:${pseudoDigest(n2)}`;
}
function imageSize(image) {
  return 1e7 + fnv(normalizeImage(image)) % 8e7;
}
function goDuration(ms) {
  if (ms === 0) return "0s";
  if (ms < 1e3) return `${ms}ms`;
  const h = Math.floor(ms / 36e5);
  const m = Math.floor(ms % 36e5 / 6e4);
  const s2 = ms % 6e4 / 1e3;
  return `${h ? `${h}h` : ""}${h || m ? `${m}m` : ""}${s2}s`;
}
var ImageCache = class {
  /** node → its one image, or a Set once it has two (most nodes keep the one DaemonSet image) */
  byNode = /* @__PURE__ */ new Map();
  has(node, image) {
    const s2 = this.byNode.get(node);
    if (s2 === void 0) return false;
    const n2 = normalizeImage(image);
    return typeof s2 === "string" ? s2 === n2 : s2.has(n2);
  }
  add(node, image) {
    const n2 = normalizeImage(image);
    const s2 = this.byNode.get(node);
    if (s2 === void 0) this.byNode.set(node, n2);
    else if (typeof s2 === "string") {
      if (s2 !== n2) this.byNode.set(node, /* @__PURE__ */ new Set([s2, n2]));
    } else s2.add(n2);
  }
  /** A node that is deleted and registered again starts with no images. */
  forget(node) {
    this.byNode.delete(node);
  }
};

// src/engine/kubelet/nodeStatus.ts
var NODE_STATUS_UNKNOWN = { reason: "NodeStatusUnknown", message: "Kubelet stopped posting node status." };
var NETWORK_NOT_READY_MESSAGE = "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized";
var REASONS = {
  Ready: {
    True: { reason: "KubeletReady", message: "kubelet is posting ready status" },
    False: { reason: "KubeletNotReady", message: "container runtime is down" }
  },
  MemoryPressure: {
    True: { reason: "KubeletHasInsufficientMemory", message: "kubelet has insufficient memory available" },
    False: { reason: "KubeletHasSufficientMemory", message: "kubelet has sufficient memory available" }
  },
  DiskPressure: {
    True: { reason: "KubeletHasDiskPressure", message: "kubelet has disk pressure" },
    False: { reason: "KubeletHasNoDiskPressure", message: "kubelet has no disk pressure" }
  },
  PIDPressure: {
    True: { reason: "KubeletHasInsufficientPID", message: "kubelet has insufficient PID available" },
    False: { reason: "KubeletHasSufficientPID", message: "kubelet has sufficient PID available" }
  },
  NetworkUnavailable: {
    True: { reason: "NoRouteCreated", message: "Node created without a route" },
    False: { reason: "RouteCreated", message: "RouteController created a route" }
  }
};
function conditionReason(type, status) {
  if (status === "Unknown") return NODE_STATUS_UNKNOWN;
  return ownGet(ownGet(REASONS, type), status) ?? { reason: `${type}${status === "True" ? "" : "Not"}Set`, message: `${type} is ${status}` };
}
function putNodeCondition(list2, type, status, now, why = conditionReason(type, status)) {
  const i = list2.findIndex((c2) => c2.type === type);
  const old = i >= 0 ? list2[i] : void 0;
  const cond = {
    type,
    status,
    lastHeartbeatTime: status === "Unknown" && old?.lastHeartbeatTime ? old.lastHeartbeatTime : now,
    lastTransitionTime: old && old.status === status && old.lastTransitionTime ? old.lastTransitionTime : now,
    reason: why.reason,
    message: why.message
  };
  const out = [...list2];
  if (i >= 0) out[i] = cond;
  else if (type === "NetworkUnavailable") out.unshift(cond);
  else out.push(cond);
  return out;
}
function notReadyBecauseOfNetwork(node) {
  const r = getNodeCondition(node, "Ready");
  return r?.status === "False" && (r.message ?? "").includes("NetworkReady=false");
}
function networkPluginUp(sim2, nodeName2, podKey) {
  const node = sim2.store.get("Node", void 0, nodeName2);
  if (!node) return false;
  const now = sim2.iso();
  let list2 = clone(node.status?.conditions ?? []);
  const nu = getNodeCondition(node, "NetworkUnavailable");
  if (nu && nu.status !== "False") {
    list2 = putNodeCondition(list2, "NetworkUnavailable", "False", now, {
      reason: "NetworkPluginIsUp",
      message: `network plugin pod ${podKey} is running on this node`
    });
  }
  if (notReadyBecauseOfNetwork(node)) list2 = putNodeCondition(list2, "Ready", "True", now);
  const updated = sim2.store.updateStatus({ ...node, status: { ...node.status, conditions: list2 } });
  return updated !== node;
}

// src/engine/kubelet/podStatus.ts
function rank(c2) {
  switch (c2.type) {
    case "PodReadyToStartContainers":
      return 0;
    case "Initialized":
      return 1;
    case "Ready":
      return 2;
    case "ContainersReady":
      return 3;
    case "PodScheduled":
      return 4;
    default:
      return 5;
  }
}
function orderConditions(list2) {
  let sorted = true;
  for (let i = 1; i < list2.length && sorted; i++) sorted = rank(list2[i - 1]) <= rank(list2[i]);
  return sorted ? list2 : list2.sort((a, b) => rank(a) - rank(b));
}
function unchanged(old, spec2) {
  if (old.status !== spec2.status || old.lastProbeTime !== null || !old.lastTransitionTime || !Object.isFrozen(old)) return false;
  const reason = spec2.reason || void 0;
  const message = spec2.message || void 0;
  if (old.reason !== reason || old.message !== message) return false;
  const keys = reason === void 0 ? message === void 0 ? KEYS : KEYS_MESSAGE : message === void 0 ? KEYS_REASON : KEYS_BOTH;
  let i = 0;
  for (const k in old) if (k !== keys[i++]) return false;
  return i === keys.length;
}
var KEYS = ["type", "status", "lastProbeTime", "lastTransitionTime"];
var KEYS_REASON = [...KEYS, "reason"];
var KEYS_MESSAGE = [...KEYS, "message"];
var KEYS_BOTH = [...KEYS, "reason", "message"];
var memoNow = "";
var memo = /* @__PURE__ */ new Map();
function nextCondition(old, spec2, now) {
  if (old && unchanged(old, spec2)) return old;
  const fresh = !old || old.status !== spec2.status || !old.lastTransitionTime;
  if (!fresh || !Object.isFrozen(spec2)) return Object.freeze(nextPodCondition(old, spec2, now));
  if (memoNow !== now) {
    memoNow = now;
    memo.clear();
  }
  let c2 = memo.get(spec2);
  if (!c2) memo.set(spec2, c2 = Object.freeze(nextPodCondition(old, spec2, now)));
  return c2;
}
function withConditions(status, now, conds) {
  const old = status?.conditions;
  const list2 = [];
  if (old) for (let i = 0; i < old.length; i++) list2.push(old[i]);
  for (let j = 0; j < conds.length; j++) {
    const c2 = conds[j];
    let i = 0;
    while (i < list2.length && list2[i].type !== c2.type) i++;
    list2[i] = nextCondition(i < list2.length ? list2[i] : void 0, c2, now);
  }
  orderConditions(list2);
  return !old || Object.isFrozen(old) ? Object.freeze(list2) : list2;
}
function sealed(out, s2) {
  return s2 === void 0 || Object.isFrozen(s2) ? Object.freeze(out) : out;
}
var STATUS_ORDER = ["phase", "conditions", "message", "reason", "nominatedNodeName", "hostIP", "hostIPs", "podIP", "podIPs", "startTime", "initContainerStatuses", "containerStatuses", "qosClass"];
var IN_ORDER = new Set(STATUS_ORDER);
function ordered(s2, o) {
  const src = s2 ?? {};
  const out = {};
  let v;
  if ((v = o.phase !== void 0 ? o.phase : src.phase) !== void 0) out.phase = v;
  if ((v = o.conditions !== void 0 ? o.conditions : src.conditions) !== void 0) out.conditions = v;
  if (src.message !== void 0) out.message = src.message;
  if (src.reason !== void 0) out.reason = src.reason;
  if (src.nominatedNodeName !== void 0) out.nominatedNodeName = src.nominatedNodeName;
  if ((v = o.hostIP !== void 0 ? o.hostIP : src.hostIP) !== void 0) out.hostIP = v;
  if ((v = o.hostIPs !== void 0 ? o.hostIPs : src.hostIPs) !== void 0) out.hostIPs = v;
  if ((v = o.podIP !== void 0 ? o.podIP : src.podIP) !== void 0) out.podIP = v;
  if ((v = o.podIPs !== void 0 ? o.podIPs : src.podIPs) !== void 0) out.podIPs = v;
  if ((v = o.startTime !== void 0 ? o.startTime : src.startTime) !== void 0) out.startTime = v;
  if (src.initContainerStatuses !== void 0) out.initContainerStatuses = src.initContainerStatuses;
  if ((v = o.containerStatuses !== void 0 ? o.containerStatuses : src.containerStatuses) !== void 0) out.containerStatuses = v;
  if (src.qosClass !== void 0) out.qosClass = src.qosClass;
  const extra = src;
  for (const k in extra) {
    if (!IN_ORDER.has(k) && Object.prototype.hasOwnProperty.call(extra, k) && extra[k] !== void 0) out[k] = extra[k];
  }
  return out;
}
var unreadyMessages = /* @__PURE__ */ new WeakMap();
var notReadySpecs = /* @__PURE__ */ new WeakMap();
var waitingStatuses = /* @__PURE__ */ new WeakMap();
function unreadyMessage(pod) {
  const cs = pod.spec.containers;
  let m = unreadyMessages.get(cs);
  if (m === void 0) {
    m = `containers with unready status: [${cs.map((c2) => c2.name).join(" ")}]`;
    if (Object.isFrozen(cs)) unreadyMessages.set(cs, m);
  }
  return m;
}
function notReadyConds(pod) {
  const cs = pod.spec.containers;
  let specs = notReadySpecs.get(cs);
  if (!specs) {
    const message = unreadyMessage(pod);
    specs = [
      { type: "Ready", status: "False", reason: "ContainersNotReady", message },
      { type: "ContainersReady", status: "False", reason: "ContainersNotReady", message }
    ];
    if (Object.isFrozen(cs)) notReadySpecs.set(cs, deepFreeze(specs));
  }
  return specs;
}
var spec = (type, status) => Object.freeze({ type, status });
var READY_TO_START_TRUE = spec("PodReadyToStartContainers", "True");
var READY_TO_START_FALSE = spec("PodReadyToStartContainers", "False");
var INITIALIZED_TRUE = spec("Initialized", "True");
var READY_CONDS = Object.freeze([spec("Ready", "True"), spec("ContainersReady", "True")]);
var pendingSpecs = /* @__PURE__ */ new WeakMap();
function lifecycleSpecs(pod) {
  const nr = notReadyConds(pod);
  let l = pendingSpecs.get(nr);
  if (!l) {
    l = {
      ready: [READY_TO_START_TRUE, INITIALIZED_TRUE, ...nr],
      notReady: [READY_TO_START_FALSE, INITIALIZED_TRUE, ...nr],
      running: [READY_TO_START_TRUE, ...nr]
    };
    if (Object.isFrozen(nr)) pendingSpecs.set(nr, l);
  }
  return l;
}
function waiting(pod) {
  const cs = pod.spec.containers;
  let w = waitingStatuses.get(cs);
  if (!w) {
    w = deepFreeze(waitingFor(cs));
    if (Object.isFrozen(cs)) waitingStatuses.set(cs, w);
  }
  return w;
}
function waitingFor(cs) {
  return cs.map((c2) => ({
    name: c2.name,
    image: c2.image ?? "",
    imageID: "",
    ready: false,
    restartCount: 0,
    started: false,
    state: { waiting: { reason: "ContainerCreating" } },
    lastState: {}
  }));
}
function containerID(pod, container) {
  return `containerd://${computeDigest(`${pod.metadata.uid}/${container}`)}`;
}
var NO_STATE = Object.freeze({});
var lastRunning = { startedAt: "", state: NO_STATE };
function runningState(startedAt) {
  if (lastRunning.startedAt !== startedAt || lastRunning.state === NO_STATE) {
    lastRunning = { startedAt, state: Object.freeze({ running: Object.freeze({ startedAt }) }) };
  }
  return lastRunning.state;
}
function ipList(ip) {
  return Object.freeze([Object.freeze({ ip })]);
}
function pendingStatus(pod, hostIP, now, sandboxReady) {
  const s2 = pod.status;
  const specs = lifecycleSpecs(pod);
  const out = ordered(s2, {
    phase: "Pending",
    conditions: withConditions(s2, now, sandboxReady ? specs.ready : specs.notReady),
    hostIP,
    hostIPs: ipList(hostIP),
    startTime: s2?.startTime ?? now,
    containerStatuses: waiting(pod)
  });
  return sealed(out, s2);
}
function runningStatus(pod, podIP, now, startedAt) {
  const s2 = pod.status;
  const containers = pod.spec.containers;
  const statuses = [];
  for (let i = 0; i < containers.length; i++) {
    const c2 = containers[i];
    const image = c2.image ?? "";
    statuses.push(
      Object.freeze({
        name: c2.name,
        image: normalizeImage(image),
        imageID: imageID(image),
        containerID: containerID(pod, c2.name),
        ready: false,
        restartCount: 0,
        started: true,
        state: runningState(startedAt[c2.name] ?? now),
        lastState: NO_STATE
      })
    );
  }
  const out = ordered(s2, {
    phase: "Running",
    conditions: withConditions(s2, now, lifecycleSpecs(pod).running),
    podIP,
    podIPs: ipList(podIP),
    containerStatuses: Object.freeze(statuses)
  });
  return sealed(out, s2);
}
function withReady(list2, ready) {
  const out = [];
  if (!list2) return Object.freeze(out);
  const frozen = Object.isFrozen(list2);
  for (let i = 0; i < list2.length; i++) {
    const c2 = { ...list2[i], ready };
    out.push(frozen ? Object.freeze(c2) : c2);
  }
  return frozen ? Object.freeze(out) : out;
}
function readyStatus(pod, now) {
  const s2 = pod.status;
  return sealed({ ...s2, conditions: withConditions(s2, now, READY_CONDS), containerStatuses: withReady(s2?.containerStatuses, true) }, s2);
}
function notReadyStatus(pod, now) {
  const s2 = pod.status;
  return sealed({ ...s2, conditions: withConditions(s2, now, notReadyConds(pod)), containerStatuses: withReady(s2?.containerStatuses, false) }, s2);
}
function withCondition(pod, cond, now) {
  const s2 = pod.status;
  return { ...s2, conditions: withConditions(s2, now, [cond]) };
}

// src/engine/kubelet/kubelet.ts
var KUBELET = "kubelet";
var PROVIDES_ANNOTATION = "playground.daemonset.dev/provides";
var containerTexts = /* @__PURE__ */ new WeakMap();
function textsOf(c2) {
  let t = containerTexts.get(c2);
  if (t === void 0) {
    const image = c2.image ?? "";
    t = {
      image,
      pulling: `Pulling image "${image}"`,
      present: `Container image "${image}" already present on machine`,
      stepPulling: `pulling image ${image}`,
      stepPresent: `image ${image} already present`,
      waitPulled: `image "${image}" pulled`,
      created: `Created container: ${c2.name}`,
      started: `Started container ${c2.name}`,
      stepStarted: `started container ${c2.name}`,
      waitStarted: `container ${c2.name} started`,
      pullMs: NaN,
      pulled: "",
      stepPulled: `pulled image ${image}`
    };
    if (Object.isFrozen(c2)) containerTexts.set(c2, t);
  }
  return t;
}
function pulledMessage(t) {
  const ms = TIMINGS.imagePullMs;
  if (t.pullMs !== ms) {
    const d = goDuration(ms);
    t.pullMs = ms;
    t.pulled = `Successfully pulled image "${t.image}" in ${d} (${d} including waiting). Image size: ${imageSize(t.image)} bytes.`;
  }
  return t.pulled;
}
function nodeConditionStatus(node, type) {
  const list2 = node.status?.conditions;
  if (!list2) return void 0;
  for (let i = 0; i < list2.length; i++) if (list2[i].type === type) return list2[i].status;
  return void 0;
}
function nodeUnknown(node) {
  return nodeConditionStatus(node, "Ready") === "Unknown";
}
function networkUnavailable(node) {
  return !!node && nodeConditionStatus(node, "NetworkUnavailable") === "True";
}
function hostIPOf(node) {
  const list2 = node.status?.addresses;
  if (list2) {
    for (let i = 0; i < list2.length; i++) if (list2[i].type === "InternalIP") return list2[i].address ?? "10.0.0.1";
  }
  return "10.0.0.1";
}
var cidrPrefixes = /* @__PURE__ */ new Map();
function podIPPrefix(podCIDR) {
  let prefix = cidrPrefixes.get(podCIDR);
  if (prefix === void 0) {
    const m = /^(\d+\.\d+\.\d+)\.\d+\/\d+$/.exec(podCIDR);
    prefix = m ? m[1] : "10.244.0";
    if (cidrPrefixes.size >= 1e5) cidrPrefixes.clear();
    cidrPrefixes.set(podCIDR, prefix);
  }
  return prefix;
}
function isNetworkPlugin(pod) {
  return pod.metadata.annotations?.[PROVIDES_ANNOTATION] === "network";
}
function readinessDelayMs(pod) {
  let ms = 0;
  for (const c2 of pod.spec.containers) {
    const probe = c2.readinessProbe;
    ms = Math.max(ms, probe?.initialDelaySeconds !== void 0 ? probe.initialDelaySeconds * 1e3 : TIMINGS.readinessDelayMs);
  }
  return ms;
}
var Kubelet = class {
  constructor(sim2) {
    this.sim = sim2;
    this.pods = podsByNodeOf(sim2);
    sim2.watch((c2) => this.onChange(c2));
  }
  sim;
  workers = /* @__PURE__ */ new Map();
  /** the same workers by pod uid (a pod's change finds its worker without making its key) */
  byUid = /* @__PURE__ */ new Map();
  pods;
  images = new ImageCache();
  nextIP = /* @__PURE__ */ new Map();
  /** whether the step syncPod just ran wrote to the store */
  wrote = false;
  /** the pod as the store returned it from that write */
  written;
  onChange(c2) {
    if (c2.kind === "Pod") this.onPod(c2);
    else if (c2.kind === "Node") this.onNode(c2);
  }
  onPod(c2) {
    const pod = c2.obj;
    const w = this.byUid.get(pod.metadata.uid);
    if (c2.type === "DELETED") {
      if (w) this.dropWorker(w);
      return;
    }
    const node = pod.spec.nodeName;
    if (!node) return;
    if (!w) {
      if (!isPodTerminal(pod)) this.enqueue(podKeyOf(pod), 0, `pod bound to node ${node}`, pod);
      return;
    }
    const key = w.key;
    const old = c2.old;
    const md = pod.metadata;
    if (md.deletionTimestamp && (old?.metadata.deletionTimestamp !== md.deletionTimestamp || old?.metadata.deletionGracePeriodSeconds !== md.deletionGracePeriodSeconds)) {
      this.enqueue(key, 0, `pod is being deleted (grace period ${md.deletionGracePeriodSeconds ?? 0}s)`, pod);
    }
  }
  onNode(c2) {
    const node = c2.obj;
    const name = node.metadata.name;
    if (c2.type === "DELETED") {
      this.images.forget(name);
      return;
    }
    if (c2.type === "ADDED") {
      for (const k of this.pods.keys(name)) this.enqueue(k, 0, `node ${name} registered`);
      return;
    }
    const old = c2.old;
    if (nodeUnknown(old) && !nodeUnknown(node)) {
      for (const k of this.pods.keys(name)) this.enqueue(k, 0, `node ${name} reports status again`);
    } else if (networkUnavailable(old) && !networkUnavailable(node)) {
      for (const k of this.pods.keys(name)) {
        if (this.workers.get(k)?.stage === "network") this.enqueue(k, 0, `network on node ${name} is available`);
      }
    }
  }
  /**
   * Queues a sync of the pod `key`. Given the pod, the sync looks it up by the pod's own namespace
   * and name strings (the store's keys: their hashes are known, the lookups compare pointers).
   */
  enqueue(key, delayMs, reason, pod) {
    const ns = pod?.metadata.namespace;
    const name = pod?.metadata.name;
    this.sim.enqueue(KUBELET, key, delayMs, reason, () => this.syncPod(key, ns, name));
  }
  /** The pod worker's pass as a work item (made where no name is given to it: a bare arrow). */
  pass(key, namespace, podName) {
    return () => this.syncPod(key, namespace, podName);
  }
  /** One pass of the pod worker: performs every step that is due, then waits for the next. */
  syncPod(key, namespace, podName) {
    let ns = namespace;
    let name = podName;
    if (ns === void 0 || name === void 0) [ns, name] = splitKey(key);
    const pod = this.sim.store.get("Pod", ns, name);
    if (!pod || !pod.spec.nodeName) return "nothing to do";
    const node = this.sim.store.get("Node", void 0, pod.spec.nodeName);
    if (!node) return `node ${pod.spec.nodeName} does not exist; nothing runs the pod`;
    let w = this.workers.get(key);
    if (w !== void 0 && w.uid !== pod.metadata.uid) w = void 0;
    let unknown;
    if (w !== void 0 && w.node === node) unknown = w.nodeUnknown;
    else {
      unknown = nodeUnknown(node);
      if (w !== void 0) {
        w.node = node;
        w.nodeUnknown = unknown;
      }
    }
    if (unknown) return `node ${node.metadata.name} stopped posting status; the pod is left as it is`;
    if (w === void 0) {
      w = { key, namespace: ns, name, uid: pod.metadata.uid, stage: "new", container: 0, dueAt: 0, startedAt: {}, node, nodeUnknown: false, run: this.pass(key, ns, name) };
      const rejected = this.admit(pod, node, w);
      const old = this.workers.get(key);
      if (old) this.byUid.delete(old.uid);
      this.workers.set(key, w);
      this.byUid.set(w.uid, w);
      if (rejected) return rejected;
    }
    if (pod.metadata.deletionTimestamp) return this.terminate(key, pod, w, node);
    if (isPodTerminal(pod)) {
      w.stage = "done";
      return `pod is ${pod.status.phase}`;
    }
    let done = "";
    let cur = pod;
    this.wrote = false;
    for (let guard = 0; guard < 1e3; guard++) {
      if (w.dueAt > this.sim.now()) {
        this.sim.enqueue(KUBELET, key, w.dueAt - this.sim.now(), this.waitReason(pod, w), w.run);
        break;
      }
      if (this.wrote) {
        cur = this.written ?? this.sim.store.get("Pod", ns, name);
        this.wrote = false;
      }
      const step = this.advance(cur, w, node);
      if (step === void 0) break;
      done = done ? `${done}; ${step}` : step;
    }
    return done || "nothing to do";
  }
  /**
   * HandlePodAdditions → canAdmitPod: a pod the kubelet has not started yet is checked against the
   * pods it already admitted on the node; a rejected pod is Failed with the reason and never runs.
   * Returns what was done when the pod was rejected.
   */
  admit(pod, node, w) {
    if (isPodTerminal(pod) || pod.metadata.deletionTimestamp || pod.status?.startTime) return void 0;
    const others = [];
    for (const k of this.pods.keys(node.metadata.name)) {
      const o = this.workers.get(k);
      if (!o || o.stage === "done") continue;
      const other = this.sim.store.get("Pod", o.namespace, o.name);
      if (other && other.metadata.uid === o.uid && !isPodTerminal(other)) others.push(other);
    }
    const r = canAdmitPod(pod, node, others);
    if (r.admit) return void 0;
    w.stage = "done";
    this.sim.recorder.event(pod, "Warning", r.reason, r.message, KUBELET, node.metadata.name);
    this.sim.store.updateStatus({ ...pod, status: deepFreeze(rejectedStatus(pod, r.reason, r.message, this.sim.iso())) });
    return `rejected by admission: ${r.reason} (${r.message})`;
  }
  waitReason(pod, w) {
    const c2 = pod.spec.containers[w.container];
    switch (w.stage) {
      case "pulling":
        return c2 ? textsOf(c2).waitPulled : 'image "" pulled';
      case "starting":
        return c2 ? textsOf(c2).waitStarted : "container  started";
      case "readying":
        return "readiness reported";
      default:
        return w.stage;
    }
  }
  /** Performs the current stage (which is due). Returns what it did, or undefined to stop. */
  advance(pod, w, node) {
    const store = this.sim.store;
    const ns = pod.metadata.namespace;
    const name = pod.metadata.name;
    const nodeName2 = node.metadata.name;
    const now = this.sim.now();
    const iso = this.sim.iso();
    switch (w.stage) {
      case "new":
      case "network": {
        if (pod.spec.hostNetwork !== true && networkUnavailable(node)) {
          if (w.stage === "new") {
            this.writeStatus(pod, pendingStatus(pod, hostIPOf(node), iso, false));
            this.event(store.get("Pod", ns, name) ?? pod, "Warning", "NetworkNotReady", `network is not ready: ${NETWORK_NOT_READY_MESSAGE}`, nodeName2);
            w.stage = "network";
            return "ContainerCreating: waiting for the pod network";
          }
          return void 0;
        }
        this.writeStatus(pod, pendingStatus(pod, hostIPOf(node), iso, true));
        w.stage = "container";
        w.container = 0;
        return "pod sandbox created (ContainerCreating)";
      }
      case "container": {
        const c2 = pod.spec.containers[w.container];
        if (!c2) {
          this.writeStatus(pod, runningStatus(pod, this.podIP(pod, node), iso, w.startedAt));
          w.stage = "readying";
          w.dueAt = now + readinessDelayMs(pod);
          return "Running";
        }
        const t = textsOf(c2);
        if (c2.imagePullPolicy === "Always" || !this.images.has(nodeName2, t.image)) {
          this.event(pod, "Normal", "Pulling", t.pulling, nodeName2);
          w.stage = "pulling";
          w.dueAt = now + TIMINGS.imagePullMs;
          return t.stepPulling;
        }
        this.event(pod, "Normal", "Pulled", t.present, nodeName2);
        w.stage = "starting";
        w.dueAt = now + TIMINGS.containerStartMs;
        return t.stepPresent;
      }
      case "pulling": {
        const t = textsOf(pod.spec.containers[w.container]);
        this.images.add(nodeName2, t.image);
        this.event(pod, "Normal", "Pulled", pulledMessage(t), nodeName2);
        w.stage = "starting";
        w.dueAt = now + TIMINGS.containerStartMs;
        return t.stepPulled;
      }
      case "starting": {
        const c2 = pod.spec.containers[w.container];
        const t = textsOf(c2);
        this.event(pod, "Normal", "Created", t.created, nodeName2);
        this.event(pod, "Normal", "Started", t.started, nodeName2);
        w.startedAt[c2.name] = iso;
        w.container++;
        w.stage = "container";
        return t.stepStarted;
      }
      case "readying": {
        this.writeStatus(pod, readyStatus(pod, iso));
        w.stage = "running";
        let msg = "Ready";
        if (isNetworkPlugin(pod) && networkPluginUp(this.sim, nodeName2, `${ns}/${name}`)) {
          msg += `; network plugin is up on node ${nodeName2}`;
        }
        return msg;
      }
      case "running":
        if (!isPodReady(pod)) {
          this.writeStatus(pod, readyStatus(pod, iso));
          return "Ready again";
        }
        return void 0;
      default:
        return void 0;
    }
  }
  /** The status manager's write (frozen: the store shares it); the next step reads the pod again. */
  writeStatus(pod, status) {
    this.wrote = true;
    this.written = this.sim.store.updateStatus({ ...pod, status: deepFreeze(status) });
  }
  /**
   * An event about the pod from this kubelet. Events do not go through the watchers, so within one
   * step the pod read at its start is still the stored one, unless the step wrote its status.
   */
  event(pod, type, reason, message, nodeName2) {
    this.sim.recorder.event(pod, type, reason, message, KUBELET, nodeName2);
  }
  dropWorker(w) {
    this.workers.delete(w.key);
    this.byUid.delete(w.uid);
  }
  /** Graceful termination: stop the containers, then remove the pod object (the final grace-0 delete). */
  terminate(key, pod, w, node) {
    const now = this.sim.now();
    const grace = pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? 30;
    const stopAt = now + Math.min(TIMINGS.containerStopMs, grace * 1e3);
    let did = "";
    if (w.stopAt === void 0) {
      for (const c2 of pod.spec.containers) {
        if (w.startedAt[c2.name]) {
          this.sim.recorder.event(pod, "Normal", "Killing", `Stopping container ${c2.name}`, KUBELET, node.metadata.name);
        }
      }
      if (isPodReady(pod) || pod.status?.phase === "Running") {
        this.sim.store.updateStatus({ ...pod, status: deepFreeze(notReadyStatus(pod, this.sim.iso())) });
      }
      w.stage = "stopping";
      w.stopAt = stopAt;
      did = "stopping containers";
    } else if (stopAt < w.stopAt) {
      w.stopAt = stopAt;
    }
    if (w.stopAt > now) {
      this.enqueue(key, w.stopAt - now, "containers stopped", pod);
      return did || "waiting for the containers to stop";
    }
    this.sim.store.remove("Pod", pod.metadata.namespace, pod.metadata.name);
    const cur = this.workers.get(key);
    if (cur) this.dropWorker(cur);
    return "containers stopped; pod removed";
  }
  /** 10.244.<node's podCIDR octet>.<n>, handed out in order per node; host network pods use the node IP. */
  podIP(pod, node) {
    if (pod.spec.hostNetwork) return hostIPOf(node);
    const prefix = podIPPrefix(node.spec?.podCIDR ?? "");
    const name = node.metadata.name;
    const n2 = this.nextIP.get(name) ?? 2;
    this.nextIP.set(name, n2 >= 254 ? 2 : n2 + 1);
    return `${prefix}.${n2}`;
  }
};

// src/engine/controller/nodelifecycle/taintEviction.ts
var TAINT_EVICTION = "taint-eviction-controller";
function noExecuteTaints(node) {
  return (node?.spec?.taints ?? []).filter((t) => t.effect === "NoExecute");
}
function matchingTolerations(taints, tolerations) {
  const used = [];
  for (const taint of taints) {
    const t = (tolerations ?? []).find((x) => toleratesTaint(x, taint));
    if (!t) return { allTolerated: false, untolerated: taint };
    used.push(t);
  }
  return { allTolerated: true, used };
}
function minTolerationMs(used) {
  if (used.length === 0) return 0;
  let min = Infinity;
  for (const t of used) {
    if (t.tolerationSeconds === void 0 || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min, t.tolerationSeconds);
  }
  return min === Infinity ? -1 : min * 1e3;
}
function sameTaints(a, b) {
  const strip = (ts) => ts.map((t) => ({ key: t.key, value: t.value ?? "", effect: t.effect }));
  return deepEqual(strip(a), strip(b));
}
var TaintEvictionController = class {
  constructor(sim2, pods) {
    this.sim = sim2;
    this.pods = pods;
  }
  sim;
  pods;
  scheduled = /* @__PURE__ */ new Map();
  /** When each pending eviction fires (for the UI): pod key → ms. */
  pendingEvictions() {
    return new Map([...this.scheduled].map(([k, e]) => [k, e.triggerAt]));
  }
  onNode(c2) {
    const node = c2.obj;
    const before = c2.type === "ADDED" ? [] : noExecuteTaints(c2.old);
    const after = c2.type === "DELETED" ? [] : noExecuteTaints(node);
    if (sameTaints(before, after)) return;
    const name = node.metadata.name;
    if (!this.pods.has(name)) return;
    this.sim.enqueue(TAINT_EVICTION, `node:${name}`, 0, `NoExecute taints of node ${name} changed`, () => this.syncNode(name));
  }
  onPod(c2) {
    const pod = c2.obj;
    if (c2.type === "DELETED") {
      this.scheduled.delete(podKeyOf(pod));
      return;
    }
    const nodeName2 = pod.spec.nodeName;
    if (!nodeName2 || pod.metadata.deletionTimestamp) return;
    const old = c2.old;
    if (old && old.spec.nodeName === nodeName2 && deepEqual(old.spec.tolerations, pod.spec.tolerations)) return;
    const key = podKeyOf(pod);
    const node = this.sim.store.get("Node", void 0, nodeName2);
    if (noExecuteTaints(node).length === 0 && !this.scheduled.has(key)) return;
    this.enqueue(key, 0, `pod bound to node ${nodeName2}, which has NoExecute taints`);
  }
  enqueue(key, delayMs, reason) {
    this.sim.enqueue(TAINT_EVICTION, key, delayMs, reason, () => this.syncPod(key));
  }
  syncNode(name) {
    const out = [];
    for (const key of this.pods.keys(name)) {
      const r = this.syncPod(key);
      if (r !== "nothing to do") out.push(`${key}: ${r}`);
    }
    return out.join("; ") || "nothing to do";
  }
  /** processPodOnNode, re-evaluated from the current state each time it runs. */
  syncPod(key) {
    const [ns, name] = splitKey(key);
    const pod = this.sim.store.get("Pod", ns, name);
    if (!pod || !pod.spec.nodeName || pod.metadata.deletionTimestamp) {
      this.scheduled.delete(key);
      return "nothing to do";
    }
    const taints = noExecuteTaints(this.sim.store.get("Node", void 0, pod.spec.nodeName));
    if (taints.length === 0) return this.cancel(pod);
    const m = matchingTolerations(taints, pod.spec.tolerations);
    if (!m.allTolerated) return this.evict(pod, `does not tolerate ${taintString(m.untolerated)}`);
    const min = minTolerationMs(m.used);
    if (min < 0) return this.cancel(pod);
    const now = this.sim.now();
    let e = this.scheduled.get(key);
    if (!e || e.uid !== pod.metadata.uid) {
      e = { uid: pod.metadata.uid, createdAt: now, triggerAt: now + min };
      this.scheduled.set(key, e);
    }
    if (now >= e.triggerAt) return this.evict(pod, `tolerationSeconds (${min / 1e3}s) ran out`);
    this.enqueue(key, e.triggerAt - now, `tolerationSeconds (${min / 1e3}s) run out`);
    return `eviction scheduled at ${this.sim.iso(e.triggerAt)}`;
  }
  cancel(pod) {
    const key = podKeyOf(pod);
    if (!this.scheduled.has(key)) return "nothing to do";
    this.scheduled.delete(key);
    this.sim.recorder.event(pod, "Normal", "TaintManagerEviction", `Cancelling deletion of Pod ${key}`, TAINT_EVICTION);
    return "eviction cancelled";
  }
  evict(pod, why) {
    const key = podKeyOf(pod);
    this.scheduled.delete(key);
    this.sim.recorder.event(pod, "Normal", "TaintManagerEviction", `Marking for deletion Pod ${key}`, TAINT_EVICTION);
    const updated = this.sim.store.updateStatus({
      ...pod,
      status: withCondition(
        pod,
        { type: "DisruptionTarget", status: "True", reason: "DeletionByTaintManager", message: "Taint manager: deleting due to NoExecute taint" },
        this.sim.iso()
      )
    });
    this.sim.store.delete("Pod", updated.metadata.namespace, updated.metadata.name);
    return `evicted: ${why}`;
  }
};

// src/engine/controller/nodelifecycle/taints.ts
var TAINT_NOT_READY = "node.kubernetes.io/not-ready";
var TAINT_UNREACHABLE = "node.kubernetes.io/unreachable";
var TAINT_UNSCHEDULABLE = "node.kubernetes.io/unschedulable";
var TAINT_MEMORY_PRESSURE = "node.kubernetes.io/memory-pressure";
var TAINT_DISK_PRESSURE = "node.kubernetes.io/disk-pressure";
var TAINT_NETWORK_UNAVAILABLE = "node.kubernetes.io/network-unavailable";
var TAINT_PID_PRESSURE = "node.kubernetes.io/pid-pressure";
var CONDITION_TAINTS = {
  Ready: { False: TAINT_NOT_READY, Unknown: TAINT_UNREACHABLE },
  MemoryPressure: { True: TAINT_MEMORY_PRESSURE },
  DiskPressure: { True: TAINT_DISK_PRESSURE },
  NetworkUnavailable: { True: TAINT_NETWORK_UNAVAILABLE },
  PIDPressure: { True: TAINT_PID_PRESSURE }
};
var MANAGED = /* @__PURE__ */ new Set([
  ...[TAINT_NOT_READY, TAINT_UNREACHABLE, TAINT_MEMORY_PRESSURE, TAINT_DISK_PRESSURE, TAINT_NETWORK_UNAVAILABLE, TAINT_PID_PRESSURE, TAINT_UNSCHEDULABLE].map(
    (k) => `${k}:NoSchedule`
  ),
  `${TAINT_NOT_READY}:NoExecute`,
  `${TAINT_UNREACHABLE}:NoExecute`
]);
function isConditionTaint(t) {
  return MANAGED.has(`${t.key}:${t.effect}`);
}
function same(a, b) {
  return a.key === b.key && a.effect === b.effect;
}
function nodeConditionTaints(node) {
  const out = [];
  const noSchedule = (key) => out.push({ key, effect: "NoSchedule" });
  for (const c2 of node.status?.conditions ?? []) {
    const key = ownGet(ownGet(CONDITION_TAINTS, c2.type), c2.status);
    if (key) noSchedule(key);
  }
  if (node.spec?.unschedulable) noSchedule(TAINT_UNSCHEDULABLE);
  const ready = node.status?.conditions?.find((c2) => c2.type === "Ready")?.status;
  const noExecute = "NoExecute";
  if (ready === "False") out.push({ key: TAINT_NOT_READY, effect: noExecute });
  else if (ready === "Unknown") out.push({ key: TAINT_UNREACHABLE, effect: noExecute });
  return out;
}
function reconcileConditionTaints(node, now) {
  const current = node.spec?.taints ?? [];
  const desired = nodeConditionTaints(node);
  const kept = current.filter((t) => !isConditionTaint(t) || desired.some((d) => same(d, t)));
  const added = desired.filter((d) => !current.some((t) => same(d, t))).map((d) => d.effect === "NoExecute" ? { ...d, timeAdded: now } : d);
  if (added.length === 0 && kept.length === current.length) return void 0;
  return [...kept, ...added];
}

// src/engine/controller/nodelifecycle/controller.ts
var NODE_LIFECYCLE = "node-lifecycle-controller";
var NODE_CONTROLLER = "node-controller";
function readyStatus2(node) {
  return node ? getNodeCondition(node, "Ready")?.status : void 0;
}
function diff(before, after) {
  const key = (t) => `${t.key}:${t.effect}`;
  const b = new Set(before.map(key));
  const a = new Set(after.map(key));
  const added = after.filter((t) => !b.has(key(t))).map(taintString);
  const removed = before.filter((t) => !a.has(key(t))).map(taintString);
  return [added.length ? `added taint(s) ${added.join(", ")}` : "", removed.length ? `removed taint(s) ${removed.join(", ")}` : ""].filter(Boolean).join("; ");
}
var NodeLifecycleController = class {
  constructor(sim2) {
    this.sim = sim2;
    this.pods = podsByNodeOf(sim2);
    this.taintEviction = new TaintEvictionController(sim2, this.pods);
    sim2.watch((c2) => this.onChange(c2));
  }
  sim;
  pods;
  taintEviction;
  /** Nodes whose Ready turned Unknown: their pods are marked not ready at the next reconcile. */
  lostContact = /* @__PURE__ */ new Set();
  onChange(c2) {
    if (c2.kind === "Pod") {
      this.taintEviction.onPod(c2);
    } else if (c2.kind === "Node") {
      this.onNode(c2);
      this.taintEviction.onNode(c2);
    }
  }
  onNode(c2) {
    const node = c2.obj;
    const name = node.metadata.name;
    if (c2.type === "DELETED") {
      this.lostContact.delete(name);
      return;
    }
    const wasUnknown = readyStatus2(c2.old) === "Unknown";
    const isUnknown = readyStatus2(node) === "Unknown";
    if (c2.type === "MODIFIED" && !wasUnknown && isUnknown) this.lostContact.add(name);
    if (!isUnknown) this.lostContact.delete(name);
    if (this.lostContact.has(name) || reconcileConditionTaints(node, "") !== void 0) {
      this.sim.enqueue(
        NODE_LIFECYCLE,
        name,
        TIMINGS.nodeLifecycleDelayMs,
        `node ${name} ${c2.type === "ADDED" ? "added" : "changed"}`,
        () => this.reconcile(name)
      );
    }
  }
  reconcile(name) {
    const node = this.sim.store.get("Node", void 0, name);
    if (!node) return "node is gone";
    const out = [];
    const taints = reconcileConditionTaints(node, this.sim.iso());
    if (taints) {
      this.sim.store.update({ ...node, spec: { ...node.spec, taints } });
      out.push(diff(node.spec?.taints ?? [], taints));
    }
    if (this.lostContact.has(name)) {
      this.lostContact.delete(name);
      if (readyStatus2(node) === "Unknown") out.push(this.markPodsNotReady(node));
    }
    return out.join("; ") || "nothing to do";
  }
  /** controllerutil.MarkPodsNotReady, after RecordNodeStatusChange(node, "NodeNotReady"). */
  markPodsNotReady(node) {
    const name = node.metadata.name;
    this.sim.recorder.event(node, "Normal", "NodeNotReady", `Node ${name} status is now: NodeNotReady`, NODE_CONTROLLER);
    let n2 = 0;
    for (const key of this.pods.keys(name)) {
      const [ns, podName] = splitKey(key);
      const pod = this.sim.store.get("Pod", ns, podName);
      if (!pod || !isPodReady(pod)) continue;
      const updated = this.sim.store.updateStatus({
        ...pod,
        status: { ...pod.status, conditions: setPodCondition(pod.status.conditions, { type: "Ready", status: "False" }, this.sim.iso()) }
      });
      this.sim.recorder.event(updated, "Warning", "NodeNotReady", "Node is not ready", NODE_CONTROLLER);
      n2++;
    }
    return `marked ${n2} pod(s) not ready`;
  }
};

// src/engine/controller/podgc/controller.ts
var POD_GC = "pod-garbage-collector";
var PodGCController = class {
  constructor(sim2) {
    this.sim = sim2;
    this.start = sim2.now();
    this.pods = podsByNodeOf(sim2);
    sim2.watch((c2) => this.onChange(c2));
  }
  sim;
  pods;
  /** The simulation's start: gc checks run on multiples of the period from here. */
  start;
  onChange(c2) {
    if (c2.kind === "Pod") {
      const pod = c2.obj;
      const node = pod.spec.nodeName;
      const newlyBound = c2.type === "ADDED" || c2.type === "MODIFIED" && c2.old.spec.nodeName !== node;
      if (newlyBound && node && !this.sim.store.get("Node", void 0, node)) this.schedule(node);
    } else if (c2.kind === "Node" && c2.type === "DELETED") {
      const node = c2.obj.metadata.name;
      if (this.pods.has(node)) this.schedule(node);
    }
  }
  /** When a node missing now is confirmed gone: the next gc tick, plus the quarantine. */
  checkTime(now) {
    const period = TIMINGS.podGCPeriodMs;
    const nextTick = this.start + (Math.floor((now - this.start) / period) + 1) * period;
    return nextTick + TIMINGS.podGCQuarantineMs;
  }
  schedule(node) {
    const now = this.sim.now();
    this.sim.enqueue(
      POD_GC,
      node,
      this.checkTime(now) - now,
      `pods are bound to node ${node}, which does not exist`,
      () => this.gcOrphaned(node)
    );
  }
  gcOrphaned(node) {
    if (this.sim.store.get("Node", void 0, node)) return `node ${node} exists again; nothing to do`;
    const deleted = [];
    for (const key of this.pods.keys(node)) {
      const [ns, name] = splitKey(key);
      const pod = this.sim.store.get("Pod", ns, name);
      if (!pod) continue;
      const failed2 = this.sim.store.updateStatus({
        ...pod,
        status: {
          ...withCondition(pod, { type: "DisruptionTarget", status: "True", reason: "DeletionByPodGC", message: "PodGC: node no longer exists" }, this.sim.iso()),
          phase: "Failed"
        }
      });
      this.sim.store.remove("Pod", failed2.metadata.namespace, failed2.metadata.name);
      deleted.push(key);
    }
    return deleted.length ? `force-deleted ${deleted.join(", ")} (node ${node} no longer exists)` : "nothing to do";
  }
};

// src/engine/controller/gc/controller.ts
var GARBAGE_COLLECTOR = "garbage-collector";
var NO_UIDS = [];
function sameUids(uids, refs) {
  const n2 = refs?.length ?? 0;
  if (n2 !== uids.length) return false;
  for (let i = 0; i < n2; i++) if (refs[i].uid !== uids[i]) return false;
  return true;
}
function idOf(kind, o) {
  return `${kind}\0${o.metadata.namespace ?? ""}\0${o.metadata.name}`;
}
function parseId(id) {
  const [kind, ns, name] = id.split("\0");
  return [kind, ns || void 0, name];
}
var GarbageCollector = class {
  constructor(sim2) {
    this.sim = sim2;
    sim2.store.onOwnerDeleted = (owner, policy) => this.onOwnerDeleted(owner, policy);
    sim2.watch((c2) => this.onChange(c2));
  }
  sim;
  /** owner uid → dependent ids */
  dependents = /* @__PURE__ */ new Map();
  /** dependent (kind, namespace, name) → its id and the owner uids it was indexed under */
  owners = /* @__PURE__ */ new Map();
  /** work key → owners deleted and waiting for the collector */
  pending = /* @__PURE__ */ new Map();
  /** owners being deleted in the foreground (uid → id), until their finalizer is removed */
  deletingDependents = /* @__PURE__ */ new Map();
  /** Ids of the objects that name `uid` as an owner (for the UI and tests). */
  dependentsOf(uid) {
    return [...this.dependents.get(uid) ?? []].sort();
  }
  onChange(c2) {
    if (c2.kind === "Event") return;
    const old = c2.old;
    if (old && c2.type === "MODIFIED" && old.metadata.ownerReferences === c2.obj.metadata.ownerReferences && old.metadata.deletionTimestamp === c2.obj.metadata.deletionTimestamp && old.metadata.finalizers === c2.obj.metadata.finalizers) {
      return;
    }
    const md = c2.obj.metadata;
    const indexed = this.ownersOf(c2.kind).get(md.namespace, md.name);
    this.watchForeground(c2, indexed);
    const refs = c2.type === "DELETED" ? void 0 : md.ownerReferences;
    const prev = indexed?.uids ?? NO_UIDS;
    if (sameUids(prev, refs)) return;
    const id = indexed?.id ?? idOf(c2.kind, c2.obj);
    const uids = refs ? refs.map((r) => r.uid) : NO_UIDS;
    for (const u of prev) if (!uids.includes(u) && this.deletingDependents.has(u)) this.enqueueDeletingDependents(u, `dependent ${id.split("\0").join("/")} gone`);
    for (const u of prev) {
      const s2 = this.dependents.get(u);
      s2?.delete(id);
      if (s2 && s2.size === 0) this.dependents.delete(u);
    }
    for (const u of uids) {
      let s2 = this.dependents.get(u);
      if (!s2) this.dependents.set(u, s2 = /* @__PURE__ */ new Set());
      s2.add(id);
    }
    if (uids.length) this.ownersOf(c2.kind).set(md.namespace, md.name, { id, uids });
    else this.ownersOf(c2.kind).delete(md.namespace, md.name);
  }
  ownersOf(kind) {
    let m = this.owners.get(kind);
    if (!m) this.owners.set(kind, m = new PodMap());
    return m;
  }
  /** startsWaitingForDependentsDeleted: an owner got the foregroundDeletion finalizer while being deleted. */
  watchForeground(c2, indexed) {
    const uid = c2.obj.metadata.uid;
    const waiting2 = c2.type !== "DELETED" && !!c2.obj.metadata.deletionTimestamp && !!c2.obj.metadata.finalizers?.includes(FOREGROUND_DELETION_FINALIZER);
    if (!waiting2) {
      this.deletingDependents.delete(uid);
      return;
    }
    if (this.deletingDependents.has(uid)) return;
    this.deletingDependents.set(uid, indexed?.id ?? idOf(c2.kind, c2.obj));
    this.enqueueDeletingDependents(uid, `${c2.kind.toLowerCase()} ${c2.obj.metadata.name} is being deleted in the foreground`);
  }
  enqueueDeletingDependents(uid, reason) {
    const id = this.deletingDependents.get(uid);
    if (!id) return;
    const [kind, ns, name] = parseId(id);
    const key = `foreground/${kind.toLowerCase()}/${ns ? `${ns}/` : ""}${name}`;
    this.sim.enqueue(GARBAGE_COLLECTOR, key, TIMINGS.garbageCollectorDelayMs, reason, () => this.processDeletingDependentsItem(uid));
  }
  /**
   * processDeletingDependentsItem (with attemptToDeleteItem for each dependent): deletes the
   * dependents not yet being deleted — a dependent with another live owner only loses the
   * reference — and removes the finalizer once no blocking dependent is left.
   */
  processDeletingDependentsItem(uid) {
    const id = this.deletingDependents.get(uid);
    if (!id) return "nothing to do";
    const [kind, ns, name] = parseId(id);
    const owner = this.sim.store.get(kind, ns, name);
    if (!owner || owner.metadata.uid !== uid || !owner.metadata.finalizers?.includes(FOREGROUND_DELETION_FINALIZER)) {
      this.deletingDependents.delete(uid);
      return "owner gone; nothing to do";
    }
    const out = [];
    let blocking = 0;
    for (const depId of this.dependentsOf(uid)) {
      const [dk, dns, dname] = parseId(depId);
      const dep = this.sim.store.get(dk, dns, dname);
      const ref = dep?.metadata.ownerReferences?.find((r) => r.uid === uid);
      if (!dep || !ref) continue;
      if (ref.blockOwnerDeletion) blocking++;
      if (dep.metadata.deletionTimestamp) continue;
      const what = `${dk.toLowerCase()} ${dns ? `${dns}/` : ""}${dname}`;
      const rest = (dep.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid);
      if (rest.some((r) => this.ownerExists(r, dns) && !this.isDeletingDependents(r.uid))) {
        const metadata = { ...dep.metadata, ownerReferences: rest };
        this.sim.store.update({ ...dep, metadata });
        if (ref.blockOwnerDeletion) blocking--;
        out.push(`removed owner from ${what} (it has another owner)`);
        continue;
      }
      const hasDependents = (this.dependents.get(dep.metadata.uid)?.size ?? 0) > 0;
      this.sim.store.delete(dk, dns, dname, { propagationPolicy: hasDependents ? "Foreground" : "Background" });
      out.push(`deleted ${what}${hasDependents ? " (foreground)" : ""}`);
    }
    if (blocking === 0) {
      const finalizers = (owner.metadata.finalizers ?? []).filter((f) => f !== FOREGROUND_DELETION_FINALIZER);
      const metadata = { ...owner.metadata, finalizers };
      if (finalizers.length === 0) delete metadata.finalizers;
      this.deletingDependents.delete(uid);
      this.sim.store.update({ ...owner, metadata });
      out.push(`no blocking dependents left; removed the ${FOREGROUND_DELETION_FINALIZER} finalizer from ${kind.toLowerCase()} ${name}`);
    } else {
      out.push(`waiting for ${blocking} blocking dependent(s)`);
    }
    return out.join("; ");
  }
  isDeletingDependents(uid) {
    return this.deletingDependents.has(uid);
  }
  onOwnerDeleted(owner, policy) {
    const uid = owner.metadata.uid;
    if (!this.dependents.has(uid)) return;
    const ns = owner.metadata.namespace;
    const key = `${owner.kind.toLowerCase()}/${ns ? `${ns}/` : ""}${owner.metadata.name}`;
    const list2 = this.pending.get(key) ?? [];
    list2.push({ uid, policy });
    this.pending.set(key, list2);
    this.sim.enqueue(
      GARBAGE_COLLECTOR,
      key,
      TIMINGS.garbageCollectorDelayMs,
      `owner ${key} deleted (propagationPolicy ${policy})`,
      () => this.collect(key)
    );
  }
  collect(key) {
    const work = this.pending.get(key) ?? [];
    this.pending.delete(key);
    const out = [];
    for (const { uid, policy } of work) pushAll(out, this.processOwner(uid, policy));
    return out.join("; ") || "nothing to do";
  }
  ownerExists(ref, namespace) {
    if (!isKind(ref.kind)) return false;
    return this.sim.store.get(ref.kind, namespace, ref.name)?.metadata.uid === ref.uid;
  }
  processOwner(uid, policy) {
    const out = [];
    for (const id of this.dependentsOf(uid)) {
      const [kind, ns, name] = parseId(id);
      const obj = this.sim.store.get(kind, ns, name);
      const refs = obj?.metadata.ownerReferences ?? [];
      if (!obj || !refs.some((r) => r.uid === uid)) continue;
      const rest = refs.filter((r) => r.uid !== uid);
      const what = `${kind.toLowerCase()} ${ns ? `${ns}/` : ""}${name}`;
      if (policy === "Orphan" || rest.some((r) => this.ownerExists(r, ns))) {
        const metadata = { ...obj.metadata, ownerReferences: rest };
        if (rest.length === 0) delete metadata.ownerReferences;
        this.sim.store.update({ ...obj, metadata });
        out.push(`${policy === "Orphan" ? "orphaned" : "removed dangling owner from"} ${what}`);
      } else if (!obj.metadata.deletionTimestamp) {
        this.sim.store.delete(kind, ns, name, { propagationPolicy: "Background" });
        out.push(`deleted ${what}`);
      }
    }
    return out;
  }
};

// src/engine/simulation.ts
var Simulation = class {
  seed;
  clock;
  rand;
  store;
  recorder;
  queue = new WorkQueue();
  daemonsets;
  scheduler;
  kubelet;
  nodeLifecycle;
  podGC;
  gc;
  /** Listeners of work items as they run. */
  stepListeners = [];
  /**
   * The latest simulated time this simulation may reach (the session's time budget, script/budget.ts):
   * `step`, `advance` and `settle` stop there, whoever calls them.
   */
  horizon = Infinity;
  constructor(opts = {}) {
    this.seed = opts.seed ?? 1;
    this.clock = new Clock(opts.start ?? DEFAULT_START);
    this.rand = new Random(this.seed);
    this.store = new ObjectStore(this.clock, new Random(this.seed ^ 1540483477));
    this.store.generateName = (base) => generateName(base, this.rand);
    this.recorder = new EventRecorder(this.store, this.clock);
    for (const ns of ["default", "kube-node-lease", "kube-public", "kube-system"]) {
      this.store.create({ apiVersion: "v1", kind: "Namespace", metadata: { name: ns } });
    }
    this.gc = new GarbageCollector(this);
    this.nodeLifecycle = new NodeLifecycleController(this);
    this.scheduler = new Scheduler(this);
    this.kubelet = new Kubelet(this);
    this.podGC = new PodGCController(this);
    this.daemonsets = new DaemonSetController(this, opts.daemonSetController ?? "incremental");
  }
  now() {
    return this.clock.now();
  }
  iso(ms) {
    return rfc3339(ms ?? this.clock.now());
  }
  /** Queues a work item `delayMs` from now. Items with the same controller and key coalesce. */
  enqueue(controller, key, delayMs, reason, run) {
    this.queue.add(controller, key, this.clock.now() + Math.max(0, delayMs), reason, run);
  }
  /** Subscribes to store changes. */
  watch(fn) {
    return this.store.subscribe(fn);
  }
  /** Runs the next work item, moving the clock to its time. */
  step() {
    const t = this.queue.peekTime();
    if (t === void 0 || t > this.horizon) return null;
    const item = this.queue.pop();
    if (!item) return null;
    return this.runItem(item);
  }
  runItem(item) {
    if (item.at > this.clock.now()) this.clock.set(item.at);
    const result = item.run() ?? "";
    const rec = { time: this.clock.now(), controller: item.controller, key: item.key, reason: item.reason, result };
    for (const l of this.stepListeners) l(rec);
    return rec;
  }
  /** runItem for callers that drop the record (advance, settle): no record when nobody listens. */
  runQuiet(item) {
    if (this.stepListeners.length > 0) {
      this.runItem(item);
      return;
    }
    if (item.at > this.clock.now()) this.clock.set(item.at);
    item.run();
  }
  /** Runs every item due within `ms` from now; the clock ends exactly `ms` later. */
  advance(ms) {
    const end = Math.min(this.clock.now() + ms, Math.max(this.clock.now(), this.horizon));
    let n2 = 0;
    for (; ; ) {
      const t = this.queue.peekTime();
      if (t === void 0 || t > end) break;
      this.runQuiet(this.queue.pop());
      n2++;
    }
    this.clock.set(end);
    return n2;
  }
  /**
   * Runs until no work is queued; the clock stops at the last item. Gives up after `limitMs` of
   * simulated time (24 h by default) and returns false then.
   */
  settle(limitMs = TIMINGS.settleLimitMs) {
    const end = Math.min(this.clock.now() + limitMs, this.horizon);
    for (; ; ) {
      const t = this.queue.peekTime();
      if (t === void 0) return true;
      if (t > end) {
        return false;
      }
      this.runQuiet(this.queue.pop());
    }
  }
  /** Time of the next queued item this simulation may run (none past the horizon), if any. */
  nextAt() {
    const t = this.queue.peekTime();
    return t !== void 0 && t <= this.horizon ? t : void 0;
  }
};

// src/engine/cluster/nodeFactory.ts
var KUBELET_VERSION = "v1.35.0";
function condition(type, status, reason, message, now) {
  return { type, status, lastHeartbeatTime: now, lastTransitionTime: now, reason, message };
}
function newNode(name, o) {
  const cpu = o.cpu ?? "4";
  const memory = o.memory ?? "8Gi";
  const pods = o.pods ?? "110";
  const ready = !o.notReady && !o.noNetwork;
  const conditions = [];
  if (o.noNetwork) {
    conditions.push(condition("NetworkUnavailable", "True", "NoRouteCreated", "Node created without a route", o.now));
  }
  conditions.push(
    condition("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available", o.now),
    condition("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure", o.now),
    condition("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available", o.now),
    ready ? condition("Ready", "True", "KubeletReady", "kubelet is posting ready status", o.now) : condition(
      "Ready",
      "False",
      "KubeletNotReady",
      o.noNetwork ? "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized" : "container runtime status check may not have completed yet",
      o.now
    )
  );
  const octet = o.index % 250 + 2;
  const third = Math.floor(o.index / 250);
  return {
    apiVersion: "v1",
    kind: "Node",
    metadata: {
      name,
      labels: {
        "beta.kubernetes.io/arch": "amd64",
        "beta.kubernetes.io/os": "linux",
        "kubernetes.io/arch": "amd64",
        "kubernetes.io/hostname": name,
        "kubernetes.io/os": "linux",
        ...o.labels
      },
      annotations: {
        "node.alpha.kubernetes.io/ttl": "0",
        "volumes.kubernetes.io/controller-managed-attach-detach": "true"
      }
    },
    spec: {
      podCIDR: `10.244.${o.index % 256}.0/24`,
      ...o.taints && o.taints.length ? { taints: o.taints.map((t) => ({ ...t })) } : {}
    },
    status: {
      capacity: { cpu, "ephemeral-storage": "102350Mi", memory, pods },
      allocatable: { cpu, "ephemeral-storage": "102350Mi", memory, pods },
      conditions,
      addresses: [
        { type: "InternalIP", address: `10.0.${third}.${octet}` },
        { type: "Hostname", address: name }
      ],
      nodeInfo: {
        architecture: "amd64",
        bootID: "",
        containerRuntimeVersion: "containerd://2.1.4",
        kernelVersion: "6.8.0-86-generic",
        kubeProxyVersion: "",
        kubeletVersion: KUBELET_VERSION,
        machineID: "",
        operatingSystem: "linux",
        osImage: "Ubuntu 24.04.3 LTS",
        systemUUID: ""
      },
      images: []
    }
  };
}

// src/engine/cluster/presets.ts
function addNode(sim2, name, o = {}) {
  const node = newNode(name, { ...o, index: sim2.store.count("Node"), now: sim2.iso() });
  const now = sim2.iso();
  const initial = reconcileConditionTaints(node, now);
  if (initial) node.spec.taints = initial;
  sim2.store.create(node);
}
function applyPreset(sim2, preset, nodes) {
  switch (preset) {
    case "article":
      addNode(sim2, "master", {
        labels: { "node-role.kubernetes.io/master": "" },
        taints: [{ key: "node-role.kubernetes.io/master", effect: "NoSchedule" }]
      });
      addNode(sim2, "node-1");
      return;
    case "kubeadm":
      addNode(sim2, "control-plane", {
        labels: { "node-role.kubernetes.io/control-plane": "", "node.kubernetes.io/exclude-from-external-load-balancers": "" },
        taints: [{ key: "node-role.kubernetes.io/control-plane", effect: "NoSchedule" }]
      });
      addNode(sim2, "worker-1");
      addNode(sim2, "worker-2");
      return;
    case "empty":
      return;
    case "large": {
      const n2 = nodes ?? 1e3;
      const width = Math.max(4, String(n2).length);
      for (let i = 1; i <= n2; i++) addNode(sim2, `node-${String(i).padStart(width, "0")}`);
      return;
    }
  }
}

// src/engine/cluster/manifests.ts
var ARTICLE_MANIFEST = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd-elasticsearch
  namespace: kube-system
  labels:
    k8s-app: fluentd-logging
spec:
  selector:
    matchLabels:
      name: fluentd-elasticsearch
  template:
    metadata:
      labels:
        name: fluentd-elasticsearch
    spec:
      tolerations:
      - key: node-role.kubernetes.io/master
        effect: NoSchedule
      containers:
      - name: fluentd-elasticsearch
        image: k8s.gcr.io/fluentd-elasticsearch:1.20
        resources:
          limits:
            memory: 200Mi
          requests:
            cpu: 100m
            memory: 200Mi
        volumeMounts:
        - name: varlog
          mountPath: /var/log
        - name: varlibdockercontainers
          mountPath: /var/lib/docker/containers
          readOnly: true
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
      - name: varlibdockercontainers
        hostPath:
          path: /var/lib/docker/containers
`;

// .prof/runp.ts
var n = Number(process.argv[2] ?? 5e3);
var sim = new Simulation({ seed: 1 });
applyPreset(sim, "large", n);
var s = new Session();
s.connect();
await s.post("Profiler.enable");
await s.post("Profiler.setSamplingInterval", { interval: 100 });
await s.post("Profiler.start");
var c = process.cpuUsage();
sim.store.create(parse(ARTICLE_MANIFEST));
sim.settle();
var cu = process.cpuUsage(c);
var { profile } = await s.post("Profiler.stop");
fs.writeFileSync(".prof/apply.cpuprofile", JSON.stringify(profile));
console.log("apply", ((cu.user + cu.system) / 1e3).toFixed(0), "ms");
