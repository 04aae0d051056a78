import { clientRowId, storedTagList } from '../fields';
import { projectFields } from '../projects';
import { attachColumnSchemas } from './column-rules';
import { projectsTable } from './projects';

/** Post a Project's rules (projects.ts), with the skills stored as JSON text. */
export const projectsColumnRules = attachColumnSchemas(projectsTable, {
  id: clientRowId,
  title: projectFields.title,
  description: projectFields.description,
  timeline: projectFields.timeline,
  skills_needed: storedTagList,
  status: projectFields.status,
});
