// The image manager's words (pkg/kubelet/images/image_manager.go EnsureImageExists, types.go, and
// kuberuntime_container.go startContainer): the errors a container start fails with, the messages
// the kubelet puts in the container's waiting state and in its events, and containerd's error for
// a reference the registry does not have.

import { normalizeImage } from '../registry/reference';

/** images.ErrImagePull and friends: the waiting reasons (and the `Error: %s` events) of a failed start */
export const ERR_IMAGE_PULL = 'ErrImagePull';
export const ERR_IMAGE_PULL_BACKOFF = 'ImagePullBackOff';
export const ERR_IMAGE_NEVER_PULL = 'ErrImageNeverPull';

/**
 * What containerd (1.7, 2.x) answers the kubelet's PullImage with when the registry has no such
 * tag, as the gRPC error prints it: the kubelet's `Failed to pull image` event and the container's
 * waiting message (evalCRIPullErr falls back to err.Error()) carry it.
 */
export function pullNotFoundError(image: string): string {
  const ref = normalizeImage(image);
  return `rpc error: code = NotFound desc = failed to pull and unpack image "${ref}": failed to resolve reference "${ref}": ${ref}: not found`;
}

/** the `Failed` (Warning) event of a failed pull */
export function failedToPullMessage(image: string, err: string): string {
  return `Failed to pull image "${image}": ${err}`;
}

/** the `BackOff` (Normal) event and the ImagePullBackOff waiting message */
export function backOffPullingMessage(image: string): string {
  return `Back-off pulling image "${image}"`;
}

/** the `ErrImageNeverPull` (Warning) event and waiting message of `imagePullPolicy: Never` without the image */
export function neverPullMessage(image: string): string {
  return `Container image "${image}" is not present with pull policy of Never`;
}

/** startContainer's `Failed` (Warning) event for a start that failed with `reason` */
export function startErrorMessage(reason: string): string {
  return `Error: ${reason}`;
}
