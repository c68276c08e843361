// Validation on write (pkg/apis/apps/validation, pkg/apis/core/validation), with the real wording.

import type { FieldError } from './errors';
import { ownGet } from './own';
import { isValidQuantity, parseQuantity } from './quantity';
import type {
  PodDisruptionBudget,
  Container,
  DaemonSet,
  Deployment,
  KObject,
  LabelSelector,
  Labels,
  Node,
  Pod,
  PodSpec,
  PodTemplateSpec,
  ReplicaSet,
  Taint,
  Toleration,
} from './types';
import { fromLabelSelector, isEmptyLabelSelector, matches } from './labels';
import {
  DNS1123_SUBDOMAIN_MSG,
  DNS1123_LABEL_MSG,
  isDNS1123Subdomain,
  isDNS1123Label,
  qualifiedNameError,
  labelValueError,
} from './utilValidation';

// the name checks stay importable from here, where they were
export {
  DNS1123_SUBDOMAIN_MSG,
  DNS1123_LABEL_MSG,
  isDNS1123Subdomain,
  isDNS1123Label,
  qualifiedNameError,
  qualifiedNameErrors,
  labelValueErrors,
  labelValueError,
} from './utilValidation';

/**
 * Label keys and values found valid: the checks are functions of the text, and a controller's pods
 * carry the same few labels (`app`, `pod-template-hash`…) write after write. Bounded: emptied when full.
 */
const validLabelKeys = new Set<string>();
const validLabelValues = new Set<string>();
export const VALID_LABEL_TEXTS_MAX = 4096;

function remember(set: Set<string>, text: string): void {
  if (set.size >= VALID_LABEL_TEXTS_MAX) set.clear();
  set.add(text);
}

function validateLabels(labels: Labels | undefined, path: string, errs: FieldError[]): void {
  for (const [k, v] of Object.entries(labels ?? {})) {
    if (!validLabelKeys.has(k)) {
      const ke = qualifiedNameError(k);
      if (ke) errs.push({ field: path, type: 'Invalid value', value: k, detail: ke });
      else remember(validLabelKeys, k);
    }
    if (typeof v !== 'string') {
      errs.push({
        field: `${path}`,
        type: 'Invalid value',
        value: v,
        detail: 'label values must be strings',
      });
      continue;
    }
    if (validLabelValues.has(v)) continue;
    const ve = labelValueError(v);
    if (ve) errs.push({ field: path, type: 'Invalid value', value: v, detail: ve });
    else remember(validLabelValues, v);
  }
}

export function validateObjectMeta(obj: KObject, errs: FieldError[], nameIsLabel = false): void {
  const md = obj.metadata;
  if (!md.name && !md.generateName) {
    errs.push({ field: 'metadata.name', type: 'Required value', detail: 'name or generateName is required' });
  } else if (md.name) {
    const ok = nameIsLabel ? isDNS1123Label(md.name) : isDNS1123Subdomain(md.name);
    if (!ok) {
      errs.push({
        field: 'metadata.name',
        type: 'Invalid value',
        value: md.name,
        detail: nameIsLabel ? DNS1123_LABEL_MSG : DNS1123_SUBDOMAIN_MSG,
      });
    }
  }
  validateLabels(md.labels, 'metadata.labels', errs);
  validateAnnotations(md.annotations, 'metadata.annotations', errs);
}

/** apimachinery's TotalAnnotationSizeLimitB: keys and values of all annotations, in bytes. */
export const TOTAL_ANNOTATION_SIZE_LIMIT_B = 256 * 1024;

/** Length of a string in UTF-8 bytes (Go's len of a string). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * ValidateAnnotations (apimachinery/pkg/api/validation/objectmeta.go): every key a qualified name
 * (checked lower-cased: case does not matter), and all keys and values together at most 256 KiB.
 */
export function validateAnnotations(
  annotations: Record<string, unknown> | undefined,
  path: string,
  errs: FieldError[],
): void {
  let size = 0;
  for (const [k, v] of Object.entries(annotations ?? {})) {
    const ke = qualifiedNameError(k.toLowerCase());
    if (ke) errs.push({ field: path, type: 'Invalid value', value: k, detail: ke });
    size += utf8Length(k) + (typeof v === 'string' ? utf8Length(v) : 0);
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT_B) {
    errs.push({
      field: path,
      type: 'Too long',
      detail: `may not be more than ${TOTAL_ANNOTATION_SIZE_LIMIT_B} bytes`,
    });
  }
}

const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

export function validateTolerations(tols: Toleration[] | undefined, path: string, errs: FieldError[]): void {
  (tols ?? []).forEach((t, i) => {
    const p = `${path}[${i}]`;
    if (t.key) {
      const ke = qualifiedNameError(t.key);
      if (ke) errs.push({ field: `${p}.key`, type: 'Invalid value', value: t.key, detail: ke });
    }
    if (!t.key && t.operator !== 'Exists') {
      errs.push({
        field: `${p}.operator`,
        type: 'Invalid value',
        value: t.operator ?? '',
        detail: 'operator must be Exists when `key` is empty, which means "match all values and all keys"',
      });
    }
    if (t.tolerationSeconds !== undefined && t.effect !== 'NoExecute') {
      errs.push({
        field: `${p}.effect`,
        type: 'Invalid value',
        value: t.effect ?? '',
        detail: "effect must be 'NoExecute' when `tolerationSeconds` is set",
      });
    }
    switch (t.operator) {
      case undefined:
      case 'Equal':
        if (t.value) {
          const ve = labelValueError(t.value);
          if (ve) errs.push({ field: `${p}.operator`, type: 'Invalid value', value: t.value, detail: ve });
        }
        break;
      case 'Exists':
        if (t.value) {
          errs.push({
            field: `${p}.operator`,
            type: 'Invalid value',
            value: t,
            detail: "value must be empty when `operator` is 'Exists'",
          });
        }
        break;
      default:
        errs.push({
          field: `${p}.operator`,
          type: 'Unsupported value',
          value: t.operator,
          supported: ['Equal', 'Exists'],
        });
    }
    if (t.effect && !TAINT_EFFECTS.includes(t.effect)) {
      errs.push({
        field: `${p}.effect`,
        type: 'Unsupported value',
        value: t.effect,
        supported: TAINT_EFFECTS,
      });
    }
  });
}

export function validateTaints(taints: Taint[] | undefined, path: string, errs: FieldError[]): void {
  const seen = new Set<string>();
  (taints ?? []).forEach((t, i) => {
    const p = `${path}[${i}]`;
    const ke = qualifiedNameError(t.key ?? '');
    if (ke) errs.push({ field: `${p}.key`, type: 'Invalid value', value: t.key ?? '', detail: ke });
    if (t.value) {
      const ve = labelValueError(t.value);
      if (ve) errs.push({ field: `${p}.value`, type: 'Invalid value', value: t.value, detail: ve });
    }
    if (!t.effect) errs.push({ field: `${p}.effect`, type: 'Required value' });
    else if (!TAINT_EFFECTS.includes(t.effect)) {
      errs.push({
        field: `${p}.effect`,
        type: 'Unsupported value',
        value: t.effect,
        supported: TAINT_EFFECTS,
      });
    }
    const id = `${t.key}:${t.effect}`;
    if (seen.has(id)) {
      errs.push({
        field: `${p}`,
        type: 'Duplicate value',
        value: t,
        detail: 'taints must be unique by key and effect pair',
      });
    }
    seen.add(id);
  });
}

function validateResources(c: Container, path: string, errs: FieldError[]): void {
  const r = c.resources;
  if (!r) return;
  for (const section of ['limits', 'requests'] as const) {
    for (const [name, q] of Object.entries(r[section] ?? {})) {
      if (!isValidQuantity(q)) {
        errs.push({
          field: `${path}.resources.${section}[${name}]`,
          type: 'Invalid value',
          value: q,
          detail: 'must be a valid quantity',
        });
      } else if (parseQuantity(q) < 0) {
        errs.push({
          field: `${path}.resources.${section}[${name}]`,
          type: 'Invalid value',
          value: q,
          detail: 'must be greater than or equal to 0',
        });
      }
    }
  }
  for (const [name, q] of Object.entries(r.requests ?? {})) {
    const lim = ownGet(r.limits, name);
    if (
      lim !== undefined &&
      isValidQuantity(q) &&
      isValidQuantity(lim) &&
      parseQuantity(q) > parseQuantity(lim)
    ) {
      errs.push({
        field: `${path}.resources.requests`,
        type: 'Invalid value',
        value: String(q),
        detail: `must be less than or equal to ${name} limit of ${lim}`,
      });
    }
  }
}

/**
 * The checks every container gets (validateContainerCommon), for a list that may be empty; names are
 * not compared (validateEphemeralContainers does that across all the pod's containers).
 */
export function validateContainerList(cs: Container[] | undefined, path: string, errs: FieldError[]): void {
  validateContainers(cs, path, errs, false, undefined);
}

function validateContainers(
  cs: Container[] | undefined,
  path: string,
  errs: FieldError[],
  required: boolean,
  names: Set<string> | undefined,
): void {
  if (!cs || cs.length === 0) {
    if (required) errs.push({ field: path, type: 'Required value' });
    return;
  }
  cs.forEach((c, i) => {
    const p = `${path}[${i}]`;
    if (!c || typeof c !== 'object') {
      errs.push({ field: p, type: 'Invalid value', value: c, detail: 'must be an object' });
      return;
    }
    if (!c.name) errs.push({ field: `${p}.name`, type: 'Required value' });
    else if (!isDNS1123Label(c.name))
      errs.push({ field: `${p}.name`, type: 'Invalid value', value: c.name, detail: DNS1123_LABEL_MSG });
    else if (names?.has(c.name)) errs.push({ field: `${p}.name`, type: 'Duplicate value', value: c.name });
    if (c.name) names?.add(c.name);
    if (!c.image || String(c.image).trim() === '') errs.push({ field: `${p}.image`, type: 'Required value' });
    (c.env ?? []).forEach((e, j) => {
      if (!e?.name) errs.push({ field: `${p}.env[${j}].name`, type: 'Required value' });
      const ref = (e?.valueFrom as { fieldRef?: { fieldPath?: string } } | undefined)?.fieldRef;
      if (ref && !ref.fieldPath)
        errs.push({ field: `${p}.env[${j}].valueFrom.fieldRef.fieldPath`, type: 'Required value' });
    });
    (c.ports ?? []).forEach((port, j) => {
      const pp = `${p}.ports[${j}]`;
      if (!Number.isInteger(port.containerPort) || port.containerPort < 1 || port.containerPort > 65535) {
        errs.push({
          field: `${pp}.containerPort`,
          type: 'Invalid value',
          value: port.containerPort,
          detail: 'must be between 1 and 65535, inclusive',
        });
      }
      if (
        port.hostPort !== undefined &&
        (!Number.isInteger(port.hostPort) || port.hostPort < 0 || port.hostPort > 65535)
      ) {
        errs.push({
          field: `${pp}.hostPort`,
          type: 'Invalid value',
          value: port.hostPort,
          detail: 'must be between 1 and 65535, inclusive',
        });
      }
      if (port.protocol && !['TCP', 'UDP', 'SCTP'].includes(port.protocol)) {
        errs.push({
          field: `${pp}.protocol`,
          type: 'Unsupported value',
          value: port.protocol,
          supported: ['SCTP', 'TCP', 'UDP'],
        });
      }
    });
    validateResources(c, p, errs);
    if (c.imagePullPolicy && !['Always', 'IfNotPresent', 'Never'].includes(c.imagePullPolicy)) {
      errs.push({
        field: `${p}.imagePullPolicy`,
        type: 'Unsupported value',
        value: c.imagePullPolicy,
        supported: ['Always', 'IfNotPresent', 'Never'],
      });
    }
    (c.volumeMounts ?? []).forEach((m, j) => {
      if (!m.name) errs.push({ field: `${p}.volumeMounts[${j}].name`, type: 'Required value' });
      if (!m.mountPath) errs.push({ field: `${p}.volumeMounts[${j}].mountPath`, type: 'Required value' });
    });
  });
}

export function validatePodSpec(spec: PodSpec | undefined, path: string, errs: FieldError[]): void {
  if (!spec || typeof spec !== 'object') {
    errs.push({ field: `${path}.containers`, type: 'Required value' });
    return;
  }
  const names = new Set<string>();
  validateContainers(spec.containers, `${path}.containers`, errs, true, names);
  validateContainers(spec.initContainers, `${path}.initContainers`, errs, false, names);
  const volumes = new Set<string>();
  (spec.volumes ?? []).forEach((v, i) => {
    if (!v.name) errs.push({ field: `${path}.volumes[${i}].name`, type: 'Required value' });
    else if (!isDNS1123Label(v.name))
      errs.push({
        field: `${path}.volumes[${i}].name`,
        type: 'Invalid value',
        value: v.name,
        detail: DNS1123_LABEL_MSG,
      });
    else if (volumes.has(v.name))
      errs.push({ field: `${path}.volumes[${i}].name`, type: 'Duplicate value', value: v.name });
    volumes.add(v.name);
    if (v.hostPath && !v.hostPath.path)
      errs.push({ field: `${path}.volumes[${i}].hostPath.path`, type: 'Required value' });
  });
  for (const [group, cs] of [
    ['containers', spec.containers],
    ['initContainers', spec.initContainers],
  ] as const) {
    (cs ?? []).forEach((c, i) => {
      (c?.volumeMounts ?? []).forEach((m, j) => {
        if (m.name && !volumes.has(m.name)) {
          errs.push({
            field: `${path}.${group}[${i}].volumeMounts[${j}].name`,
            type: 'Not found',
            value: m.name,
          });
        }
      });
    });
  }
  if (spec.restartPolicy && !['Always', 'OnFailure', 'Never'].includes(spec.restartPolicy)) {
    errs.push({
      field: `${path}.restartPolicy`,
      type: 'Unsupported value',
      value: spec.restartPolicy,
      supported: ['Always', 'OnFailure', 'Never'],
    });
  }
  if (
    spec.terminationGracePeriodSeconds !== undefined &&
    (!Number.isInteger(spec.terminationGracePeriodSeconds) || spec.terminationGracePeriodSeconds < 0)
  ) {
    errs.push({
      field: `${path}.terminationGracePeriodSeconds`,
      type: 'Invalid value',
      value: spec.terminationGracePeriodSeconds,
      detail: 'must be greater than or equal to 0',
    });
  }
  validateLabels(spec.nodeSelector, `${path}.nodeSelector`, errs);
  validateTolerations(spec.tolerations, `${path}.tolerations`, errs);
  validateAffinity(spec.affinity, `${path}.affinity`, errs);
}

/**
 * The pod spec's node affinity (the last check of validatePodSpec, and independent of the others:
 * the store's pod-create memo validates only this part of a pod made from an already valid template).
 */
export function validateAffinity(affinity: PodSpec['affinity'], path: string, errs: FieldError[]): void {
  const terms = affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (
    affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution &&
    (!terms || terms.length === 0)
  ) {
    errs.push({
      field: `${path}.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`,
      type: 'Required value',
      detail: 'must have at least one node selector term',
    });
  }
  (terms ?? []).forEach((term, i) => {
    const tp = `${path}.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[${i}]`;
    (term.matchExpressions ?? []).forEach((e, j) => {
      const ep = `${tp}.matchExpressions[${j}]`;
      const ops = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'];
      if (!ops.includes(e.operator))
        errs.push({
          field: `${ep}.operator`,
          type: 'Invalid value',
          value: e.operator,
          detail: 'not a valid selector operator',
        });
      if ((e.operator === 'In' || e.operator === 'NotIn') && !(e.values ?? []).length) {
        errs.push({
          field: `${ep}.values`,
          type: 'Required value',
          detail: "must be specified when `operator` is 'In' or 'NotIn'",
        });
      }
      if ((e.operator === 'Exists' || e.operator === 'DoesNotExist') && (e.values ?? []).length) {
        errs.push({
          field: `${ep}.values`,
          type: 'Forbidden',
          detail: "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
        });
      }
      if ((e.operator === 'Gt' || e.operator === 'Lt') && (e.values ?? []).length !== 1) {
        errs.push({
          field: `${ep}.values`,
          type: 'Required value',
          detail: "must be specified single value when `operator` is 'Lt' or 'Gt'",
        });
      }
    });
    (term.matchFields ?? []).forEach((f, j) => {
      const fp = `${tp}.matchFields[${j}]`;
      if (f.key !== 'metadata.name')
        errs.push({
          field: `${fp}.key`,
          type: 'Invalid value',
          value: f.key,
          detail: 'not a valid field selector key',
        });
      if (f.operator !== 'In' && f.operator !== 'NotIn')
        errs.push({
          field: `${fp}.operator`,
          type: 'Invalid value',
          value: f.operator,
          detail: 'not a valid selector operator',
        });
      if ((f.values ?? []).length !== 1)
        errs.push({
          field: `${fp}.values`,
          type: 'Required value',
          detail: "must be only one value when `operator` is 'In' or 'NotIn' for node field selector",
        });
    });
  });
}

function intOrPercent(v: unknown): { ok: boolean; value: number; percent: boolean } {
  if (typeof v === 'number') return { ok: Number.isInteger(v), value: v, percent: false };
  if (typeof v === 'string') {
    const m = /^(\d+)%$/.exec(v);
    if (m) return { ok: true, value: Number(m[1]), percent: true };
  }
  return { ok: false, value: 0, percent: false };
}

function validateIntOrPercent(v: unknown, path: string, errs: FieldError[]): number {
  const r = intOrPercent(v);
  if (!r.ok) {
    errs.push({
      field: path,
      type: 'Invalid value',
      value: v,
      detail:
        "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
    });
    return 0;
  }
  if (r.value < 0)
    errs.push({ field: path, type: 'Invalid value', value: v, detail: 'must be greater than or equal to 0' });
  if (r.percent && r.value > 100)
    errs.push({ field: path, type: 'Invalid value', value: v, detail: 'must not be greater than 100%' });
  return r.value;
}

export function validateDaemonSet(ds: DaemonSet): FieldError[] {
  const errs: FieldError[] = [];
  validateObjectMeta(ds, errs);
  const spec = ds.spec;
  if (!spec || typeof spec !== 'object') {
    errs.push({ field: 'spec.selector', type: 'Required value' });
    errs.push({ field: 'spec.template.spec.containers', type: 'Required value' });
    return errs;
  }
  if (!spec.selector) {
    errs.push({ field: 'spec.selector', type: 'Required value' });
  } else if (isEmptyLabelSelector(spec.selector)) {
    errs.push({
      field: 'spec.selector',
      type: 'Invalid value',
      value: spec.selector,
      detail: 'empty selector is invalid for daemonset',
    });
  } else {
    validateLabels(spec.selector.matchLabels, 'spec.selector.matchLabels', errs);
    const sel = fromLabelSelector(spec.selector)!;
    const tl = spec.template?.metadata?.labels ?? {};
    if (!matches(sel, tl)) {
      errs.push({
        field: 'spec.template.metadata.labels',
        type: 'Invalid value',
        value: tl,
        detail: '`selector` does not match template `labels`',
      });
    }
  }
  if (!spec.template) {
    errs.push({ field: 'spec.template.spec.containers', type: 'Required value' });
  } else {
    validateLabels(spec.template.metadata?.labels, 'spec.template.metadata.labels', errs);
    validateAnnotations(spec.template.metadata?.annotations, 'spec.template.metadata.annotations', errs);
    validatePodSpec(spec.template.spec, 'spec.template.spec', errs);
    const rp = spec.template.spec?.restartPolicy;
    if (rp !== undefined && rp !== 'Always') {
      errs.push({
        field: 'spec.template.spec.restartPolicy',
        type: 'Unsupported value',
        value: rp,
        supported: ['Always'],
      });
    }
    if (spec.template.spec?.activeDeadlineSeconds !== undefined) {
      errs.push({
        field: 'spec.template.spec.activeDeadlineSeconds',
        type: 'Forbidden',
        detail: 'activeDeadlineSeconds in DaemonSet is not Supported',
      });
    }
  }
  if (
    spec.minReadySeconds !== undefined &&
    (!Number.isInteger(spec.minReadySeconds) || spec.minReadySeconds < 0)
  ) {
    errs.push({
      field: 'spec.minReadySeconds',
      type: 'Invalid value',
      value: spec.minReadySeconds,
      detail: 'must be greater than or equal to 0',
    });
  }
  if (
    spec.revisionHistoryLimit !== undefined &&
    (!Number.isInteger(spec.revisionHistoryLimit) || spec.revisionHistoryLimit < 0)
  ) {
    errs.push({
      field: 'spec.revisionHistoryLimit',
      type: 'Invalid value',
      value: spec.revisionHistoryLimit,
      detail: 'must be greater than or equal to 0',
    });
  }
  const us = spec.updateStrategy;
  if (us) {
    if (us.type !== 'RollingUpdate' && us.type !== 'OnDelete') {
      errs.push({
        field: 'spec.updateStrategy',
        type: 'Unsupported value',
        value: us.type ?? '',
        supported: ['OnDelete', 'RollingUpdate'],
      });
    } else if (us.type === 'RollingUpdate') {
      if (!us.rollingUpdate) {
        errs.push({ field: 'spec.updateStrategy.rollingUpdate', type: 'Required value' });
      } else {
        const mu = validateIntOrPercent(
          us.rollingUpdate.maxUnavailable ?? 0,
          'spec.updateStrategy.rollingUpdate.maxUnavailable',
          errs,
        );
        const ms = validateIntOrPercent(
          us.rollingUpdate.maxSurge ?? 0,
          'spec.updateStrategy.rollingUpdate.maxSurge',
          errs,
        );
        if (mu === 0 && ms === 0) {
          errs.push({
            field: 'spec.updateStrategy.rollingUpdate.maxUnavailable',
            type: 'Required value',
            detail: 'cannot be 0 when maxSurge is 0',
          });
        } else if (mu !== 0 && ms !== 0) {
          errs.push({
            field: 'spec.updateStrategy.rollingUpdate.maxSurge',
            type: 'Invalid value',
            value: us.rollingUpdate.maxSurge,
            detail: 'may not be set when maxUnavailable is non-zero',
          });
        }
      }
    } else if (us.rollingUpdate) {
      // OnDelete with a rollingUpdate block: the API server drops it silently on update in apps/v1.
    }
  }
  return errs;
}

export function validateDaemonSetUpdate(ds: DaemonSet, old: DaemonSet): FieldError[] {
  const errs = validateDaemonSet(ds);
  if (
    JSON.stringify(fromLabelSelector(ds.spec?.selector)) !==
    JSON.stringify(fromLabelSelector(old.spec.selector))
  ) {
    errs.unshift({
      field: 'spec.selector',
      type: 'Invalid value',
      value: ds.spec?.selector,
      detail: 'field is immutable',
    });
  }
  return errs;
}

function nonNegative(v: unknown, field: string, errs: FieldError[]): void {
  if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 0)) {
    errs.push({ field, type: 'Invalid value', value: v, detail: 'must be greater than or equal to 0' });
  }
}

/** The selector and ValidatePodTemplateSpecForReplicaSet, shared by Deployments and ReplicaSets. */
function validateSelectorAndTemplate(
  selector: LabelSelector | undefined,
  template: PodTemplateSpec | undefined,
  what: 'deployment' | 'replicaset',
  errs: FieldError[],
): void {
  if (!selector) {
    errs.push({ field: 'spec.selector', type: 'Required value' });
  } else {
    validateLabels(selector.matchLabels, 'spec.selector.matchLabels', errs);
    if (isEmptyLabelSelector(selector)) {
      errs.push({
        field: 'spec.selector',
        type: 'Invalid value',
        value: selector,
        detail: `empty selector is invalid for ${what}`,
      });
    }
  }
  if (!template) {
    errs.push({ field: 'spec.template.spec.containers', type: 'Required value' });
    return;
  }
  const sel = fromLabelSelector(selector);
  const tl = template.metadata?.labels ?? {};
  if (sel && !isEmptyLabelSelector(selector) && !matches(sel, tl)) {
    errs.push({
      field: 'spec.template.metadata.labels',
      type: 'Invalid value',
      value: tl,
      detail: '`selector` does not match template `labels`',
    });
  }
  validateLabels(template.metadata?.labels, 'spec.template.metadata.labels', errs);
  validateAnnotations(template.metadata?.annotations, 'spec.template.metadata.annotations', errs);
  validatePodSpec(template.spec, 'spec.template.spec', errs);
  const rp = template.spec?.restartPolicy;
  if (rp !== undefined && rp !== 'Always') {
    errs.push({
      field: 'spec.template.spec.restartPolicy',
      type: 'Unsupported value',
      value: rp,
      supported: ['Always'],
    });
  }
  if (template.spec?.activeDeadlineSeconds !== undefined) {
    errs.push({
      field: 'spec.template.spec.activeDeadlineSeconds',
      type: 'Forbidden',
      detail: 'activeDeadlineSeconds in ReplicaSet is not Supported',
    });
  }
}

/** ValidateDeploymentSpec (pkg/apis/apps/validation). */
export function validateDeployment(d: Deployment): FieldError[] {
  const errs: FieldError[] = [];
  validateObjectMeta(d, errs);
  const spec = d.spec;
  if (!spec || typeof spec !== 'object') {
    errs.push({ field: 'spec.selector', type: 'Required value' });
    errs.push({ field: 'spec.template.spec.containers', type: 'Required value' });
    return errs;
  }
  nonNegative(spec.replicas, 'spec.replicas', errs);
  validateSelectorAndTemplate(spec.selector, spec.template, 'deployment', errs);
  const st = spec.strategy ?? {};
  if (st.type === 'Recreate') {
    if (st.rollingUpdate)
      errs.push({
        field: 'spec.strategy.rollingUpdate',
        type: 'Forbidden',
        detail: "may not be specified when strategy `type` is 'Recreate'",
      });
  } else if (st.type === 'RollingUpdate') {
    if (!st.rollingUpdate) {
      errs.push({
        field: 'spec.strategy.rollingUpdate',
        type: 'Required value',
        detail: 'this should be defaulted and never be nil',
      });
    } else {
      const p = 'spec.strategy.rollingUpdate';
      const mu = validateIntOrPercent(st.rollingUpdate.maxUnavailable ?? 0, `${p}.maxUnavailable`, errs);
      const ms = validateIntOrPercent(st.rollingUpdate.maxSurge ?? 0, `${p}.maxSurge`, errs);
      if (mu === 0 && ms === 0) {
        errs.push({
          field: `${p}.maxUnavailable`,
          type: 'Invalid value',
          value: st.rollingUpdate.maxUnavailable ?? 0,
          detail: 'may not be 0 when `maxSurge` is 0',
        });
      }
    }
  } else {
    errs.push({
      field: 'spec.strategy.type',
      type: 'Unsupported value',
      value: st.type ?? '',
      supported: ['Recreate', 'RollingUpdate'],
    });
  }
  nonNegative(spec.minReadySeconds, 'spec.minReadySeconds', errs);
  nonNegative(spec.revisionHistoryLimit, 'spec.revisionHistoryLimit', errs);
  if (spec.progressDeadlineSeconds !== undefined) {
    nonNegative(spec.progressDeadlineSeconds, 'spec.progressDeadlineSeconds', errs);
    if (
      typeof spec.progressDeadlineSeconds === 'number' &&
      spec.progressDeadlineSeconds <= (spec.minReadySeconds ?? 0)
    ) {
      errs.push({
        field: 'spec.progressDeadlineSeconds',
        type: 'Invalid value',
        value: spec.progressDeadlineSeconds,
        detail: 'must be greater than minReadySeconds',
      });
    }
  }
  return errs;
}

function selectorImmutable(
  sel: LabelSelector | undefined,
  old: LabelSelector | undefined,
  errs: FieldError[],
): void {
  if (JSON.stringify(fromLabelSelector(sel)) !== JSON.stringify(fromLabelSelector(old))) {
    errs.unshift({ field: 'spec.selector', type: 'Invalid value', value: sel, detail: 'field is immutable' });
  }
}

export function validateDeploymentUpdate(d: Deployment, old: Deployment): FieldError[] {
  const errs = validateDeployment(d);
  selectorImmutable(d.spec?.selector, old.spec.selector, errs);
  return errs;
}

/** ValidateReplicaSetSpec */
export function validateReplicaSet(rs: ReplicaSet): FieldError[] {
  const errs: FieldError[] = [];
  validateObjectMeta(rs, errs);
  const spec = rs.spec;
  if (!spec || typeof spec !== 'object') {
    errs.push({ field: 'spec.selector', type: 'Required value' });
    errs.push({ field: 'spec.template.spec.containers', type: 'Required value' });
    return errs;
  }
  nonNegative(spec.replicas, 'spec.replicas', errs);
  nonNegative(spec.minReadySeconds, 'spec.minReadySeconds', errs);
  validateSelectorAndTemplate(spec.selector, spec.template, 'replicaset', errs);
  return errs;
}

export function validateReplicaSetUpdate(rs: ReplicaSet, old: ReplicaSet): FieldError[] {
  const errs = validateReplicaSet(rs);
  selectorImmutable(rs.spec?.selector, old.spec.selector, errs);
  return errs;
}

/** ValidatePodDisruptionBudget (pkg/apis/policy/validation): the spec's two budgets, selector and policy. */
export function validatePodDisruptionBudget(pdb: PodDisruptionBudget): FieldError[] {
  const errs: FieldError[] = [];
  validateObjectMeta(pdb, errs);
  const spec = pdb.spec;
  if (!spec || typeof spec !== 'object') return errs;
  if (spec.minAvailable !== undefined && spec.maxUnavailable !== undefined)
    errs.push({
      field: 'spec',
      type: 'Invalid value',
      value: spec,
      detail: 'minAvailable and maxUnavailable cannot be both set',
    });
  if (spec.minAvailable !== undefined) validateIntOrPercent(spec.minAvailable, 'spec.minAvailable', errs);
  if (spec.maxUnavailable !== undefined)
    validateIntOrPercent(spec.maxUnavailable, 'spec.maxUnavailable', errs);
  if (spec.selector) validateLabels(spec.selector.matchLabels, 'spec.selector.matchLabels', errs);
  const policy = spec.unhealthyPodEvictionPolicy;
  if (policy !== undefined && policy !== 'AlwaysAllow' && policy !== 'IfHealthyBudget')
    errs.push({
      field: 'spec.unhealthyPodEvictionPolicy',
      type: 'Unsupported value',
      value: policy,
      supported: ['AlwaysAllow', 'IfHealthyBudget'],
    });
  return errs;
}

export function validatePod(pod: Pod): FieldError[] {
  const errs: FieldError[] = [];
  validateObjectMeta(pod, errs);
  validatePodSpec(pod.spec, 'spec', errs);
  return errs;
}

export function validateNode(node: Node): FieldError[] {
  const errs: FieldError[] = [];
  validateObjectMeta(node, errs);
  validateTaints(node.spec?.taints, 'spec.taints', errs);
  for (const [k, q] of Object.entries(node.status?.capacity ?? {})) {
    if (!isValidQuantity(q))
      errs.push({
        field: `status.capacity[${k}]`,
        type: 'Invalid value',
        value: q,
        detail: 'must be a valid quantity',
      });
  }
  return errs;
}

export function validateGeneric(obj: KObject, nameIsLabel = false): FieldError[] {
  const errs: FieldError[] = [];
  validateObjectMeta(obj, errs, nameIsLabel);
  return errs;
}
