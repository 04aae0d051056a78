import { z } from 'zod';
import { clientRowId } from '../fields';
import { applicationFields } from '../projects';
import { applicationsTable } from './applications';
import { attachColumnSchemas } from './column-rules';

/** The owner's decision: an application is Pending only until then (docs/product.md §4.10). */
const decision = z.enum(['Accepted', 'Declined'], {
  error: 'status must be Accepted or Declined',
});

export const applicationsColumnRules = attachColumnSchemas(applicationsTable, {
  id: clientRowId,
  project_id: applicationFields.project_id,
  message: applicationFields.message,
  status: decision,
});
