import { createClient } from '@campuscollab/sdk';

/** The one platform client of the app; the server serves the app, so it is this origin. */
export const client = createClient({
  url: window.location.origin,
  projectId: import.meta.env.VITE_PROJECT_ID ?? 'campus',
});
