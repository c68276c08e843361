// The preset dictionary of share-link format v1 (deflate `dictionary`): text that most links repeat, so
// that even the first copy of it in a link costs a few bytes. FROZEN: a v1 link can only be read with
// exactly these bytes, so never edit this file. A better dictionary means a new format version (and a
// new file), with this one kept for the v1 decoder.

/** The article's DaemonSet manifest as it was when format v1 was made (not imported: it may change). */
const ARTICLE_MANIFEST_V1 = `apiVersion: apps/v1
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

/** Commands and JSON that links repeat; the likeliest last (deflate reaches near text more cheaply). */
const COMMON_V1 = [
  'kubectl label node ',
  'kubectl taint nodes ',
  ' node-role.kubernetes.io/control-plane:NoSchedule',
  'kubectl cordon ',
  'kubectl uncordon ',
  'kubectl drain --ignore-daemonsets ',
  'sim node condition ',
  ' Ready=False',
  'sim node add ',
  ' --label ',
  ' --taint ',
  'sim settle',
  'sim advance ',
  'kubectl get pods -A',
  'kubectl get pods -n kube-system -o wide',
  'kubectl get ds -n kube-system',
  'kubectl describe ds fluentd-elasticsearch -n kube-system',
  'kubectl get controllerrevision -n kube-system',
  'kubectl rollout history daemonset fluentd-elasticsearch -n kube-system',
  'kubectl rollout undo daemonset fluentd-elasticsearch -n kube-system',
  'kubectl rollout undo ds/fluentd-elasticsearch -n kube-system',
  'kubectl rollout status ds/fluentd-elasticsearch -n kube-system',
  'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 --record -n kube-system',
  'sim node add node-2',
  '"],[',
  ',"kubectl apply -f -","',
].join('');

/** The dictionary as text (tests check its fingerprint so that nobody changes it by accident). */
export const DICTIONARY_V1_TEXT = COMMON_V1 + JSON.stringify(ARTICLE_MANIFEST_V1).slice(1, -1) + '","until":';
