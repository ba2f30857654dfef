import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/*
 * Test support: s3rver, a real S3 emulator from the registry (path-style and virtual-host buckets, objects on disk,
 * an unknown access key refused with InvalidAccessKeyId as S3 does; it does not recompute Signature V4, which the AWS SDK
 * makes). The tests look into the bucket through the S3 API itself. Its one account's keys are fixed by s3rver.
 */

export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secret: 'S3RVER' } as const;

export interface RunningS3rver {
  endpoint: string;
  /** The object's bytes and content type, or null when the bucket has no such key. */
  object(key: string): Promise<{ body: Buffer; contentType: string | undefined } | null>;
  has(key: string): Promise<boolean>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Stops listening; the objects stay on disk for `restart`. */
  close(): Promise<void>;
  /** Listens again on the same port over the same objects. */
  restart(): Promise<void>;
  /** Stops and removes its folder. */
  dispose(): Promise<void>;
}

export async function startS3rver(bucket: string): Promise<RunningS3rver> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const make = (port: number) =>
    new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  let server = make(0);
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  let running = true;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEYS.accessKeyId, secretAccessKey: S3RVER_KEYS.secret },
  });
  const object: RunningS3rver['object'] = async (key) => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { body: Buffer.from(await answer.Body!.transformToByteArray()), contentType: answer.ContentType };
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  };
  const close = async () => {
    if (!running) return;
    running = false;
    await server.close();
  };
  return {
    endpoint,
    object,
    has: async (key) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { name?: string }).name === 'NotFound') return false;
        throw error;
      }
    },
    keys: async () => {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (answer.Contents ?? []).map((o) => o.Key!).sort();
    },
    close,
    restart: async () => {
      server = make(port);
      await server.run();
      running = true;
    },
    dispose: async () => {
      await close();
      client.destroy();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
