# The official Python client (python3-kubernetes) against the playground's API server, run by
# pythonClient.test.ts: list nodes, watch from a resourceVersion (the client sends `watch=True`), and
# a watch from a version too old (410 Gone, raised as an ApiException). One JSON line per finding.
import json
import sys

from kubernetes import client, watch
from kubernetes.client.rest import ApiException

host, resume_rv, old_rv = sys.argv[1], sys.argv[2], sys.argv[3]
conf = client.Configuration()
conf.host = host
v1 = client.CoreV1Api(client.ApiClient(conf))


def say(**kw):
    print(json.dumps(kw), flush=True)


say(list=sorted(n.metadata.name for n in v1.list_node().items))
w = watch.Watch()
for ev in w.stream(v1.list_node, resource_version=resume_rv, timeout_seconds=30):
    say(event=ev["type"], name=ev["object"].metadata.name)
    if ev["object"].metadata.name == "gpu-1":
        w.stop()
try:
    for ev in watch.Watch().stream(v1.list_node, resource_version=old_rv, timeout_seconds=30):
        say(event=ev["type"], name=ev["object"].metadata.name)
    say(expired="no error")
except ApiException as e:
    say(expired=e.status)
