import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { baseUrl, createProfile, type Student } from './students';

export type TableRow = Record<string, unknown>;

/**
 * A student's call to the table API, as the journeys use it to set the scene: the rows it
 * answers with, and a failed expectation (with the server's answer) when it is not a success.
 */
export async function tableRequest<Row extends object = TableRow>(
  student: Student,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Row[]> {
  const response = await fetch(`${baseUrl()}/api/db/campus/rest/v1/${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${student.tokens.access_token}`,
      prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as Row[];
}

/** Stores one row as the student and answers it as stored. */
export async function insertRow(student: Student, table: string, row: TableRow): Promise<TableRow> {
  const [stored] = await tableRequest(student, 'POST', table, row);
  return stored!;
}

/** A message from one student to another. */
export async function sendMessage(from: Student, to: Student, subject: string, message: string) {
  return insertRow(from, 'messages', { recipient_id: to.id, subject, message });
}

/**
 * The student, named on a profile of their own, posts a project under an id the test can type
 * into an address (`p_` and 8 hex digits); answers that id.
 */
export async function ownerWithProject(
  owner: Student,
  name: string,
  project: { title: string; description: string },
): Promise<string> {
  const id = `p_${randomUUID().slice(0, 8)}`;
  await createProfile(owner, { name });
  await insertRow(owner, 'projects', { id, ...project });
  return id;
}
