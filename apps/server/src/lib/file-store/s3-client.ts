import type { S3Client } from '@aws-sdk/client-s3';

export interface S3Location {
  bucket: string;
  /** An S3-compatible service (MinIO, R2, ...); unset for AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`, as MinIO and most others expect. */
  forcePathStyle: boolean;
}

/**
 * A client for the configured bucket. Credentials come from the SDK's usual chain
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role), never from our
 * own configuration, so they are never in it to leak. The SDK loads here, only for a bucket: a
 * server that keeps its files on disk never loads it (docs/architecture.md §2.1).
 */
export async function createS3Client(location: S3Location): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    // The SDK adds CRC32 checksums to every upload by default, sent as a trailer of an
    // aws-chunked body; many S3-compatible services reject or mangle that. Elsewhere than AWS
    // they are sent only where an operation requires one (DeleteObjects); TLS still guards the
    // bytes in transit.
    ...(location.endpoint
      ? {
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  });
}
