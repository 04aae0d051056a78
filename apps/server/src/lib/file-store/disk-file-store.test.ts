import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe } from 'vitest';
import { createDiskFileStore } from './disk-file-store';
import { fileStoreContract } from './file-store-contract';

describe('the disk file store', () => {
  fileStoreContract(
    async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'disk-store-'));
      return {
        store: createDiskFileStore(root),
        // Each write goes through a temp file that must be gone once the write has ended.
        leftovers: async () => {
          try {
            return readdirSync(path.join(root, '.tmp'));
          } catch {
            return [];
          }
        },
        cleanup: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
    { keepsReplacedVersions: true },
  );
});
