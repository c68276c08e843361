// Kubernetes object shapes, with the JSON field names of the real API (core/v1, apps/v1).
// Only the fields the simulation reads or prints are typed; unknown fields are kept as they come.

export type Labels = Record<string, string>;

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name: string;
  generateName?: string;
  namespace?: string;
  uid: string;
  resourceVersion: string;
  generation?: number;
  creationTimestamp: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Labels;
  annotations?: Labels;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  /** who set which fields (api/managedFields.ts) */
  managedFields?: ManagedFieldsEntry[];
}

export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time?: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Record<string, unknown>;
  subresource?: string;
}

export interface TypeMeta {
  apiVersion: string;
  kind: string;
}

export interface KObject extends TypeMeta {
  metadata: ObjectMeta;
  [field: string]: unknown;
}

// ---------------------------------------------------------------------------------------- selectors

export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Labels;
  matchExpressions?: LabelSelectorRequirement[];
}

export interface NodeSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';
  values?: string[];
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

export interface NodeSelector {
  nodeSelectorTerms: NodeSelectorTerm[];
}

export interface PreferredSchedulingTerm {
  weight: number;
  preference: NodeSelectorTerm;
}

export interface NodeAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;
  preferredDuringSchedulingIgnoredDuringExecution?: PreferredSchedulingTerm[];
}

export interface PodAffinityTerm {
  labelSelector?: LabelSelector;
  namespaces?: string[];
  namespaceSelector?: LabelSelector;
  topologyKey: string;
  matchLabelKeys?: string[];
  mismatchLabelKeys?: string[];
}

export interface WeightedPodAffinityTerm {
  weight: number;
  podAffinityTerm: PodAffinityTerm;
}

/** PodAffinity and PodAntiAffinity have the same shape. */
export interface PodAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  preferredDuringSchedulingIgnoredDuringExecution?: WeightedPodAffinityTerm[];
}

export interface Affinity {
  nodeAffinity?: NodeAffinity;
  podAffinity?: PodAffinity;
  podAntiAffinity?: PodAffinity;
}

export interface TopologySpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway';
  labelSelector?: LabelSelector;
  minDomains?: number;
  nodeAffinityPolicy?: 'Honor' | 'Ignore';
  nodeTaintsPolicy?: 'Honor' | 'Ignore';
  matchLabelKeys?: string[];
}

// ---------------------------------------------------------------------------------------- taints

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

export interface Taint {
  key: string;
  value?: string;
  effect: TaintEffect;
  timeAdded?: string;
}

export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal' | 'Lt' | 'Gt';
  value?: string;
  effect?: TaintEffect | '';
  tolerationSeconds?: number;
}

// ---------------------------------------------------------------------------------------- pods

export interface ResourceRequirements {
  limits?: Record<string, string>;
  requests?: Record<string, string>;
}

export interface ContainerPort {
  name?: string;
  containerPort: number;
  hostPort?: number;
  protocol?: string;
  hostIP?: string;
}

export interface VolumeMount {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  subPath?: string;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: unknown;
}

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: ContainerPort[];
  env?: EnvVar[];
  resources?: ResourceRequirements;
  volumeMounts?: VolumeMount[];
  imagePullPolicy?: string;
  terminationMessagePath?: string;
  terminationMessagePolicy?: string;
  livenessProbe?: unknown;
  readinessProbe?: unknown;
  [field: string]: unknown;
}

export interface Volume {
  name: string;
  hostPath?: { path: string; type?: string };
  emptyDir?: Record<string, unknown>;
  configMap?: { name?: string };
  secret?: { secretName?: string };
  [field: string]: unknown;
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  volumes?: Volume[];
  nodeName?: string;
  nodeSelector?: Labels;
  affinity?: Affinity;
  tolerations?: Toleration[];
  hostNetwork?: boolean;
  restartPolicy?: string;
  dnsPolicy?: string;
  terminationGracePeriodSeconds?: number;
  activeDeadlineSeconds?: number;
  schedulerName?: string;
  securityContext?: Record<string, unknown>;
  serviceAccountName?: string;
  priorityClassName?: string;
  priority?: number;
  preemptionPolicy?: string;
  topologySpreadConstraints?: TopologySpreadConstraint[];
  /** added only through the pods/ephemeralcontainers subresource (api/ephemeral.ts) */
  ephemeralContainers?: EphemeralContainer[];
  [field: string]: unknown;
}

/** A container added to a running pod for debugging (core/v1 EphemeralContainer): never restarted. */
export interface EphemeralContainer extends Container {
  /** the container whose namespaces (PID, IPC, …) it joins */
  targetContainerName?: string;
  stdin?: boolean;
  tty?: boolean;
}

export interface PodCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastProbeTime?: string | null;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface ContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: {
    exitCode: number;
    reason?: string;
    message?: string;
    startedAt?: string;
    finishedAt?: string;
  };
}

export interface ContainerStatus {
  name: string;
  image: string;
  imageID: string;
  ready: boolean;
  started?: boolean;
  restartCount: number;
  state: ContainerState;
  lastState?: ContainerState;
  containerID?: string;
}

export interface PodStatus {
  phase?: 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';
  conditions?: PodCondition[];
  message?: string;
  reason?: string;
  hostIP?: string;
  podIP?: string;
  podIPs?: { ip: string }[];
  startTime?: string;
  containerStatuses?: ContainerStatus[];
  qosClass?: string;
  ephemeralContainerStatuses?: ContainerStatus[];
  /** the node a preempting pod waits for (set by the scheduler's DefaultPreemption) */
  nominatedNodeName?: string;
}

export interface Pod extends KObject {
  apiVersion: 'v1';
  kind: 'Pod';
  spec: PodSpec;
  status: PodStatus;
}

export interface PodTemplateSpec {
  metadata?: {
    labels?: Labels;
    annotations?: Labels;
    name?: string;
    creationTimestamp?: null;
    [k: string]: unknown;
  };
  spec: PodSpec;
}

// ---------------------------------------------------------------------------------------- nodes

export interface NodeCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface NodeSpec {
  unschedulable?: boolean;
  taints?: Taint[];
  podCIDR?: string;
  providerID?: string;
}

export interface NodeStatus {
  capacity?: Record<string, string>;
  allocatable?: Record<string, string>;
  conditions?: NodeCondition[];
  addresses?: { type: string; address: string }[];
  nodeInfo?: {
    kubeletVersion: string;
    osImage: string;
    kernelVersion: string;
    containerRuntimeVersion: string;
    operatingSystem: string;
    architecture: string;
    [k: string]: string;
  };
  images?: { names: string[]; sizeBytes: number }[];
}

export interface Node extends KObject {
  apiVersion: 'v1';
  kind: 'Node';
  spec: NodeSpec;
  status: NodeStatus;
}

// ---------------------------------------------------------------------------------------- daemonsets

export interface RollingUpdateDaemonSet {
  maxUnavailable?: number | string;
  maxSurge?: number | string;
}

export interface DaemonSetUpdateStrategy {
  type?: 'RollingUpdate' | 'OnDelete';
  rollingUpdate?: RollingUpdateDaemonSet;
}

export interface DaemonSetSpec {
  selector: LabelSelector;
  template: PodTemplateSpec;
  updateStrategy?: DaemonSetUpdateStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
}

export interface DaemonSetStatus {
  currentNumberScheduled: number;
  numberMisscheduled: number;
  desiredNumberScheduled: number;
  numberReady: number;
  observedGeneration?: number;
  updatedNumberScheduled?: number;
  numberAvailable?: number;
  numberUnavailable?: number;
  collisionCount?: number;
}

export interface DaemonSet extends KObject {
  apiVersion: 'apps/v1';
  kind: 'DaemonSet';
  spec: DaemonSetSpec;
  status: DaemonSetStatus;
}

export interface ControllerRevision extends KObject {
  apiVersion: 'apps/v1';
  kind: 'ControllerRevision';
  data: unknown;
  revision: number;
}

// ---------------------------------------------------------------------------------------- deployments

export interface RollingUpdateDeployment {
  maxUnavailable?: number | string;
  maxSurge?: number | string;
}

export interface DeploymentStrategy {
  type?: 'RollingUpdate' | 'Recreate';
  rollingUpdate?: RollingUpdateDeployment;
}

export interface DeploymentSpec {
  replicas?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
  strategy?: DeploymentStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
  paused?: boolean;
  progressDeadlineSeconds?: number;
}

export interface DeploymentCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastUpdateTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface DeploymentStatus {
  observedGeneration?: number;
  replicas?: number;
  updatedReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  unavailableReplicas?: number;
  terminatingReplicas?: number;
  conditions?: DeploymentCondition[];
  collisionCount?: number;
}

export interface Deployment extends KObject {
  apiVersion: 'apps/v1';
  kind: 'Deployment';
  spec: DeploymentSpec;
  status: DeploymentStatus;
}

export interface ReplicaSetSpec {
  replicas?: number;
  minReadySeconds?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
}

export interface ReplicaSetStatus {
  replicas: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  terminatingReplicas?: number;
  observedGeneration?: number;
  conditions?: DeploymentCondition[];
}

export interface ReplicaSet extends KObject {
  apiVersion: 'apps/v1';
  kind: 'ReplicaSet';
  spec: ReplicaSetSpec;
  status: ReplicaSetStatus;
}

/** metav1.Condition, the condition type of policy/v1 (and newer APIs). */
export interface MetaCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  observedGeneration?: number;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

export interface PodDisruptionBudgetSpec {
  minAvailable?: number | string;
  selector?: LabelSelector;
  maxUnavailable?: number | string;
  unhealthyPodEvictionPolicy?: string;
}

/** policy/v1 PodDisruptionBudgetStatus, in the API's field order (the counts are never omitted). */
export interface PodDisruptionBudgetStatus {
  observedGeneration?: number;
  /** pod name → when the eviction API let it go (RFC 3339) */
  disruptedPods?: Record<string, string>;
  disruptionsAllowed: number;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
  conditions?: MetaCondition[];
}

export interface PodDisruptionBudget extends KObject {
  apiVersion: 'policy/v1';
  kind: 'PodDisruptionBudget';
  spec: PodDisruptionBudgetSpec;
  status: PodDisruptionBudgetStatus;
}

/**
 * scheduling.k8s.io/v1 PriorityClass, in the API's field order: cluster-scoped, no spec or status.
 * `value` is always written (no omitempty); `preemptionPolicy` is defaulted on create.
 */
export interface PriorityClass extends KObject {
  apiVersion: 'scheduling.k8s.io/v1';
  kind: 'PriorityClass';
  value: number;
  globalDefault?: boolean;
  description?: string;
  preemptionPolicy?: 'PreemptLowerPriority' | 'Never';
}

export interface Namespace extends KObject {
  apiVersion: 'v1';
  kind: 'Namespace';
  spec?: { finalizers?: string[] };
  status?: { phase: string };
}

export interface ObjectReference {
  kind: string;
  namespace?: string;
  name: string;
  uid?: string;
  apiVersion?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface KEvent extends KObject {
  apiVersion: 'v1';
  kind: 'Event';
  involvedObject: ObjectReference;
  reason: string;
  message: string;
  source: { component: string; host?: string };
  firstTimestamp: string;
  lastTimestamp: string;
  count: number;
  type: 'Normal' | 'Warning';
  reportingComponent?: string;
}

export type Kind =
  | 'Namespace'
  | 'Node'
  | 'Pod'
  | 'DaemonSet'
  | 'ControllerRevision'
  | 'Event'
  | 'Deployment'
  | 'ReplicaSet'
  | 'PodDisruptionBudget'
  | 'PriorityClass';

export interface KindMap {
  Namespace: Namespace;
  Node: Node;
  Pod: Pod;
  DaemonSet: DaemonSet;
  ControllerRevision: ControllerRevision;
  Event: KEvent;
  Deployment: Deployment;
  ReplicaSet: ReplicaSet;
  PodDisruptionBudget: PodDisruptionBudget;
  PriorityClass: PriorityClass;
}

export const NAMESPACED: Record<Kind, boolean> = {
  Namespace: false,
  Node: false,
  Pod: true,
  DaemonSet: true,
  ControllerRevision: true,
  Event: true,
  Deployment: true,
  ReplicaSet: true,
  PodDisruptionBudget: true,
  PriorityClass: false,
};

export const API_VERSION: Record<Kind, string> = {
  Namespace: 'v1',
  Node: 'v1',
  Pod: 'v1',
  DaemonSet: 'apps/v1',
  ControllerRevision: 'apps/v1',
  Event: 'v1',
  Deployment: 'apps/v1',
  ReplicaSet: 'apps/v1',
  PodDisruptionBudget: 'policy/v1',
  PriorityClass: 'scheduling.k8s.io/v1',
};

/** Plural resource name with group, as the API server names it in errors: `daemonsets.apps`. */
export const RESOURCE: Record<Kind, { plural: string; group: string }> = {
  Namespace: { plural: 'namespaces', group: '' },
  Node: { plural: 'nodes', group: '' },
  Pod: { plural: 'pods', group: '' },
  DaemonSet: { plural: 'daemonsets', group: 'apps' },
  ControllerRevision: { plural: 'controllerrevisions', group: 'apps' },
  Event: { plural: 'events', group: '' },
  Deployment: { plural: 'deployments', group: 'apps' },
  ReplicaSet: { plural: 'replicasets', group: 'apps' },
  PodDisruptionBudget: { plural: 'poddisruptionbudgets', group: 'policy' },
  PriorityClass: { plural: 'priorityclasses', group: 'scheduling.k8s.io' },
};

export function qualifiedResource(kind: Kind): string {
  const r = RESOURCE[kind];
  return r.group ? `${r.plural}.${r.group}` : r.plural;
}

/** `daemonset.apps`, `pod`, `node`: the form kubectl prints before a slash. */
export function kindGroup(kind: Kind): string {
  const r = RESOURCE[kind];
  return r.group ? `${kind.toLowerCase()}.${r.group}` : kind.toLowerCase();
}

export function isKind(s: string): s is Kind {
  return Object.prototype.hasOwnProperty.call(NAMESPACED, s);
}
