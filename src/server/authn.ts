// `POST /apis/authentication.k8s.io/v1/selfsubjectreviews` (what `kubectl auth whoami` asks, in
// protobuf as client-go sends built-in types, or JSON/YAML): the playground authenticates nobody, so
// like an API server serving without authentication (apiserver's InsecureSuperuser) it answers that
// you are `system:unsecured` in `system:masters` and `system:authenticated`. A SelfSubjectReview
// has no spec: the body is only checked to be one.

import { StatusError, selfSubjectReview } from '../engine';
import { decodeObjectBody, mediaType, PROTOBUF } from './requestBody';

export const SELF_SUBJECT_REVIEWS = '/apis/authentication.k8s.io/v1/selfsubjectreviews';

export function selfSubjectReviewResponse(body: Buffer, contentType: string | undefined): unknown {
  if (mediaType(contentType) === PROTOBUF) {
    // runtime.Unknown: the magic `k8s\0`, then its TypeMeta (apiVersion, kind) as field 1
    if (!body.subarray(0, 4).equals(Buffer.from('k8s\u0000')) || !body.includes('SelfSubjectReview')) {
      throw new StatusError(
        400,
        'BadRequest',
        'the object provided is unrecognized (must be of type SelfSubjectReview): not a SelfSubjectReview',
      );
    }
    return selfSubjectReview();
  }
  const obj = decodeObjectBody(body, contentType, 'SelfSubjectReview') as { kind?: unknown } | undefined;
  if (!obj || typeof obj !== 'object' || (obj.kind !== undefined && obj.kind !== 'SelfSubjectReview')) {
    throw new StatusError(400, 'BadRequest', `Object 'Kind' is missing in request body`);
  }
  return selfSubjectReview();
}
