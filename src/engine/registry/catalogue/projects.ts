// GENERATED from the projects' own repositories (mirrors read 2026-08-22; commit and date per entry).
// Tags are bash brace patterns (../braces.ts). Written by a script over clones of those repositories
// (kept out of this repository); to update, apply the rules given per entry to newer clones.

/** One repository family: its references (first is canonical), where its tags come from, its tags. */
export interface ProjectEntry {
  readonly repos: readonly string[];
  readonly tags: string;
  /** tags whose existence could not be established either way: answered 'unknown' */
  readonly unknown?: string;
}

export const PROJECT_TAGS: readonly ProjectEntry[] = [
  // registry.k8s.io/kube-proxy, k8s.gcr.io/kube-proxy: Kubernetes releases v1.2.0 to v1.36.x: every
  // patch release (they are contiguous; the last patch of each minor from the tags of
  // github.com/kubernetes/kube-proxy at d37b2e7 2026-07-21, 1.18.20 and 1.2–1.11 from
  // kubernetes/k8s.io's promoter manifests), plus the alpha/beta/rc tags of that repo. k8s.gcr.io
  // redirects to registry.k8s.io since 2023-03-20. Releases before 1.12 are unknown: their images may
  // exist only under kube-proxy-amd64.
  {
    repos: ['registry.k8s.io/kube-proxy', 'k8s.gcr.io/kube-proxy'],
    tags: 'v1.11.0-alpha.{0..2} v1.12.0{,-alpha.{0,1},-beta.{0..2},-rc.{1,2}} v1.14.11-beta.{0,1} v1.18.0{,-alpha.{4,5,{0..2}},-beta.{0..2},-rc.1} v1.19.0{,-alpha.{0..3},-beta.{0..2},-rc.{0..4}} v1.21.0{,-alpha.{0..3},-beta.{0,1},-rc.0} v1.23.0{,-alpha.{0..4},-rc.{0,1}} v1.29.0{,-alpha.{0..3},-rc.{0..2}} v1.36.0{,-alpha.{0..2},-beta.0,-rc.{0,1}} v1.37.0-{alpha.{0..3},beta.0} v1.{12.11,{13,15}.13}-beta.0 v1.{13,16,17}.0{,-alpha.{0..3},-beta.{0..2},-rc.{1,2}} v1.{13.{1..12},15.{{1..7},{9..12}},16.{{1..4},{6..10}},17.{1,{3..6}},18.{1..3},{12,14}.{1..10}}{,-beta.0} v1.{14,15}.0{,-alpha.{0..3},-beta.{0..2},-rc.1} v1.{15.8,16.5}{,-beta.{0,1}} v1.{16.12,17.{16,8},18.{14,5},19.6,20.1}{,-rc.{0,1}} v1.{16.{11,{13..15}},17.{10,17,7,9,{12..15}},18.{13,4,6,7,{15..20},{9..11}},19.{{1..5},{7..16}},20.{2..15},21.{1..14},24.{1..12},25.{1..8},26.{1..3},{22,23}.{1..17}}{,-rc.0} v1.{17.11,18.{12,8}}{,-rc.1} v1.{17.2,24.{13..17},25.{9..16},26.{4..15},27.{1..16},34.{1..10},35.{1..7},36.{1..3},{28,29}.{1..15},{30,31}.{1..14},{32,33}.{1..13}} v1.{19.17,21.15,{16,20}.16,{17,22,23}.18}-rc.0 v1.{20,22}.0{,-alpha.{0..3},-beta.{0..2},-rc.0} v1.{24,28}.0{,-alpha.{0..4},-beta.0,-rc.{0,1}} v1.{30,32,34}.0{,-alpha.{0..3},-beta.0,-rc.{0..2}} v1.{9,10}.0-alpha.{0..3} v1.{{25..27},31,33,35}.0{,-alpha.{0..3},-beta.0,-rc.{0,1}}',
    unknown: 'v1.{2.{0..7},4.{0..12},5.{0..8},7.{0..16},8.{0..15},9.{0..11},{3,11}.{0..10},{6,10}.{0..13}}',
  },
  // registry.k8s.io/pause, k8s.gcr.io/pause: kubernetes/k8s.io
  // registry.k8s.io/images/k8s-staging-kubernetes/images.yaml (3.2 to 3.10.1, read at ecf019a), 3.10.2
  // as pinned by public code (2026), 0.8.0 to 3.1 from the legacy gcr.io/google-containers images;
  // latest is unknown
  {
    repos: ['registry.k8s.io/pause', 'k8s.gcr.io/pause'],
    tags: '0.8.0 3.{10{,.1,.2},4.1,{0..3},{5..9}} {1,2}.0',
    unknown: 'latest',
  },
  // registry.k8s.io/fluentd-elasticsearch, k8s.gcr.io/fluentd-elasticsearch: kubernetes/k8s.io
  // k8s.gcr.io/archived/images/DO-NOT-MODIFY-legacy-backfill/images.yaml (d75c44d, "the totality of
  // images in gcr.io/google-containers"): the tagged digests of fluentd-elasticsearch. There is no 1.10,
  // 1.21, v2.2.1, v2.3.0 nor latest.
  {
    repos: ['registry.k8s.io/fluentd-elasticsearch', 'k8s.gcr.io/fluentd-elasticsearch'],
    tags: '1.{6b,{11..20},{22..24},{3..9}} v2.{0.{0..4},3.{1,2},{1,2,4}.0}',
  },
  // quay.io/fluentd_elasticsearch/fluentd: v4.0.0 to v5.0.1: the tags of
  // github.com/monotek/fluentd-elasticsearch (f94a1a6 2025-03-05) whose release workflow pushed here
  // (docker/metadata-action: vX.Y.Z, vX.Y, vX and latest); v2.5.2 to v3.4.0 (built by hand from the
  // Kubernetes addon before that): the versions public manifests and Dockerfiles pull, the kokuwaio
  // chart's appVersion and that repository's history name; as that list cannot be shown complete, any
  // other v2.5.x to v3.4.x is unknown.
  {
    repos: ['quay.io/fluentd_elasticsearch/fluentd'],
    tags: '4.2.3 latest v2.{5.2,{6..9}.0} v3.{0.{4,{0..2}},{1..4}.0} v4{,.3{,.{0..9}},.7{,.{0..7}},.{0,1,{8..10}}{,.0},.{2,4}{,.{0..4}},.{5,6,11}{,.{0..2}}} v5{,.0{,.0,.1}}',
    unknown: 'v2.{5.{0,1,{3..9}},{6..9}.{1..9}} v3.{0.{3,{5..9}},{1..4}.{1..9}}',
  },
  // docker.io/fluent/fluent-bit, cr.fluentbit.io/fluent/fluent-bit: every tag in the "Tags and
  // versions" tables of any version of fluent/fluent-bit-docs installation/docker.md (f92ae080
  // 2026-08-20), plus, per the release workflow (call-build-images.yaml), X.Y.Z, X.Y and their -debug
  // for every release tag vX.Y.Z >= 1.9.0 of fluent/fluent-bit (d55459d49 2026-08-21), latest and
  // latest-debug. cr.fluentbit.io is given the same set.
  {
    repos: ['docker.io/fluent/fluent-bit', 'cr.fluentbit.io/fluent/fluent-bit'],
    tags: '0.{11,12{,.{0..19}},13{,.{0..2}},14{,.{0..9}}} 1.0.{0..2} {1.{0{,.{3..6}},1{,.{0..3}},2{,.0},3{,.{0..11}},4{,.{0..6}},5{,.{0..7}},7{,.{0..9}},8{,.{0..15}},{6,9}{,.{0..10}}},2.{0{,.{0..14}},1{,.{0..10}},2{,.{0..3}}},3.{0{,.{0..7}},{1,2}{,.{0..10}}},4.{0{,.{0..14}},1{,.{0..2}},2{,.{0..8}}},5.{0{,.{0..9}},1{,.0,.1}},latest}{,-debug}',
  },
  // docker.io/calico/node, quay.io/calico/node: the Calico release tags v3.X.Y of
  // projectcalico/calico (87c15906f2 2026-08-22) with their per-architecture variants (-amd64, -arm64,
  // -ppc64le, -s390x), the node component tags imported into that repository (older, separately
  // versioned node images), latest and master.
  {
    repos: ['docker.io/calico/node', 'quay.io/calico/node'],
    tags: 'latest master v3.1.0{,-amd64,-arm64,-dev,-ppc64le,-s390x} v3.5.0{,-amd64,-arm64,-beta.0,-ppc64le,-s390x} v3.8.8{,-1,-amd64,-arm64,-ppc64le,-s390x} v3.{0.{0..12},1.{1..7},13.{0,1,3,4},16.{0..10},2.{0..8},25.{0..2},5.{1..8},8.{9,{0..7}},{11,12}.{0..3},{14,32}.{0,1},{3,{29..31}}.{0..7},{4,10,19}.{0..4},{6,7,15,22,23,{26..28}}.{0..5},{9,17,18,20,21,24}.{0..6}}{,-amd64,-arm64,-ppc64le,-s390x} v3.{13.{2,5},14.2}',
  },
  // docker.io/calico/cni, quay.io/calico/cni: the Calico release tags v3.X.Y of
  // projectcalico/calico (87c15906f2 2026-08-22) with their per-architecture variants (-amd64, -arm64,
  // -ppc64le, -s390x), the cni-plugin component tags imported into that repository (older, separately
  // versioned cni images), latest and master.
  {
    repos: ['docker.io/calico/cni', 'quay.io/calico/cni'],
    tags: 'latest master v0.{1.{0,2},2.0} v1.11.2{,-rc1} v1.4.0{,-rc1,-rc2,-rc4} v1.{11.{0,1,{3..8}},4.{1..3},5.{0..5},8.{0..3},{0,6}.{0..2},{1,7,10}.0,{3,9}.{0,1}} v2.0.0{,-alpha1{,-rc1},-beta1} v2.0.{1..7} v2.1.0-rc1 v3.5.0{,-amd64,-arm64,-beta.0,-ppc64le,-s390x} v3.8.8{,-1,-amd64,-arm64,-ppc64le,-s390x} v3.{0.{0..12},13.{0,1,3,4},16.{0..10},2.{0..8},25.{0..2},5.{1..8},8.{9,{0..7}},{1,3,{29..31}}.{0..7},{11,12}.{0..3},{14,32}.{0,1},{4,10,19}.{0..4},{6,7,15,22,23,{26..28}}.{0..5},{9,17,18,20,21,24}.{0..6}}{,-amd64,-arm64,-ppc64le,-s390x} v3.{13.{2,5},14.2}',
  },
  // quay.io/cilium/cilium: v + every version of the cilium chart in cilium/charts index.yaml
  // (009b5e9 2026-08-03; 1.6.5 onward), latest and stable. Older releases (before the chart index) are
  // unknown.
  {
    repos: ['quay.io/cilium/cilium'],
    tags: 'latest stable v1.10.0{,-rc0,-rc1,-rc2} v1.13.0{,-rc0,-rc1,-rc2,-rc3,-rc4,-rc5} v1.14.0{,-rc.{0,1},-snapshot.{0..4}} v1.16.0{,-dev,-pre.{0..3},-rc.{0..2}} v1.17.0{,-pre.{0..3},-rc.{0..2}} v1.21.0-pre.0 v1.7.0{,-rc3,-rc4} v1.8.0{,-rc1,-rc2,-rc3,-rc4} v1.{15,18}.0{,-pre.{0..3},-rc.{0,1}} v1.{16.{{1..13},{15..19}},18.{1..12},19.{1..6},6.{5..12},7.{1..16},8.{1..13},{10,11}.{1..20},{12,14,15}.{1..19},{9,13,17}.{1..18}} v1.{19,20}.0{,-pre.{0..4},-rc.{0,1}} v1.{9,11,12}.0{,-rc0,-rc1,-rc2,-rc3}',
    unknown: 'v1.{6.{0..4},{0..5}.{0..20}}',
  },
  // docker.io/weaveworks/weave-kube: X.Y.Z for every release tag vX.Y.Z >= 1.6.0 of
  // weaveworks/weave (8c847638 2022-11-23; the last release is 2.8.1, 2021), and latest.
  {
    repos: ['docker.io/weaveworks/weave-kube'],
    tags: '1.{9.{0..8},{6..8}.{0..2}} 2.{1.{0..3},5.{0..2},{0,6}.{0..5},{2,4,8}.{0,1},{3,7}.0} latest',
  },
  // docker.io/weaveworks/weave-npc: X.Y.Z for every release tag vX.Y.Z >= 1.8.0 of weaveworks/weave
  // (8c847638 2022-11-23; the last release is 2.8.1, 2021), and latest.
  {
    repos: ['docker.io/weaveworks/weave-npc'],
    tags: '1.{8.{0..2},9.{0..8}} 2.{1.{0..3},5.{0..2},{0,6}.{0..5},{2,4,8}.{0,1},{3,7}.0} latest',
  },
  // quay.io/coreos/flannel: the release tags v0.5.0 to v0.15.1 of flannel-io/flannel (cdf76059
  // 2026-08-14) (Documentation/kube-flannel.yml points here until v0.15.1/v0.16.0), with
  // per-architecture variants from v0.7.0. Whether later releases reached quay.io is not established:
  // they are unknown.
  {
    repos: ['quay.io/coreos/flannel'],
    tags: 'v0.13.1-{rc1,rc2}{,-amd64,-arm,-arm64,-ppc64le,-s390x} v0.{5.{0..6},6.{0..2}} v0.{8,13}.0{,-amd64,-arm,-arm64,-ppc64le,-s390x,-{rc1,rc2}{,-amd64,-arm,-arm64,-ppc64le,-s390x}} v0.{9,14}.0{,-amd64,-arm,-arm64,-ppc64le,-rc1{,-amd64,-arm,-arm64,-ppc64le,-s390x},-s390x} v0.{{10..12}.0,{7,15}.{0,1},{9,14}.1}{,-amd64,-arm,-arm64,-ppc64le,-s390x}',
    unknown: 'v0.{16..28}.{0..9}{,-amd64,-arm,-arm64,-ppc64le,-s390x}',
  },
  // docker.io/flannel/flannel: the release tags from v0.20.2 of flannel-io/flannel (cdf76059
  // 2026-08-14) (kube-flannel.yml points here from v0.21.0, which names v0.20.2), with per-architecture
  // variants.
  {
    repos: ['docker.io/flannel/flannel'],
    tags: 'v0.{20.2,21.{0..5},22.{0..3},23.0,28.{0..9},{24,27}.{0..4},{25,26}.{0..7}}{,-amd64,-arm,-arm64,-ppc64le,-s390x}',
  },
  // docker.io/prom/node-exporter, quay.io/prometheus/node-exporter: every tag of
  // prometheus/node_exporter (a7dcc3a0 2026-08-08) as it is named, latest, and the branch images master
  // and main.
  {
    repos: ['docker.io/prom/node-exporter', 'quay.io/prometheus/node-exporter'],
    tags: '0.13.0-rc.2 0.{12.{0,0rc1,0rc2,0rc3},{6,{9..11}}.0,{7,8}.{0,1}} latest main master v0.16.0{,-rc.{0..3}} v0.{13,14}.0{,-rc.{1,2}} v0.{15.{0..2},18.{0,1}} v1.0.0{,-rc.{0,1}} v1.{{0,4}.1,{1,2,8,10}.{0..2},{3,6,9,11,12}.{0,1},{5,7}.0} {v0.17.0,v1.4.0}{,-rc.0}',
  },
  // nvcr.io/nvidia/k8s-device-plugin: every tag v0.9.0 onward of NVIDIA/k8s-device-plugin
  // (1b826acc6 2026-08-19), and the per-distribution tags its Makefile pushed for that tag
  // (DISTRIBUTIONS: -ubuntu20.04/-ubi8 for 0.10-0.14, -ubuntu22.04/-ubi8 for 0.15-0.16, -ubi9 for 0.17;
  // none from 0.18; 0.9.0: -centos7, -ubi8, -ubuntu16.04). Releases before 0.9.0 were published as
  // docker.io/nvidia/k8s-device-plugin; here they are unknown.
  {
    repos: ['nvcr.io/nvidia/k8s-device-plugin'],
    tags: 'v0.12.0{,-rc.{1..6}{,-ubi8,-ubuntu20.04},-ubi8,-ubuntu20.04} v0.15.0{,-rc.{1,2}{,-ubi8,-ubuntu20.04},-ubi8,-ubuntu22.04} v0.16.0{,-rc.1{,-ubi8,-ubuntu22.04},-ubi8,-ubuntu22.04} v0.17.0{,-rc.1{,-ubi9},-ubi9} v0.17.{1..4}{,-ubi9} v0.9.0{,-centos7,-ubi8,-ubuntu16.04} v0.{12.{1..3},14.{1..5},{10,11}.0}{,-ubi8,-ubuntu20.04} v0.{13,14}.0{,-rc.{1..3}{,-ubi8,-ubuntu20.04},-ubi8,-ubuntu20.04} v0.{15.1,16.{1,2}}{,-ubi8,-ubuntu22.04} v0.{18.{0..2},19.{0..3},20.0}',
    unknown: 'v0.{7,8}.{0..3}',
  },
];
