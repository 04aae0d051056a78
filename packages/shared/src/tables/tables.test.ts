import { describe, expect, it } from 'vitest';
import { API_TABLES, usersTable } from './index';
import {
  applicationsColumnRules,
  blocksColumnRules,
  messagesColumnRules,
  projectsColumnRules,
  usersColumnRules,
} from './schemas';

const RULES = {
  users: usersColumnRules,
  projects: projectsColumnRules,
  applications: applicationsColumnRules,
  messages: messagesColumnRules,
  blocks: blocksColumnRules,
};

describe.each(API_TABLES)('the $name definition', (table) => {
  const columns = Object.entries(table.columns);

  it('names its own columns as primary key and owner', () => {
    expect(table.columns).toHaveProperty(table.primaryKey);
    if (columns.some(([, column]) => column.ownerOnly)) {
      expect(table.columns).toHaveProperty(table.ownerColumn!);
    }
  });

  it('has a zod rule for exactly the columns a client writes', () => {
    const rules = RULES[table.name as keyof typeof RULES];
    expect(Object.keys(rules)).toEqual(Object.keys(table.columns));
    for (const [name, column] of columns) {
      const written = column.insert !== 'server' || column.update !== 'server';
      expect({ name, schema: Boolean(rules[name as keyof typeof rules].schema) }).toEqual({
        name,
        schema: written,
      });
    }
  });
});

describe('the attached rules', () => {
  it('store lists as JSON text and keep the definition’s facts', () => {
    expect(usersColumnRules.skills.schema?.parse([' React ', 'React', ''])).toBe('["React"]');
    expect(usersColumnRules.skills).toMatchObject(usersTable.columns.skills);
    expect(projectsColumnRules.skills_needed.schema?.parse('["Design"]')).toBe('["Design"]');
  });

  it('let a client only decide applications and mark messages read', () => {
    expect(applicationsColumnRules.status.schema?.safeParse('Pending').success).toBe(false);
    expect(applicationsColumnRules.status.schema?.parse('Accepted')).toBe('Accepted');
    expect(messagesColumnRules.read_status.schema?.safeParse(0).success).toBe(false);
  });
});
