// Generated from the kubernetes-types package (OpenAPI field descriptions of Kubernetes v1.30)
// for `kubectl explain`: the DaemonSet, Pod and Node fields a learner is likely to look up.
// Types not listed here are shown by name only (their fields are not browsable).

export interface FieldSchema {
  /** the type as explain prints it: `string`, `[]Toleration`, `map[string]string`, `IntOrString` */
  type: string;
  description: string;
  /** the object type whose fields this field (or its items) has */
  ref?: string;
  required?: boolean;
  enum?: string[];
}

export interface TypeSchema {
  description: string;
  fields: Record<string, FieldSchema>;
}

// prettier-ignore
export const SCHEMA: Record<string, TypeSchema> = {
  "Time": {
    "description": "Time is a wrapper around time.Time which supports correct marshaling to YAML and JSON.  Wrappers are provided for many of the factory methods that the time package offers.",
    "fields": {}
  },
  "Quantity": {
    "description": "Quantity is a fixed-point representation of a number. It provides convenient marshaling/unmarshaling in JSON and YAML, in addition to String() and AsInt64() accessors.\nThe serialization format is:\n``` <quantity>        ::= <signedNumber><suffix>\n\t(Note that <suffix> may be empty, from the \"\" case in <decimalSI>.)\n<digit>           ::= 0 | 1 | ... | 9 <digits>          ::= <digit> | <digit><digits> <number>          ::= <digits> | <digits>.<digits> | <digits>. | .<digits> <sign>            ::= \"+\" | \"-\" <signedNumber>    ::= <number> | <sign><number> <suffix>          ::= <binarySI> | <decimalExponent> | <decimalSI> <binarySI>        ::= Ki | Mi | Gi | Ti | Pi | Ei\n\t(International System of units; See: http://physics.nist.gov/cuu/Units/binary.html)\n<decimalSI>       ::= m | \"\" | k | M | G | T | P | E\n\t(Note that 1024 = 1Ki but 1000 = 1k; I didn't choose the capitalization.)\n<decimalExponent> ::= \"e\" <signedNumber> | \"E\" <signedNumber> ```\nNo matter which of the three exponent forms is used, no quantity may represent a number greater than 2^63-1 in magnitude, nor may it have more than 3 decimal places. Numbers larger or more precise will be capped or rounded up. (E.g.: 0.1m will rounded up to 1m.) This may be extended in the future if we require larger or smaller quantities.\nWhen a Quantity is parsed from a string, it will remember the type of suffix it had, and will use the same type again when it is serialized.\nBefore serializing, Quantity will be put in \"canonical form\". This means that Exponent/suffix will be adjusted up or down (with a corresponding increase or decrease in Mantissa) such that:\n- No precision is lost - No fractional digits will be emitted - The exponent (or suffix) is as large as possible.\nThe sign will be omitted unless the number is negative.\nExamples:\n- 1.5 will be serialized as \"1500m\" - 1.5Gi will be serialized as \"1536Mi\"\nNote that the quantity will NEVER be internally represented by a floating point number. That is the whole point of this exercise.\nNon-canonical values will still parse as long as they are well formed, but will be re-emitted in their canonical form. (So always use canonical form, or don't diff.)\nThis format is intended to make it difficult to use these numbers without writing some sort of special handling code in the hopes that that will cause implementors to also use a fixed point implementation.",
    "fields": {}
  },
  "IntOrString": {
    "description": "IntOrString is a type that can hold an int32 or a string.  When used in JSON or YAML marshalling and unmarshalling, it produces or consumes the inner type.  This allows you to have, for example, a JSON field that can accept a name or number.",
    "fields": {}
  },
  "DaemonSet": {
    "description": "DaemonSet represents the configuration of a daemon set.",
    "fields": {
      "apiVersion": {
        "type": "string",
        "description": "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"
      },
      "kind": {
        "type": "string",
        "description": "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"
      },
      "metadata": {
        "type": "ObjectMeta",
        "description": "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
        "ref": "ObjectMeta"
      },
      "spec": {
        "type": "DaemonSetSpec",
        "description": "The desired behavior of this daemon set. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status",
        "ref": "DaemonSetSpec"
      },
      "status": {
        "type": "DaemonSetStatus",
        "description": "The current status of this daemon set. This data may be out of date by some window of time. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status",
        "ref": "DaemonSetStatus"
      }
    }
  },
  "DaemonSetSpec": {
    "description": "DaemonSetSpec is the specification of a daemon set.",
    "fields": {
      "minReadySeconds": {
        "type": "integer",
        "description": "The minimum number of seconds for which a newly created DaemonSet pod should be ready without any of its container crashing, for it to be considered available. Defaults to 0 (pod will be considered available as soon as it is ready)."
      },
      "revisionHistoryLimit": {
        "type": "integer",
        "description": "The number of old history to retain to allow rollback. This is a pointer to distinguish between explicit zero and not specified. Defaults to 10."
      },
      "selector": {
        "type": "LabelSelector",
        "description": "A label query over pods that are managed by the daemon set. Must match in order to be controlled. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors",
        "ref": "LabelSelector",
        "required": true
      },
      "template": {
        "type": "PodTemplateSpec",
        "description": "An object that describes the pod that will be created. The DaemonSet will create exactly one copy of this pod on every node that matches the template's node selector (or on every node if no node selector is specified). The only allowed template.spec.restartPolicy value is \"Always\". More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#pod-template",
        "ref": "PodTemplateSpec",
        "required": true
      },
      "updateStrategy": {
        "type": "DaemonSetUpdateStrategy",
        "description": "An update strategy to replace existing DaemonSet pods with new pods.",
        "ref": "DaemonSetUpdateStrategy"
      }
    }
  },
  "DaemonSetStatus": {
    "description": "DaemonSetStatus represents the current status of a daemon set.",
    "fields": {
      "collisionCount": {
        "type": "integer",
        "description": "Count of hash collisions for the DaemonSet. The DaemonSet controller uses this field as a collision avoidance mechanism when it needs to create the name for the newest ControllerRevision."
      },
      "conditions": {
        "type": "[]DaemonSetCondition",
        "description": "Represents the latest available observations of a DaemonSet's current state.",
        "ref": "DaemonSetCondition"
      },
      "currentNumberScheduled": {
        "type": "integer",
        "description": "The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod. More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/",
        "required": true
      },
      "desiredNumberScheduled": {
        "type": "integer",
        "description": "The total number of nodes that should be running the daemon pod (including nodes correctly running the daemon pod). More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/",
        "required": true
      },
      "numberAvailable": {
        "type": "integer",
        "description": "The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)"
      },
      "numberMisscheduled": {
        "type": "integer",
        "description": "The number of nodes that are running the daemon pod, but are not supposed to run the daemon pod. More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/",
        "required": true
      },
      "numberReady": {
        "type": "integer",
        "description": "numberReady is the number of nodes that should be running the daemon pod and have one or more of the daemon pod running with a Ready Condition.",
        "required": true
      },
      "numberUnavailable": {
        "type": "integer",
        "description": "The number of nodes that should be running the daemon pod and have none of the daemon pod running and available (ready for at least spec.minReadySeconds)"
      },
      "observedGeneration": {
        "type": "integer",
        "description": "The most recent generation observed by the daemon set controller."
      },
      "updatedNumberScheduled": {
        "type": "integer",
        "description": "The total number of nodes that are running updated daemon pod"
      }
    }
  },
  "DaemonSetCondition": {
    "description": "DaemonSetCondition describes the state of a DaemonSet at a certain point.",
    "fields": {
      "lastTransitionTime": {
        "type": "string",
        "description": "Last time the condition transitioned from one status to another.",
        "ref": "Time"
      },
      "message": {
        "type": "string",
        "description": "A human readable message indicating details about the transition."
      },
      "reason": {
        "type": "string",
        "description": "The reason for the condition's last transition."
      },
      "status": {
        "type": "string",
        "description": "Status of the condition, one of True, False, Unknown.",
        "required": true
      },
      "type": {
        "type": "string",
        "description": "Type of DaemonSet condition.",
        "required": true
      }
    }
  },
  "DaemonSetUpdateStrategy": {
    "description": "DaemonSetUpdateStrategy is a struct used to control the update strategy for a DaemonSet.",
    "fields": {
      "rollingUpdate": {
        "type": "RollingUpdateDaemonSet",
        "description": "Rolling update config params. Present only if type = \"RollingUpdate\".",
        "ref": "RollingUpdateDaemonSet"
      },
      "type": {
        "type": "string",
        "description": "Type of daemon set update. Can be \"RollingUpdate\" or \"OnDelete\". Default is RollingUpdate.",
        "enum": [
          "OnDelete",
          "RollingUpdate"
        ]
      }
    }
  },
  "RollingUpdateDaemonSet": {
    "description": "Spec to control the desired behavior of daemon set rolling update.",
    "fields": {
      "maxSurge": {
        "type": "IntOrString",
        "description": "The maximum number of nodes with an existing available DaemonSet pod that can have an updated DaemonSet pod during during an update. Value can be an absolute number (ex: 5) or a percentage of desired pods (ex: 10%). This can not be 0 if MaxUnavailable is 0. Absolute number is calculated from percentage by rounding up to a minimum of 1. Default value is 0. Example: when this is set to 30%, at most 30% of the total number of nodes that should be running the daemon pod (i.e. status.desiredNumberScheduled) can have their a new pod created before the old pod is marked as deleted. The update starts by launching new pods on 30% of nodes. Once an updated pod is available (Ready for at least minReadySeconds) the old DaemonSet pod on that node is marked deleted. If the old pod becomes unavailable for any reason (Ready transitions to false, is evicted, or is drained) an updated pod is immediatedly created on that node without considering surge limits. Allowing surge implies the possibility that the resources consumed by the daemonset on any given node can double if the readiness check fails, and so resource intensive daemonsets should take into account that they may cause evictions during disruption.",
        "ref": "IntOrString"
      },
      "maxUnavailable": {
        "type": "IntOrString",
        "description": "The maximum number of DaemonSet pods that can be unavailable during the update. Value can be an absolute number (ex: 5) or a percentage of total number of DaemonSet pods at the start of the update (ex: 10%). Absolute number is calculated from percentage by rounding up. This cannot be 0 if MaxSurge is 0 Default value is 1. Example: when this is set to 30%, at most 30% of the total number of nodes that should be running the daemon pod (i.e. status.desiredNumberScheduled) can have their pods stopped for an update at any given time. The update starts by stopping at most 30% of those DaemonSet pods and then brings up new DaemonSet pods in their place. Once the new pods are available, it then proceeds onto other DaemonSet pods, thus ensuring that at least 70% of original number of DaemonSet pods are available at all times during the update.",
        "ref": "IntOrString"
      }
    }
  },
  "ObjectMeta": {
    "description": "ObjectMeta is metadata that all persisted resources must have, which includes all objects users must create.",
    "fields": {
      "annotations": {
        "type": "map[string]string",
        "description": "Annotations is an unstructured key value map stored with a resource that may be set by external tools to store and retrieve arbitrary metadata. They are not queryable and should be preserved when modifying objects. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/annotations"
      },
      "creationTimestamp": {
        "type": "string",
        "description": "CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
        "ref": "Time"
      },
      "deletionGracePeriodSeconds": {
        "type": "integer",
        "description": "Number of seconds allowed for this object to gracefully terminate before it will be removed from the system. Only set when deletionTimestamp is also set. May only be shortened. Read-only."
      },
      "deletionTimestamp": {
        "type": "string",
        "description": "DeletionTimestamp is RFC 3339 date and time at which this resource will be deleted. This field is set by the server when a graceful deletion is requested by the user, and is not directly settable by a client. The resource is expected to be deleted (no longer visible from resource lists, and not reachable by name) after the time in this field, once the finalizers list is empty. As long as the finalizers list contains items, deletion is blocked. Once the deletionTimestamp is set, this value may not be unset or be set further into the future, although it may be shortened or the resource may be deleted prior to this time. For example, a user may request that a pod is deleted in 30 seconds. The Kubelet will react by sending a graceful termination signal to the containers in the pod. After that 30 seconds, the Kubelet will send a hard termination signal (SIGKILL) to the container and after cleanup, remove the pod from the API. In the presence of network partitions, this object may still exist after this timestamp, until an administrator or automated process can determine the resource is fully terminated. If not set, graceful deletion of the object has not been requested.\nPopulated by the system when a graceful deletion is requested. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
        "ref": "Time"
      },
      "finalizers": {
        "type": "[]string",
        "description": "Must be empty before the object is deleted from the registry. Each entry is an identifier for the responsible component that will remove the entry from the list. If the deletionTimestamp of the object is non-nil, entries in this list can only be removed. Finalizers may be processed and removed in any order.  Order is NOT enforced because it introduces significant risk of stuck finalizers. finalizers is a shared field, any actor with permission can reorder it. If the finalizer list is processed in order, then this can lead to a situation in which the component responsible for the first finalizer in the list is waiting for a signal (field value, external system, or other) produced by a component responsible for a finalizer later in the list, resulting in a deadlock. Without enforced ordering finalizers are free to order amongst themselves and are not vulnerable to ordering changes in the list."
      },
      "generateName": {
        "type": "string",
        "description": "GenerateName is an optional prefix, used by the server, to generate a unique name ONLY IF the Name field has not been provided. If this field is used, the name returned to the client will be different than the name passed. This value will also be combined with a unique suffix. The provided value has the same validation rules as the Name field, and may be truncated by the length of the suffix required to make the value unique on the server.\nIf this field is specified and the generated name exists, the server will return a 409.\nApplied only if Name is not specified. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#idempotency"
      },
      "generation": {
        "type": "integer",
        "description": "A sequence number representing a specific generation of the desired state. Populated by the system. Read-only."
      },
      "labels": {
        "type": "map[string]string",
        "description": "Map of string keys and values that can be used to organize and categorize (scope and select) objects. May match selectors of replication controllers and services. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels"
      },
      "managedFields": {
        "type": "[]ManagedFieldsEntry",
        "description": "ManagedFields maps workflow-id and version to the set of fields that are managed by that workflow. This is mostly for internal housekeeping, and users typically shouldn't need to set or understand this field. A workflow can be the user's name, a controller's name, or the name of a specific apply path like \"ci-cd\". The set of fields is always in the version that the workflow used when modifying the object."
      },
      "name": {
        "type": "string",
        "description": "Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names"
      },
      "namespace": {
        "type": "string",
        "description": "Namespace defines the space within which each name must be unique. An empty namespace is equivalent to the \"default\" namespace, but \"default\" is the canonical representation. Not all objects are required to be scoped to a namespace - the value of this field for those objects will be empty.\nMust be a DNS_LABEL. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces"
      },
      "ownerReferences": {
        "type": "[]OwnerReference",
        "description": "List of objects depended by this object. If ALL objects in the list have been deleted, this object will be garbage collected. If this object is managed by a controller, then an entry in this list will point to this controller, with the controller field set to true. There cannot be more than one managing controller.",
        "ref": "OwnerReference"
      },
      "resourceVersion": {
        "type": "string",
        "description": "An opaque value that represents the internal version of this object that can be used by clients to determine when objects have changed. May be used for optimistic concurrency, change detection, and the watch operation on a resource or set of resources. Clients must treat these values as opaque and passed unmodified back to the server. They may only be valid for a particular resource or set of resources.\nPopulated by the system. Read-only. Value must be treated as opaque by clients and . More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#concurrency-control-and-consistency"
      },
      "selfLink": {
        "type": "string",
        "description": "Deprecated: selfLink is a legacy read-only field that is no longer populated by the system."
      },
      "uid": {
        "type": "string",
        "description": "UID is the unique in time and space value for this object. It is typically generated by the server on successful creation of a resource and is not allowed to change on PUT operations.\nPopulated by the system. Read-only. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#uids"
      }
    }
  },
  "OwnerReference": {
    "description": "OwnerReference contains enough information to let you identify an owning object. An owning object must be in the same namespace as the dependent, or be cluster-scoped, so there is no namespace field.",
    "fields": {
      "apiVersion": {
        "type": "string",
        "description": "API version of the referent.",
        "required": true
      },
      "blockOwnerDeletion": {
        "type": "boolean",
        "description": "If true, AND if the owner has the \"foregroundDeletion\" finalizer, then the owner cannot be deleted from the key-value store until this reference is removed. See https://kubernetes.io/docs/concepts/architecture/garbage-collection/#foreground-deletion for how the garbage collector interacts with this field and enforces the foreground deletion. Defaults to false. To set this field, a user needs \"delete\" permission of the owner, otherwise 422 (Unprocessable Entity) will be returned."
      },
      "controller": {
        "type": "boolean",
        "description": "If true, this reference points to the managing controller."
      },
      "kind": {
        "type": "string",
        "description": "Kind of the referent. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
        "required": true
      },
      "name": {
        "type": "string",
        "description": "Name of the referent. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names",
        "required": true
      },
      "uid": {
        "type": "string",
        "description": "UID of the referent. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#uids",
        "required": true
      }
    }
  },
  "LabelSelector": {
    "description": "A label selector is a label query over a set of resources. The result of matchLabels and matchExpressions are ANDed. An empty label selector matches all objects. A null label selector matches no objects.",
    "fields": {
      "matchExpressions": {
        "type": "[]LabelSelectorRequirement",
        "description": "matchExpressions is a list of label selector requirements. The requirements are ANDed.",
        "ref": "LabelSelectorRequirement"
      },
      "matchLabels": {
        "type": "map[string]string",
        "description": "matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels map is equivalent to an element of matchExpressions, whose key field is \"key\", the operator is \"In\", and the values array contains only \"value\". The requirements are ANDed."
      }
    }
  },
  "LabelSelectorRequirement": {
    "description": "A label selector requirement is a selector that contains values, a key, and an operator that relates the key and values.",
    "fields": {
      "key": {
        "type": "string",
        "description": "key is the label key that the selector applies to.",
        "required": true
      },
      "operator": {
        "type": "string",
        "description": "operator represents a key's relationship to a set of values. Valid operators are In, NotIn, Exists and DoesNotExist.",
        "required": true
      },
      "values": {
        "type": "[]string",
        "description": "values is an array of string values. If the operator is In or NotIn, the values array must be non-empty. If the operator is Exists or DoesNotExist, the values array must be empty. This array is replaced during a strategic merge patch."
      }
    }
  },
  "PodTemplateSpec": {
    "description": "PodTemplateSpec describes the data a pod should have when created from a template",
    "fields": {
      "metadata": {
        "type": "ObjectMeta",
        "description": "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
        "ref": "ObjectMeta"
      },
      "spec": {
        "type": "PodSpec",
        "description": "Specification of the desired behavior of the pod. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status",
        "ref": "PodSpec"
      }
    }
  },
  "PodSpec": {
    "description": "PodSpec is a description of a pod.",
    "fields": {
      "activeDeadlineSeconds": {
        "type": "integer",
        "description": "Optional duration in seconds the pod may be active on the node relative to StartTime before the system will actively try to mark it failed and kill associated containers. Value must be a positive integer."
      },
      "affinity": {
        "type": "Affinity",
        "description": "If specified, the pod's scheduling constraints",
        "ref": "Affinity"
      },
      "automountServiceAccountToken": {
        "type": "boolean",
        "description": "AutomountServiceAccountToken indicates whether a service account token should be automatically mounted."
      },
      "containers": {
        "type": "[]Container",
        "description": "List of containers belonging to the pod. Containers cannot currently be added or removed. There must be at least one container in a Pod. Cannot be updated.",
        "ref": "Container",
        "required": true
      },
      "dnsConfig": {
        "type": "PodDNSConfig",
        "description": "Specifies the DNS parameters of a pod. Parameters specified here will be merged to the generated DNS configuration based on DNSPolicy."
      },
      "dnsPolicy": {
        "type": "string",
        "description": "Set DNS policy for the pod. Defaults to \"ClusterFirst\". Valid values are 'ClusterFirstWithHostNet', 'ClusterFirst', 'Default' or 'None'. DNS parameters given in DNSConfig will be merged with the policy selected with DNSPolicy. To have DNS options set along with hostNetwork, you have to specify DNS policy explicitly to 'ClusterFirstWithHostNet'.",
        "enum": [
          "ClusterFirst",
          "ClusterFirstWithHostNet",
          "Default",
          "None"
        ]
      },
      "enableServiceLinks": {
        "type": "boolean",
        "description": "EnableServiceLinks indicates whether information about services should be injected into pod's environment variables, matching the syntax of Docker links. Optional: Defaults to true."
      },
      "ephemeralContainers": {
        "type": "[]EphemeralContainer",
        "description": "List of ephemeral containers run in this pod. Ephemeral containers may be run in an existing pod to perform user-initiated actions such as debugging. This list cannot be specified when creating a pod, and it cannot be modified by updating the pod spec. In order to add an ephemeral container to an existing pod, use the pod's ephemeralcontainers subresource."
      },
      "hostAliases": {
        "type": "[]HostAlias",
        "description": "HostAliases is an optional list of hosts and IPs that will be injected into the pod's hosts file if specified."
      },
      "hostIPC": {
        "type": "boolean",
        "description": "Use the host's ipc namespace. Optional: Default to false."
      },
      "hostNetwork": {
        "type": "boolean",
        "description": "Host networking requested for this pod. Use the host's network namespace. If this option is set, the ports that will be used must be specified. Default to false."
      },
      "hostPID": {
        "type": "boolean",
        "description": "Use the host's pid namespace. Optional: Default to false."
      },
      "hostUsers": {
        "type": "boolean",
        "description": "Use the host's user namespace. Optional: Default to true. If set to true or not present, the pod will be run in the host user namespace, useful for when the pod needs a feature only available to the host user namespace, such as loading a kernel module with CAP_SYS_MODULE. When set to false, a new userns is created for the pod. Setting false is useful for mitigating container breakout vulnerabilities even allowing users to run their containers as root without actually having root privileges on the host. This field is alpha-level and is only honored by servers that enable the UserNamespacesSupport feature."
      },
      "hostname": {
        "type": "string",
        "description": "Specifies the hostname of the Pod If not specified, the pod's hostname will be set to a system-defined value."
      },
      "imagePullSecrets": {
        "type": "[]LocalObjectReference",
        "description": "ImagePullSecrets is an optional list of references to secrets in the same namespace to use for pulling any of the images used by this PodSpec. If specified, these secrets will be passed to individual puller implementations for them to use. More info: https://kubernetes.io/docs/concepts/containers/images#specifying-imagepullsecrets-on-a-pod"
      },
      "initContainers": {
        "type": "[]Container",
        "description": "List of initialization containers belonging to the pod. Init containers are executed in order prior to containers being started. If any init container fails, the pod is considered to have failed and is handled according to its restartPolicy. The name for an init container or normal container must be unique among all containers. Init containers may not have Lifecycle actions, Readiness probes, Liveness probes, or Startup probes. The resourceRequirements of an init container are taken into account during scheduling by finding the highest request/limit for each resource type, and then using the max of of that value or the sum of the normal containers. Limits are applied to init containers in a similar fashion. Init containers cannot currently be added or removed. Cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/init-containers/",
        "ref": "Container"
      },
      "nodeName": {
        "type": "string",
        "description": "NodeName is a request to schedule this pod onto a specific node. If it is non-empty, the scheduler simply schedules this pod onto that node, assuming that it fits resource requirements."
      },
      "nodeSelector": {
        "type": "map[string]string",
        "description": "NodeSelector is a selector which must be true for the pod to fit on a node. Selector which must match a node's labels for the pod to be scheduled on that node. More info: https://kubernetes.io/docs/concepts/configuration/assign-pod-node/"
      },
      "os": {
        "type": "PodOS",
        "description": "Specifies the OS of the containers in the pod. Some pod and container fields are restricted if this is set.\nIf the OS field is set to linux, the following fields must be unset: -securityContext.windowsOptions\nIf the OS field is set to windows, following fields must be unset: - spec.hostPID - spec.hostIPC - spec.hostUsers - spec.securityContext.appArmorProfile - spec.securityContext.seLinuxOptions - spec.securityContext.seccompProfile - spec.securityContext.fsGroup - spec.securityContext.fsGroupChangePolicy - spec.securityContext.sysctls - spec.shareProcessNamespace - spec.securityContext.runAsUser - spec.securityContext.runAsGroup - spec.securityContext.supplementalGroups - spec.containers[*].securityContext.appArmorProfile - spec.containers[*].securityContext.seLinuxOptions - spec.containers[*].securityContext.seccompProfile - spec.containers[*].securityContext.capabilities - spec.containers[*].securityContext.readOnlyRootFilesystem - spec.containers[*].securityContext.privileged - spec.containers[*].securityContext.allowPrivilegeEscalation - spec.containers[*].securityContext.procMount - spec.containers[*].securityContext.runAsUser - spec.containers[*].securityContext.runAsGroup"
      },
      "overhead": {
        "type": "map[string]Quantity",
        "description": "Overhead represents the resource overhead associated with running a pod for a given RuntimeClass. This field will be autopopulated at admission time by the RuntimeClass admission controller. If the RuntimeClass admission controller is enabled, overhead must not be set in Pod create requests. The RuntimeClass admission controller will reject Pod create requests which have the overhead already set. If RuntimeClass is configured and selected in the PodSpec, Overhead will be set to the value defined in the corresponding RuntimeClass, otherwise it will remain unset and treated as zero. More info: https://git.k8s.io/enhancements/keps/sig-node/688-pod-overhead/README.md",
        "ref": "Quantity"
      },
      "preemptionPolicy": {
        "type": "string",
        "description": "PreemptionPolicy is the Policy for preempting pods with lower priority. One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset."
      },
      "priority": {
        "type": "integer",
        "description": "The priority value. Various system components use this field to find the priority of the pod. When Priority Admission Controller is enabled, it prevents users from setting this field. The admission controller populates this field from PriorityClassName. The higher the value, the higher the priority."
      },
      "priorityClassName": {
        "type": "string",
        "description": "If specified, indicates the pod's priority. \"system-node-critical\" and \"system-cluster-critical\" are two special keywords which indicate the highest priorities with the former being the highest priority. Any other name must be defined by creating a PriorityClass object with that name. If not specified, the pod priority will be default or zero if there is no default."
      },
      "readinessGates": {
        "type": "[]PodReadinessGate",
        "description": "If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to \"True\" More info: https://git.k8s.io/enhancements/keps/sig-network/580-pod-readiness-gates"
      },
      "resourceClaims": {
        "type": "[]PodResourceClaim",
        "description": "ResourceClaims defines which ResourceClaims must be allocated and reserved before the Pod is allowed to start. The resources will be made available to those containers which consume them by name.\nThis is an alpha field and requires enabling the DynamicResourceAllocation feature gate.\nThis field is immutable."
      },
      "restartPolicy": {
        "type": "string",
        "description": "Restart policy for all containers within the pod. One of Always, OnFailure, Never. In some contexts, only a subset of those values may be permitted. Default to Always. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#restart-policy",
        "enum": [
          "Always",
          "Never",
          "OnFailure"
        ]
      },
      "runtimeClassName": {
        "type": "string",
        "description": "RuntimeClassName refers to a RuntimeClass object in the node.k8s.io group, which should be used to run this pod.  If no RuntimeClass resource matches the named class, the pod will not be run. If unset or empty, the \"legacy\" RuntimeClass will be used, which is an implicit class with an empty definition that uses the default runtime handler. More info: https://git.k8s.io/enhancements/keps/sig-node/585-runtime-class"
      },
      "schedulerName": {
        "type": "string",
        "description": "If specified, the pod will be dispatched by specified scheduler. If not specified, the pod will be dispatched by default scheduler."
      },
      "schedulingGates": {
        "type": "[]PodSchedulingGate",
        "description": "SchedulingGates is an opaque list of values that if specified will block scheduling the pod. If schedulingGates is not empty, the pod will stay in the SchedulingGated state and the scheduler will not attempt to schedule the pod.\nSchedulingGates can only be set at pod creation time, and be removed only afterwards."
      },
      "securityContext": {
        "type": "PodSecurityContext",
        "description": "SecurityContext holds pod-level security attributes and common container settings. Optional: Defaults to empty.  See type description for default values of each field."
      },
      "serviceAccount": {
        "type": "string",
        "description": "DeprecatedServiceAccount is a deprecated alias for ServiceAccountName. Deprecated: Use serviceAccountName instead."
      },
      "serviceAccountName": {
        "type": "string",
        "description": "ServiceAccountName is the name of the ServiceAccount to use to run this pod. More info: https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/"
      },
      "setHostnameAsFQDN": {
        "type": "boolean",
        "description": "If true the pod's hostname will be configured as the pod's FQDN, rather than the leaf name (the default). In Linux containers, this means setting the FQDN in the hostname field of the kernel (the nodename field of struct utsname). In Windows containers, this means setting the registry value of hostname for the registry key HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Services\\Tcpip\\Parameters to FQDN. If a pod does not have FQDN, this has no effect. Default to false."
      },
      "shareProcessNamespace": {
        "type": "boolean",
        "description": "Share a single process namespace between all of the containers in a pod. When this is set containers will be able to view and signal processes from other containers in the same pod, and the first process in each container will not be assigned PID 1. HostPID and ShareProcessNamespace cannot both be set. Optional: Default to false."
      },
      "subdomain": {
        "type": "string",
        "description": "If specified, the fully qualified Pod hostname will be \"<hostname>.<subdomain>.<pod namespace>.svc.<cluster domain>\". If not specified, the pod will not have a domainname at all."
      },
      "terminationGracePeriodSeconds": {
        "type": "integer",
        "description": "Optional duration in seconds the pod needs to terminate gracefully. May be decreased in delete request. Value must be non-negative integer. The value zero indicates stop immediately via the kill signal (no opportunity to shut down). If this value is nil, the default grace period will be used instead. The grace period is the duration in seconds after the processes running in the pod are sent a termination signal and the time when the processes are forcibly halted with a kill signal. Set this value longer than the expected cleanup time for your process. Defaults to 30 seconds."
      },
      "tolerations": {
        "type": "[]Toleration",
        "description": "If specified, the pod's tolerations.",
        "ref": "Toleration"
      },
      "topologySpreadConstraints": {
        "type": "[]TopologySpreadConstraint",
        "description": "TopologySpreadConstraints describes how a group of pods ought to spread across topology domains. Scheduler will schedule pods in a way which abides by the constraints. All topologySpreadConstraints are ANDed."
      },
      "volumes": {
        "type": "[]Volume",
        "description": "List of volumes that can be mounted by containers belonging to the pod. More info: https://kubernetes.io/docs/concepts/storage/volumes",
        "ref": "Volume"
      }
    }
  },
  "Container": {
    "description": "A single application container that you want to run within a pod.",
    "fields": {
      "args": {
        "type": "[]string",
        "description": "Arguments to the entrypoint. The container image's CMD is used if this is not provided. Variable references $(VAR_NAME) are expanded using the container's environment. If a variable cannot be resolved, the reference in the input string will be unchanged. Double $$ are reduced to a single $, which allows for escaping the $(VAR_NAME) syntax: i.e. \"$$(VAR_NAME)\" will produce the string literal \"$(VAR_NAME)\". Escaped references will never be expanded, regardless of whether the variable exists or not. Cannot be updated. More info: https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/#running-a-command-in-a-shell"
      },
      "command": {
        "type": "[]string",
        "description": "Entrypoint array. Not executed within a shell. The container image's ENTRYPOINT is used if this is not provided. Variable references $(VAR_NAME) are expanded using the container's environment. If a variable cannot be resolved, the reference in the input string will be unchanged. Double $$ are reduced to a single $, which allows for escaping the $(VAR_NAME) syntax: i.e. \"$$(VAR_NAME)\" will produce the string literal \"$(VAR_NAME)\". Escaped references will never be expanded, regardless of whether the variable exists or not. Cannot be updated. More info: https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/#running-a-command-in-a-shell"
      },
      "env": {
        "type": "[]EnvVar",
        "description": "List of environment variables to set in the container. Cannot be updated.",
        "ref": "EnvVar"
      },
      "envFrom": {
        "type": "[]EnvFromSource",
        "description": "List of sources to populate environment variables in the container. The keys defined within a source must be a C_IDENTIFIER. All invalid keys will be reported as an event when the container is starting. When a key exists in multiple sources, the value associated with the last source will take precedence. Values defined by an Env with a duplicate key will take precedence. Cannot be updated."
      },
      "image": {
        "type": "string",
        "description": "Container image name. More info: https://kubernetes.io/docs/concepts/containers/images This field is optional to allow higher level config management to default or override container images in workload controllers like Deployments and StatefulSets."
      },
      "imagePullPolicy": {
        "type": "string",
        "description": "Image pull policy. One of Always, Never, IfNotPresent. Defaults to Always if :latest tag is specified, or IfNotPresent otherwise. Cannot be updated. More info: https://kubernetes.io/docs/concepts/containers/images#updating-images",
        "enum": [
          "Always",
          "IfNotPresent",
          "Never"
        ]
      },
      "lifecycle": {
        "type": "Lifecycle",
        "description": "Actions that the management system should take in response to container lifecycle events. Cannot be updated."
      },
      "livenessProbe": {
        "type": "Probe",
        "description": "Periodic probe of container liveness. Container will be restarted if the probe fails. Cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes"
      },
      "name": {
        "type": "string",
        "description": "Name of the container specified as a DNS_LABEL. Each container in a pod must have a unique name (DNS_LABEL). Cannot be updated.",
        "required": true
      },
      "ports": {
        "type": "[]ContainerPort",
        "description": "List of ports to expose from the container. Not specifying a port here DOES NOT prevent that port from being exposed. Any port which is listening on the default \"0.0.0.0\" address inside a container will be accessible from the network. Modifying this array with strategic merge patch may corrupt the data. For more information See https://github.com/kubernetes/kubernetes/issues/108255. Cannot be updated.",
        "ref": "ContainerPort"
      },
      "readinessProbe": {
        "type": "Probe",
        "description": "Periodic probe of container service readiness. Container will be removed from service endpoints if the probe fails. Cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes"
      },
      "resizePolicy": {
        "type": "[]ContainerResizePolicy",
        "description": "Resources resize policy for the container."
      },
      "resources": {
        "type": "ResourceRequirements",
        "description": "Compute Resources required by this container. Cannot be updated. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/",
        "ref": "ResourceRequirements"
      },
      "restartPolicy": {
        "type": "string",
        "description": "RestartPolicy defines the restart behavior of individual containers in a pod. This field may only be set for init containers, and the only allowed value is \"Always\". For non-init containers or when this field is not specified, the restart behavior is defined by the Pod's restart policy and the container type. Setting the RestartPolicy as \"Always\" for the init container will have the following effect: this init container will be continually restarted on exit until all regular containers have terminated. Once all regular containers have completed, all init containers with restartPolicy \"Always\" will be shut down. This lifecycle differs from normal init containers and is often referred to as a \"sidecar\" container. Although this init container still starts in the init container sequence, it does not wait for the container to complete before proceeding to the next init container. Instead, the next init container starts immediately after this init container is started, or after any startupProbe has successfully completed."
      },
      "securityContext": {
        "type": "SecurityContext",
        "description": "SecurityContext defines the security options the container should be run with. If set, the fields of SecurityContext override the equivalent fields of PodSecurityContext. More info: https://kubernetes.io/docs/tasks/configure-pod-container/security-context/"
      },
      "startupProbe": {
        "type": "Probe",
        "description": "StartupProbe indicates that the Pod has successfully initialized. If specified, no other probes are executed until this completes successfully. If this probe fails, the Pod will be restarted, just as if the livenessProbe failed. This can be used to provide different probe parameters at the beginning of a Pod's lifecycle, when it might take a long time to load data or warm a cache, than during steady-state operation. This cannot be updated. More info: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle#container-probes"
      },
      "stdin": {
        "type": "boolean",
        "description": "Whether this container should allocate a buffer for stdin in the container runtime. If this is not set, reads from stdin in the container will always result in EOF. Default is false."
      },
      "stdinOnce": {
        "type": "boolean",
        "description": "Whether the container runtime should close the stdin channel after it has been opened by a single attach. When stdin is true the stdin stream will remain open across multiple attach sessions. If stdinOnce is set to true, stdin is opened on container start, is empty until the first client attaches to stdin, and then remains open and accepts data until the client disconnects, at which time stdin is closed and remains closed until the container is restarted. If this flag is false, a container processes that reads from stdin will never receive an EOF. Default is false"
      },
      "terminationMessagePath": {
        "type": "string",
        "description": "Optional: Path at which the file to which the container's termination message will be written is mounted into the container's filesystem. Message written is intended to be brief final status, such as an assertion failure message. Will be truncated by the node if greater than 4096 bytes. The total message length across all containers will be limited to 12kb. Defaults to /dev/termination-log. Cannot be updated."
      },
      "terminationMessagePolicy": {
        "type": "string",
        "description": "Indicate how the termination message should be populated. File will use the contents of terminationMessagePath to populate the container status message on both success and failure. FallbackToLogsOnError will use the last chunk of container log output if the termination message file is empty and the container exited with an error. The log output is limited to 2048 bytes or 80 lines, whichever is smaller. Defaults to File. Cannot be updated.",
        "enum": [
          "FallbackToLogsOnError",
          "File"
        ]
      },
      "tty": {
        "type": "boolean",
        "description": "Whether this container should allocate a TTY for itself, also requires 'stdin' to be true. Default is false."
      },
      "volumeDevices": {
        "type": "[]VolumeDevice",
        "description": "volumeDevices is the list of block devices to be used by the container."
      },
      "volumeMounts": {
        "type": "[]VolumeMount",
        "description": "Pod volumes to mount into the container's filesystem. Cannot be updated.",
        "ref": "VolumeMount"
      },
      "workingDir": {
        "type": "string",
        "description": "Container's working directory. If not specified, the container runtime's default will be used, which might be configured in the container image. Cannot be updated."
      }
    }
  },
  "ContainerPort": {
    "description": "ContainerPort represents a network port in a single container.",
    "fields": {
      "containerPort": {
        "type": "integer",
        "description": "Number of port to expose on the pod's IP address. This must be a valid port number, 0 < x < 65536.",
        "required": true
      },
      "hostIP": {
        "type": "string",
        "description": "What host IP to bind the external port to."
      },
      "hostPort": {
        "type": "integer",
        "description": "Number of port to expose on the host. If specified, this must be a valid port number, 0 < x < 65536. If HostNetwork is specified, this must match ContainerPort. Most containers do not need this."
      },
      "name": {
        "type": "string",
        "description": "If specified, this must be an IANA_SVC_NAME and unique within the pod. Each named port in a pod must have a unique name. Name for the port that can be referred to by services."
      },
      "protocol": {
        "type": "string",
        "description": "Protocol for port. Must be UDP, TCP, or SCTP. Defaults to \"TCP\".",
        "enum": [
          "SCTP",
          "TCP",
          "UDP"
        ]
      }
    }
  },
  "EnvVar": {
    "description": "EnvVar represents an environment variable present in a Container.",
    "fields": {
      "name": {
        "type": "string",
        "description": "Name of the environment variable. Must be a C_IDENTIFIER.",
        "required": true
      },
      "value": {
        "type": "string",
        "description": "Variable references $(VAR_NAME) are expanded using the previously defined environment variables in the container and any service environment variables. If a variable cannot be resolved, the reference in the input string will be unchanged. Double $$ are reduced to a single $, which allows for escaping the $(VAR_NAME) syntax: i.e. \"$$(VAR_NAME)\" will produce the string literal \"$(VAR_NAME)\". Escaped references will never be expanded, regardless of whether the variable exists or not. Defaults to \"\"."
      },
      "valueFrom": {
        "type": "EnvVarSource",
        "description": "Source for the environment variable's value. Cannot be used if value is not empty."
      }
    }
  },
  "ResourceRequirements": {
    "description": "ResourceRequirements describes the compute resource requirements.",
    "fields": {
      "claims": {
        "type": "[]ResourceClaim",
        "description": "Claims lists the names of resources, defined in spec.resourceClaims, that are used by this container.\nThis is an alpha field and requires enabling the DynamicResourceAllocation feature gate.\nThis field is immutable. It can only be set for containers."
      },
      "limits": {
        "type": "map[string]Quantity",
        "description": "Limits describes the maximum amount of compute resources allowed. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/",
        "ref": "Quantity"
      },
      "requests": {
        "type": "map[string]Quantity",
        "description": "Requests describes the minimum amount of compute resources required. If Requests is omitted for a container, it defaults to Limits if that is explicitly specified, otherwise to an implementation-defined value. Requests cannot exceed Limits. More info: https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/",
        "ref": "Quantity"
      }
    }
  },
  "VolumeMount": {
    "description": "VolumeMount describes a mounting of a Volume within a container.",
    "fields": {
      "mountPath": {
        "type": "string",
        "description": "Path within the container at which the volume should be mounted.  Must not contain ':'.",
        "required": true
      },
      "mountPropagation": {
        "type": "string",
        "description": "mountPropagation determines how mounts are propagated from the host to container and the other way around. When not set, MountPropagationNone is used. This field is beta in 1.10. When RecursiveReadOnly is set to IfPossible or to Enabled, MountPropagation must be None or unspecified (which defaults to None)."
      },
      "name": {
        "type": "string",
        "description": "This must match the Name of a Volume.",
        "required": true
      },
      "readOnly": {
        "type": "boolean",
        "description": "Mounted read-only if true, read-write otherwise (false or unspecified). Defaults to false."
      },
      "recursiveReadOnly": {
        "type": "string",
        "description": "RecursiveReadOnly specifies whether read-only mounts should be handled recursively.\nIf ReadOnly is false, this field has no meaning and must be unspecified.\nIf ReadOnly is true, and this field is set to Disabled, the mount is not made recursively read-only.  If this field is set to IfPossible, the mount is made recursively read-only, if it is supported by the container runtime.  If this field is set to Enabled, the mount is made recursively read-only if it is supported by the container runtime, otherwise the pod will not be started and an error will be generated to indicate the reason.\nIf this field is set to IfPossible or Enabled, MountPropagation must be set to None (or be unspecified, which defaults to None).\nIf this field is not specified, it is treated as an equivalent of Disabled."
      },
      "subPath": {
        "type": "string",
        "description": "Path within the volume from which the container's volume should be mounted. Defaults to \"\" (volume's root)."
      },
      "subPathExpr": {
        "type": "string",
        "description": "Expanded path within the volume from which the container's volume should be mounted. Behaves similarly to SubPath but environment variable references $(VAR_NAME) are expanded using the container's environment. Defaults to \"\" (volume's root). SubPathExpr and SubPath are mutually exclusive."
      }
    }
  },
  "Volume": {
    "description": "Volume represents a named volume in a pod that may be accessed by any container in the pod.",
    "fields": {
      "configMap": {
        "type": "ConfigMapVolumeSource",
        "description": "configMap represents a configMap that should populate this volume"
      },
      "emptyDir": {
        "type": "EmptyDirVolumeSource",
        "description": "emptyDir represents a temporary directory that shares a pod's lifetime. More info: https://kubernetes.io/docs/concepts/storage/volumes#emptydir",
        "ref": "EmptyDirVolumeSource"
      },
      "hostPath": {
        "type": "HostPathVolumeSource",
        "description": "hostPath represents a pre-existing file or directory on the host machine that is directly exposed to the container. This is generally used for system agents or other privileged things that are allowed to see the host machine. Most containers will NOT need this. More info: https://kubernetes.io/docs/concepts/storage/volumes#hostpath",
        "ref": "HostPathVolumeSource"
      },
      "name": {
        "type": "string",
        "description": "name of the volume. Must be a DNS_LABEL and unique within the pod. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names/#names",
        "required": true
      },
      "secret": {
        "type": "SecretVolumeSource",
        "description": "secret represents a secret that should populate this volume. More info: https://kubernetes.io/docs/concepts/storage/volumes#secret"
      }
    }
  },
  "HostPathVolumeSource": {
    "description": "Represents a host path mapped into a pod. Host path volumes do not support ownership management or SELinux relabeling.",
    "fields": {
      "path": {
        "type": "string",
        "description": "path of the directory on the host. If the path is a symlink, it will follow the link to the real path. More info: https://kubernetes.io/docs/concepts/storage/volumes#hostpath",
        "required": true
      },
      "type": {
        "type": "string",
        "description": "type for HostPath Volume Defaults to \"\" More info: https://kubernetes.io/docs/concepts/storage/volumes#hostpath",
        "enum": [
          "\"\"",
          "BlockDevice",
          "CharDevice",
          "Directory",
          "DirectoryOrCreate",
          "File",
          "FileOrCreate",
          "Socket"
        ]
      }
    }
  },
  "EmptyDirVolumeSource": {
    "description": "Represents an empty directory for a pod. Empty directory volumes support ownership management and SELinux relabeling.",
    "fields": {
      "medium": {
        "type": "string",
        "description": "medium represents what type of storage medium should back this directory. The default is \"\" which means to use the node's default medium. Must be an empty string (default) or Memory. More info: https://kubernetes.io/docs/concepts/storage/volumes#emptydir"
      },
      "sizeLimit": {
        "type": "Quantity",
        "description": "sizeLimit is the total amount of local storage required for this EmptyDir volume. The size limit is also applicable for memory medium. The maximum usage on memory medium EmptyDir would be the minimum value between the SizeLimit specified here and the sum of memory limits of all containers in a pod. The default is nil which means that the limit is undefined. More info: https://kubernetes.io/docs/concepts/storage/volumes#emptydir",
        "ref": "Quantity"
      }
    }
  },
  "Toleration": {
    "description": "The pod this Toleration is attached to tolerates any taint that matches the triple <key,value,effect> using the matching operator <operator>.",
    "fields": {
      "effect": {
        "type": "string",
        "description": "Effect indicates the taint effect to match. Empty means match all taint effects. When specified, allowed values are NoSchedule, PreferNoSchedule and NoExecute.",
        "enum": [
          "NoExecute",
          "NoSchedule",
          "PreferNoSchedule"
        ]
      },
      "key": {
        "type": "string",
        "description": "Key is the taint key that the toleration applies to. Empty means match all taint keys. If the key is empty, operator must be Exists; this combination means to match all values and all keys."
      },
      "operator": {
        "type": "string",
        "description": "Operator represents a key's relationship to the value. Valid operators are Exists and Equal. Defaults to Equal. Exists is equivalent to wildcard for value, so that a pod can tolerate all taints of a particular category.",
        "enum": [
          "Equal",
          "Exists"
        ]
      },
      "tolerationSeconds": {
        "type": "integer",
        "description": "TolerationSeconds represents the period of time the toleration (which must be of effect NoExecute, otherwise this field is ignored) tolerates the taint. By default, it is not set, which means tolerate the taint forever (do not evict). Zero and negative values will be treated as 0 (evict immediately) by the system."
      },
      "value": {
        "type": "string",
        "description": "Value is the taint value the toleration matches to. If the operator is Exists, the value should be empty, otherwise just a regular string."
      }
    }
  },
  "Affinity": {
    "description": "Affinity is a group of affinity scheduling rules.",
    "fields": {
      "nodeAffinity": {
        "type": "NodeAffinity",
        "description": "Describes node affinity scheduling rules for the pod.",
        "ref": "NodeAffinity"
      },
      "podAffinity": {
        "type": "PodAffinity",
        "description": "Describes pod affinity scheduling rules (e.g. co-locate this pod in the same node, zone, etc. as some other pod(s))."
      },
      "podAntiAffinity": {
        "type": "PodAntiAffinity",
        "description": "Describes pod anti-affinity scheduling rules (e.g. avoid putting this pod in the same node, zone, etc. as some other pod(s))."
      }
    }
  },
  "NodeAffinity": {
    "description": "Node affinity is a group of node affinity scheduling rules.",
    "fields": {
      "preferredDuringSchedulingIgnoredDuringExecution": {
        "type": "[]PreferredSchedulingTerm",
        "description": "The scheduler will prefer to schedule pods to nodes that satisfy the affinity expressions specified by this field, but it may choose a node that violates one or more of the expressions. The node that is most preferred is the one with the greatest sum of weights, i.e. for each node that meets all of the scheduling requirements (resource request, requiredDuringScheduling affinity expressions, etc.), compute a sum by iterating through the elements of this field and adding \"weight\" to the sum if the node matches the corresponding matchExpressions; the node(s) with the highest sum are the most preferred.",
        "ref": "PreferredSchedulingTerm"
      },
      "requiredDuringSchedulingIgnoredDuringExecution": {
        "type": "NodeSelector",
        "description": "If the affinity requirements specified by this field are not met at scheduling time, the pod will not be scheduled onto the node. If the affinity requirements specified by this field cease to be met at some point during pod execution (e.g. due to an update), the system may or may not try to eventually evict the pod from its node.",
        "ref": "NodeSelector"
      }
    }
  },
  "NodeSelector": {
    "description": "A node selector represents the union of the results of one or more label queries over a set of nodes; that is, it represents the OR of the selectors represented by the node selector terms.",
    "fields": {
      "nodeSelectorTerms": {
        "type": "[]NodeSelectorTerm",
        "description": "Required. A list of node selector terms. The terms are ORed.",
        "ref": "NodeSelectorTerm",
        "required": true
      }
    }
  },
  "NodeSelectorTerm": {
    "description": "A null or empty node selector term matches no objects. The requirements of them are ANDed. The TopologySelectorTerm type implements a subset of the NodeSelectorTerm.",
    "fields": {
      "matchExpressions": {
        "type": "[]NodeSelectorRequirement",
        "description": "A list of node selector requirements by node's labels.",
        "ref": "NodeSelectorRequirement"
      },
      "matchFields": {
        "type": "[]NodeSelectorRequirement",
        "description": "A list of node selector requirements by node's fields.",
        "ref": "NodeSelectorRequirement"
      }
    }
  },
  "NodeSelectorRequirement": {
    "description": "A node selector requirement is a selector that contains values, a key, and an operator that relates the key and values.",
    "fields": {
      "key": {
        "type": "string",
        "description": "The label key that the selector applies to.",
        "required": true
      },
      "operator": {
        "type": "string",
        "description": "Represents a key's relationship to a set of values. Valid operators are In, NotIn, Exists, DoesNotExist. Gt, and Lt.",
        "required": true,
        "enum": [
          "DoesNotExist",
          "Exists",
          "Gt",
          "In",
          "Lt",
          "NotIn"
        ]
      },
      "values": {
        "type": "[]string",
        "description": "An array of string values. If the operator is In or NotIn, the values array must be non-empty. If the operator is Exists or DoesNotExist, the values array must be empty. If the operator is Gt or Lt, the values array must have a single element, which will be interpreted as an integer. This array is replaced during a strategic merge patch."
      }
    }
  },
  "PreferredSchedulingTerm": {
    "description": "An empty preferred scheduling term matches all objects with implicit weight 0 (i.e. it's a no-op). A null preferred scheduling term matches no objects (i.e. is also a no-op).",
    "fields": {
      "preference": {
        "type": "NodeSelectorTerm",
        "description": "A node selector term, associated with the corresponding weight.",
        "ref": "NodeSelectorTerm",
        "required": true
      },
      "weight": {
        "type": "integer",
        "description": "Weight associated with matching the corresponding nodeSelectorTerm, in the range 1-100.",
        "required": true
      }
    }
  },
  "Pod": {
    "description": "Pod is a collection of containers that can run on a host. This resource is created by clients and scheduled onto hosts.",
    "fields": {
      "apiVersion": {
        "type": "string",
        "description": "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"
      },
      "kind": {
        "type": "string",
        "description": "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"
      },
      "metadata": {
        "type": "ObjectMeta",
        "description": "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
        "ref": "ObjectMeta"
      },
      "spec": {
        "type": "PodSpec",
        "description": "Specification of the desired behavior of the pod. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status",
        "ref": "PodSpec"
      },
      "status": {
        "type": "PodStatus",
        "description": "Most recently observed status of the pod. This data may not be up to date. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"
      }
    }
  },
  "Node": {
    "description": "Node is a worker node in Kubernetes. Each node will have a unique identifier in the cache (i.e. in etcd).",
    "fields": {
      "apiVersion": {
        "type": "string",
        "description": "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"
      },
      "kind": {
        "type": "string",
        "description": "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"
      },
      "metadata": {
        "type": "ObjectMeta",
        "description": "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
        "ref": "ObjectMeta"
      },
      "spec": {
        "type": "NodeSpec",
        "description": "Spec defines the behavior of a node. https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status",
        "ref": "NodeSpec"
      },
      "status": {
        "type": "NodeStatus",
        "description": "Most recently observed status of the node. Populated by the system. Read-only. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status"
      }
    }
  },
  "NodeSpec": {
    "description": "NodeSpec describes the attributes that a node is created with.",
    "fields": {
      "configSource": {
        "type": "NodeConfigSource",
        "description": "Deprecated: Previously used to specify the source of the node's configuration for the DynamicKubeletConfig feature. This feature is removed."
      },
      "externalID": {
        "type": "string",
        "description": "Deprecated. Not all kubelets will set this field. Remove field after 1.13. see: https://issues.k8s.io/61966"
      },
      "podCIDR": {
        "type": "string",
        "description": "PodCIDR represents the pod IP range assigned to the node."
      },
      "podCIDRs": {
        "type": "[]string",
        "description": "podCIDRs represents the IP ranges assigned to the node for usage by Pods on that node. If this field is specified, the 0th entry must match the podCIDR field. It may contain at most 1 value for each of IPv4 and IPv6."
      },
      "providerID": {
        "type": "string",
        "description": "ID of the node assigned by the cloud provider in the format: <ProviderName>://<ProviderSpecificNodeID>"
      },
      "taints": {
        "type": "[]Taint",
        "description": "If specified, the node's taints.",
        "ref": "Taint"
      },
      "unschedulable": {
        "type": "boolean",
        "description": "Unschedulable controls node schedulability of new pods. By default, node is schedulable. More info: https://kubernetes.io/docs/concepts/nodes/node/#manual-node-administration"
      }
    }
  },
  "Taint": {
    "description": "The node this Taint is attached to has the \"effect\" on any pod that does not tolerate the Taint.",
    "fields": {
      "effect": {
        "type": "string",
        "description": "Required. The effect of the taint on pods that do not tolerate the taint. Valid effects are NoSchedule, PreferNoSchedule and NoExecute.",
        "required": true,
        "enum": [
          "NoExecute",
          "NoSchedule",
          "PreferNoSchedule"
        ]
      },
      "key": {
        "type": "string",
        "description": "Required. The taint key to be applied to a node.",
        "required": true
      },
      "timeAdded": {
        "type": "string",
        "description": "TimeAdded represents the time at which the taint was added. It is only written for NoExecute taints.",
        "ref": "Time"
      },
      "value": {
        "type": "string",
        "description": "The taint value corresponding to the taint key."
      }
    }
  }
};
