// The source article's walk-through (../shared/seed, 《深入剖析Kubernetes》 on DaemonSet), as a lesson.

import type { Lesson } from './types'
import { ARTICLE_MANIFEST } from '../engine/cluster/manifests'

const DS = 'fluentd-elasticsearch'

export const articleLesson: Lesson = {
  id: 'article',
  title: { en: 'DaemonSet, step by step (the article)', 'zh-CN': 'DaemonSet 逐步演练（原文）' },
  preset: 'article',
  steps: [
    {
      title: { en: 'One pod per node', 'zh-CN': '每个节点一个 Pod' },
      text: {
        en: 'A DaemonSet runs one pod on every node that may run it. This cluster has two nodes: `master`, tainted `node-role.kubernetes.io/master:NoSchedule`, and `node-1`. The article\'s fluentd-elasticsearch DaemonSet tolerates that taint. Create it.',
        'zh-CN': 'DaemonSet 会在每一个允许运行它的节点上运行一个 Pod。这个集群有两个节点：带有 `node-role.kubernetes.io/master:NoSchedule` 污点的 `master`，以及 `node-1`。原文中的 fluentd-elasticsearch DaemonSet 容忍了这个污点。现在创建它。',
      },
      script: `kubectl get nodes\nkubectl create -f - <<EOF\n${ARTICLE_MANIFEST}EOF\n`,
      question: {
        prompt: { en: 'How many fluentd-elasticsearch pods will run?', 'zh-CN': '会运行几个 fluentd-elasticsearch Pod？' },
        choices: [
          { en: 'One, on node-1 only: the master is tainted', 'zh-CN': '一个，只在 node-1 上：master 有污点' },
          { en: 'Two, one on each node', 'zh-CN': '两个，每个节点一个' },
          { en: 'None until a node is added', 'zh-CN': '一个都没有，要等加入新节点' },
        ],
        answer: 1,
        explanation: {
          en: 'Two: the template tolerates node-role.kubernetes.io/master:NoSchedule, so the master qualifies too.',
          'zh-CN': '两个：Pod 模板容忍了 node-role.kubernetes.io/master:NoSchedule，所以 master 也符合条件。',
        },
      },
    },
    {
      title: { en: 'Watch them come up', 'zh-CN': '观察 Pod 启动' },
      text: {
        en: 'The controller creates the pods at once; the scheduler binds them, the kubelet pulls the image and starts the container. `kubectl get ds` shows DESIRED, CURRENT, READY, UP-TO-DATE and AVAILABLE.',
        'zh-CN': '控制器会立即创建 Pod；调度器绑定节点，kubelet 拉取镜像并启动容器。`kubectl get ds` 会显示 DESIRED、CURRENT、READY、UP-TO-DATE 和 AVAILABLE。',
      },
      script: `kubectl rollout status ds/${DS} -n kube-system\nkubectl get pod -n kube-system -l name=${DS} -o wide\nkubectl get ds -n kube-system ${DS}\n`,
    },
    {
      title: { en: 'What the controller adds to each pod', 'zh-CN': '控制器给每个 Pod 加了什么' },
      text: {
        en: 'The template is never changed. Each pod the controller creates gets a required node affinity that pins it to one node (`matchFields` on `metadata.name`) and tolerations such as `node.kubernetes.io/unschedulable:NoSchedule`. Open the Compare tab of the manifest panel to see the template beside a pod. `sim why` lists every check for a node.',
        'zh-CN': 'Pod 模板本身不会被修改。控制器创建的每个 Pod 都会被加上一条必需的节点亲和性（基于 `metadata.name` 的 `matchFields`），把它固定在一个节点上，以及 `node.kubernetes.io/unschedulable:NoSchedule` 等容忍度。打开清单面板的“对比”标签，可以把模板和一个 Pod 并排比较。`sim why` 会列出某个节点上的每一项检查。',
      },
      script: `sim why node-1 -n kube-system ${DS}\n`,
    },
    {
      title: { en: 'The master taint and the toleration', 'zh-CN': 'master 污点与容忍度' },
      text: {
        en: 'The master node carries a NoSchedule taint, so ordinary pods stay away. The DaemonSet runs there only because its template tolerates the taint.',
        'zh-CN': 'master 节点带有 NoSchedule 污点，普通 Pod 不会被调度上去。这个 DaemonSet 能运行在 master 上，只是因为它的模板容忍了这个污点。',
      },
      script: `kubectl describe node master\nsim why master -n kube-system ${DS}\n`,
      question: {
        prompt: { en: 'Without that toleration, what would happen on master?', 'zh-CN': '如果没有这条容忍度，master 上会怎样？' },
        choices: [
          { en: 'The pod would be created but stay Pending', 'zh-CN': 'Pod 会被创建，但一直处于 Pending' },
          { en: 'No pod would be created there', 'zh-CN': '不会在 master 上创建 Pod' },
          { en: 'The controller would remove the taint', 'zh-CN': '控制器会移除这个污点' },
        ],
        answer: 1,
        explanation: {
          en: 'nodeShouldRunDaemonPod fails on an untolerated NoSchedule taint, so the controller creates no pod there (a pod already running would be left alone).',
          'zh-CN': 'nodeShouldRunDaemonPod 遇到未被容忍的 NoSchedule 污点时判定不通过，所以控制器不会在那里创建 Pod（已经在运行的 Pod 会被保留）。',
        },
      },
    },
    {
      title: { en: 'A new node joins', 'zh-CN': '新节点加入' },
      text: {
        en: 'Add a node: the controller notices it and creates a pod there. (In the graph you can also drag a worker in from the palette.)',
        'zh-CN': '加入一个节点：控制器发现后会在它上面创建一个 Pod。（在集群图中，也可以从面板把一个工作节点拖进来。）',
      },
      script: `sim node add node-2\nsim advance 5s\nkubectl get pods -n kube-system -o wide\nkubectl get ds -n kube-system ${DS}\n`,
      question: {
        prompt: { en: 'What happens when node-2 joins?', 'zh-CN': 'node-2 加入后会发生什么？' },
        choices: [
          { en: 'Nothing until the DaemonSet is re-applied', 'zh-CN': '什么都不会发生，除非重新应用 DaemonSet' },
          { en: 'A third pod is created on node-2', 'zh-CN': '在 node-2 上创建第三个 Pod' },
          { en: 'One of the two pods moves to node-2', 'zh-CN': '已有的两个 Pod 之一迁移到 node-2' },
        ],
        answer: 1,
        explanation: { en: 'Node events queue the DaemonSet; its next sync creates the missing pod.', 'zh-CN': '节点事件会让 DaemonSet 重新入队，下一次同步就会创建缺少的 Pod。' },
      },
    },
    {
      title: { en: 'Versions: rollout history', 'zh-CN': '版本：rollout history' },
      text: {
        en: 'Like a Deployment, a DaemonSet keeps versions. Each is a ControllerRevision object holding the pod template.',
        'zh-CN': '和 Deployment 一样，DaemonSet 也有版本。每个版本是一个 ControllerRevision 对象，保存着当时的 Pod 模板。',
      },
      script: `kubectl rollout history daemonset ${DS} -n kube-system\nkubectl get controllerrevision -n kube-system -l name=${DS}\n`,
    },
    {
      title: { en: 'A rolling update', 'zh-CN': '滚动更新' },
      text: {
        en: 'Change the image with `--record` (deprecated, but it still writes the change-cause). With the default maxUnavailable 1, the controller deletes one old pod, waits for its replacement to be available, then goes on.',
        'zh-CN': '用 `--record` 修改镜像（该参数已弃用，但仍会写入 change-cause）。在默认的 maxUnavailable 为 1 时，控制器每次删除一个旧 Pod，等新 Pod 可用后再继续。',
      },
      script: `kubectl set image ds/${DS} ${DS}=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 --record -n=kube-system\nkubectl rollout status ds/${DS} -n kube-system\nkubectl rollout history daemonset ${DS} -n kube-system\n`,
      question: {
        prompt: { en: 'During this update, at most how many nodes lack a ready fluentd pod at the same time?', 'zh-CN': '在这次更新中，同一时刻最多有几个节点没有就绪的 fluentd Pod？' },
        choices: [
          { en: 'None', 'zh-CN': '0 个' },
          { en: 'One', 'zh-CN': '1 个' },
          { en: 'All three', 'zh-CN': '全部 3 个' },
        ],
        answer: 1,
        explanation: { en: 'maxUnavailable defaults to 1 (and maxSurge to 0): delete one, create its replacement, wait until it is available.', 'zh-CN': 'maxUnavailable 默认为 1（maxSurge 默认为 0）：删除一个，创建替代者，等它可用。' },
      },
    },
    {
      title: { en: 'ControllerRevision', 'zh-CN': 'ControllerRevision' },
      text: {
        en: 'Revision 2 is a new ControllerRevision named after the template hash; its annotations hold the change-cause.',
        'zh-CN': '版本 2 是一个新的 ControllerRevision，名字里带着模板的哈希值；它的注解里保存着 change-cause。',
      },
      script: `kubectl get controllerrevision -n kube-system -l name=${DS}\n`,
    },
    {
      title: { en: 'Roll back', 'zh-CN': '回滚' },
      text: {
        en: 'Undo to revision 1. Today\'s Kubernetes does not create a new ControllerRevision (the article was written for 1.11): it reuses revision 1 and renumbers it to 3.',
        'zh-CN': '回滚到版本 1。如今的 Kubernetes 不会新建 ControllerRevision（原文基于 1.11）：它复用版本 1，并把它重新编号为 3。',
      },
      script: `kubectl rollout undo daemonset ${DS} --to-revision=1 -n kube-system\nkubectl rollout status ds/${DS} -n kube-system\nkubectl rollout history daemonset ${DS} -n kube-system\nkubectl get controllerrevision -n kube-system -l name=${DS}\n`,
      question: {
        prompt: { en: 'After the undo, which revisions does the history list?', 'zh-CN': '回滚之后，历史中列出哪些版本？' },
        choices: [
          { en: '1, 2, 3 (a new revision 3)', 'zh-CN': '1、2、3（新建了版本 3）' },
          { en: '2, 3 (revision 1 renumbered to 3)', 'zh-CN': '2、3（版本 1 被重新编号为 3）' },
          { en: '1, 2 (nothing changes)', 'zh-CN': '1、2（没有变化）' },
        ],
        answer: 1,
        explanation: {
          en: 'constructHistory finds the revision whose data equals the template and bumps its number to max+1; no new object is created.',
          'zh-CN': 'constructHistory 会找到数据与当前模板相同的那个版本，把它的编号改为最大值加一；不会创建新对象。',
        },
      },
    },
  ],
}
