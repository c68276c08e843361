// Containers, resources and volumes as describe.go prints them (describeContainers,
// describeResources, describeVolumes and friends).

import type {
  Container,
  ContainerState,
  ContainerStatus,
  ResourceRequirements,
  Volume,
} from '../../api/types';
import { formatRFC1123Z } from './age';
import { describeProbe, type Probe } from './describeProbe';
import type { PrefixWriter } from './prefixWriter';
import { quantityString } from './quantityString';

const printBool = (b: boolean) => (b ? 'True' : 'False');

export function describeResources(r: ResourceRequirements | undefined, w: PrefixWriter, level: number): void {
  if (!r) return;
  const limits = Object.keys(r.limits ?? {}).sort();
  if (limits.length > 0) w.write(level, 'Limits:\n');
  for (const k of limits) w.write(level + 1, `${k}:\t${quantityString(r.limits![k])}\n`);
  const requests = Object.keys(r.requests ?? {}).sort();
  if (requests.length > 0) w.write(level, 'Requests:\n');
  for (const k of requests) w.write(level + 1, `${k}:\t${quantityString(r.requests![k])}\n`);
}

function describeStatus(name: string, state: ContainerState | undefined, w: PrefixWriter): void {
  if (state?.running) {
    w.write(2, `${name}:\tRunning\n`);
    w.write(3, `Started:\t${formatRFC1123Z(state.running.startedAt)}\n`);
  } else if (state?.waiting) {
    w.write(2, `${name}:\tWaiting\n`);
    if (state.waiting.reason) w.write(3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state?.terminated) {
    const t = state.terminated as NonNullable<ContainerState['terminated']> & { signal?: number };
    w.write(2, `${name}:\tTerminated\n`);
    if (t.reason) w.write(3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(3, `Message:\t${t.message}\n`);
    w.write(3, `Exit Code:\t${t.exitCode}\n`);
    if (t.signal) w.write(3, `Signal:\t${t.signal}\n`);
    w.write(3, `Started:\t${formatRFC1123Z(t.startedAt)}\n`);
    w.write(3, `Finished:\t${formatRFC1123Z(t.finishedAt)}\n`);
  } else {
    w.write(2, `${name}:\tWaiting\n`);
  }
}

function describeEnv(c: Container, w: PrefixWriter, resolve?: (fieldPath: string) => string): void {
  const env = c.env ?? [];
  w.write(2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of env) {
    if (e.valueFrom === undefined) {
      (e.value ?? '').split('\n').forEach((s, i) => w.write(3, i === 0 ? `${e.name}:\t${s}\n` : `\t${s}\n`));
      continue;
    }
    const vf = e.valueFrom as {
      fieldRef?: { apiVersion?: string; fieldPath: string };
      resourceFieldRef?: { resource: string };
      secretKeyRef?: { name: string; key: string; optional?: boolean };
      configMapKeyRef?: { name: string; key: string; optional?: boolean };
    };
    if (vf.fieldRef) {
      const value = resolve ? resolve(vf.fieldRef.fieldPath) : '';
      w.write(3, `${e.name}:\t${value} (${vf.fieldRef.apiVersion ?? 'v1'}:${vf.fieldRef.fieldPath})\n`);
    } else if (vf.resourceFieldRef) w.write(3, `${e.name}:\t (${vf.resourceFieldRef.resource})\n`);
    else if (vf.secretKeyRef) {
      w.write(
        3,
        `${e.name}:\t<set to the key '${vf.secretKeyRef.key}' in secret '${vf.secretKeyRef.name}'>\tOptional: ${!!vf.secretKeyRef.optional}\n`,
      );
    } else if (vf.configMapKeyRef) {
      w.write(
        3,
        `${e.name}:\t<set to the key '${vf.configMapKeyRef.key}' of config map '${vf.configMapKeyRef.name}'>\tOptional: ${!!vf.configMapKeyRef.optional}\n`,
      );
    }
  }
}

function describeMounts(c: Container, w: PrefixWriter): void {
  const mounts = [...(c.volumeMounts ?? [])].sort((a, b) =>
    a.mountPath < b.mountPath ? -1 : a.mountPath > b.mountPath ? 1 : 0,
  );
  w.write(2, `Mounts:${mounts.length === 0 ? '\t<none>' : ''}\n`);
  for (const m of mounts) {
    const flags = [m.readOnly ? 'ro' : 'rw'];
    if (m.subPath) flags.push(`path=${JSON.stringify(m.subPath)}`);
    w.write(3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
  }
}

/** describeContainers: `space` is "" for pods and "  " inside a pod template. */
export function describeContainers(
  label: string,
  containers: Container[],
  statuses: ContainerStatus[] | undefined,
  w: PrefixWriter,
  space: string,
  resolve?: (fieldPath: string) => string,
): void {
  const byName = new Map((statuses ?? []).map((s) => [s.name, s]));
  w.write(0, `${space}${label}:${containers.length === 0 ? ' <none>' : ''}\n`);
  const nameIndent = space ? ' ' : '';
  for (const c of containers) {
    const st = byName.get(c.name);
    w.write(1, `${nameIndent}${c.name}:\n`);
    if (st) w.write(2, `Container ID:\t${st.containerID ?? ''}\n`);
    w.write(2, `Image:\t${c.image ?? ''}\n`);
    if (st) w.write(2, `Image ID:\t${st.imageID ?? ''}\n`);
    // describeContainerPorts / describeContainerHostPorts (kubectl ≥ 1.34 adds a named port's name)
    const named = (s: string, p: { name?: string }) => (p.name ? `${s} (${p.name})` : s);
    const ports = (c.ports ?? [])
      .map((p) => named(`${p.containerPort}/${p.protocol ?? 'TCP'}`, p))
      .join(', ');
    w.write(2, ports.includes(',') ? `Ports:\t${ports}\n` : `Port:\t${ports || '<none>'}\n`);
    const hostPorts = (c.ports ?? [])
      .map((p) => named(`${p.hostPort ?? 0}/${p.protocol ?? 'TCP'}`, p))
      .join(', ');
    w.write(
      2,
      hostPorts.includes(',') ? `Host Ports:\t${hostPorts}\n` : `Host Port:\t${hostPorts || '<none>'}\n`,
    );
    if (c.command?.length) {
      w.write(2, 'Command:\n');
      for (const x of c.command) for (const s of x.split('\n')) w.write(3, `${s}\n`);
    }
    if (c.args?.length) {
      w.write(2, 'Args:\n');
      for (const x of c.args) for (const s of x.split('\n')) w.write(3, `${s}\n`);
    }
    if (st) {
      describeStatus('State', st.state, w);
      if (st.lastState?.terminated) describeStatus('Last State', st.lastState, w);
      w.write(2, `Ready:\t${printBool(st.ready)}\n`);
      w.write(2, `Restart Count:\t${st.restartCount}\n`);
    }
    describeResources(c.resources, w, 2);
    if (c.livenessProbe) w.write(2, `Liveness:\t${describeProbe(c.livenessProbe as Probe)}\n`);
    if (c.readinessProbe) w.write(2, `Readiness:\t${describeProbe(c.readinessProbe as Probe)}\n`);
    if (c.startupProbe) w.write(2, `Startup:\t${describeProbe(c.startupProbe as Probe)}\n`);
    describeEnv(c, w, resolve);
    describeMounts(c, w);
  }
}

/** describeVolumes: `space` is "" for pods and "  " inside a pod template. */
export function describeVolumes(volumes: Volume[] | undefined, w: PrefixWriter, space: string): void {
  if (!volumes || volumes.length === 0) {
    w.write(0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(0, `${space}Volumes:\n`);
  const nameIndent = space ? ' ' : '';
  for (const v of volumes) {
    w.write(1, `${nameIndent}${v.name}:\n`);
    if (v.hostPath) {
      const type = v.hostPath.type === undefined ? '<none>' : v.hostPath.type;
      w.write(
        2,
        `Type:\tHostPath (bare host directory volume)\n    Path:\t${v.hostPath.path}\n    HostPathType:\t${type}\n`,
      );
    } else if (v.emptyDir) {
      const ed = v.emptyDir as { medium?: string; sizeLimit?: string };
      w.write(
        2,
        `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${ed.medium ?? ''}\n    SizeLimit:\t${
          ed.sizeLimit ? quantityString(ed.sizeLimit) : '<unset>'
        }\n`,
      );
    } else if (v.secret) {
      const s = v.secret as { secretName?: string; optional?: boolean };
      w.write(
        2,
        `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${s.secretName ?? ''}\n    Optional:\t${!!s.optional}\n`,
      );
    } else if (v.configMap) {
      const c = v.configMap as { name?: string; optional?: boolean };
      w.write(
        2,
        `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${c.name ?? ''}\n    Optional:\t${!!c.optional}\n`,
      );
    } else {
      w.write(1, '<unknown>\n');
    }
  }
}
