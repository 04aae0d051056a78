import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createDiskFileStore } from '../../src/lib/file-store/disk-file-store';
import { HttpError } from '../../src/lib/http-error';
import { createStudentFiles, type StudentFiles } from '../../src/modules/storage/student-files';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../helpers/test-database';
import { TEST_JWT_SECRET, TEST_SERVICE_KEY } from '../helpers/test-app';

const KIB = 1024;
const ROUNDS = 5;

/**
 * Files the server makes for a student (AI images, screenshots) count against the same quota as
 * uploads, and take the same turns across instances: here two instances' `StudentFiles` share
 * one PostgreSQL database and one store, a folder both write to as they would to one bucket.
 */
describe('saving generated files within the quota, from two instances on postgres', () => {
  let database: EmptyPostgresDatabase;
  let storeDir: string;
  let instances: StudentFiles[];

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    storeDir = mkdtempSync(path.join(tmpdir(), 'campuscollab-shared-store-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://127.0.0.1:1',
      DATA_DIR: storeDir,
      JWT_SECRET: TEST_JWT_SECRET,
      SERVICE_KEY: TEST_SERVICE_KEY,
      STORAGE_QUOTA_MB: '1',
    });
    instances = [1, 2].map(() =>
      createStudentFiles(config, {
        store: createDiskFileStore(storeDir),
        connectionString: database.url,
      }),
    );
  });
  afterAll(async () => {
    for (const files of instances ?? []) await files.close();
    await database?.drop();
    rmSync(storeDir, { recursive: true, force: true });
  });

  it('saves one of two 600 KB files made at once on each instance and refuses the other with 413', async () => {
    const studentId = randomUUID();
    for (let round = 1; round <= ROUNDS; round++) {
      const outcomes = await Promise.allSettled(
        instances.map((files) =>
          files.saveGenerated(studentId, {
            kind: 'ai-images',
            extension: 'png',
            body: Buffer.alloc(600 * KIB, round),
          }),
        ),
      );

      const saved = outcomes.flatMap((outcome) =>
        outcome.status === 'fulfilled' ? [outcome.value] : [],
      );
      const refused = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
      );
      expect(saved, `round ${round}`).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(HttpError);
      expect(refused[0]).toMatchObject({ statusCode: 413, code: 'STORAGE_QUOTA_EXCEEDED' });

      // Room again for the next round.
      await instances[0]!.store.remove(saved[0]!.path);
    }
  });
});
