import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

const script = path.resolve(fileURLToPath(import.meta.url), '../../../examples/table-api.mjs');

/** The README's example must keep working as written. */
describe('the table API example script', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp('sqlite');
    await createVerifiedAccount(server.baseUrl, 'ada@mit.edu', 'correct horse battery');
  });
  afterAll(() => server.close());

  it('signs in, creates a profile, posts and lists projects', async () => {
    const env = {
      ...process.env,
      CAMPUSCOLLAB_URL: server.baseUrl,
      EMAIL: 'ada@mit.edu',
      PASSWORD: 'correct horse battery',
    };
    const first = await promisify(execFile)('node', [script], { env });
    expect(first.stdout).toMatch(/^profile created, referral code adalo\d{3}$/m);
    expect(first.stdout).toContain(
      '1 open project(s) about robots:\n- Robotics club website by Ada Lovelace',
    );

    const second = await promisify(execFile)('node', [script], { env });
    expect(second.stdout).not.toContain('profile created');
    expect(second.stdout).toContain('2 open project(s) about robots:');
  });
});
