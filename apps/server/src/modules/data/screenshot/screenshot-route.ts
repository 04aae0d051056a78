import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { HttpError } from '../../../lib/http-error';
import { requireKnownProject } from '../../../lib/known-project';
import { checkOutboundUrl } from '../../../lib/outbound/check-outbound-url';
import type { RequestUser } from '../../../plugins/authentication';
import { limitByBody } from '../../../plugins/rate-limit';
import type { StudentFiles } from '../../storage/student-files';
import { createBrowserHost } from './browser-host';
import { renderScreenshot } from './render-page';
import { screenshotBody } from './screenshot-body';
import { createSlots } from './slots';

/** Per student: a render costs seconds of a core, so far fewer than the other data calls. */
const SCREENSHOTS_PER_MINUTE = 10;
const MINUTE = 60_000;
/** Renders at once and renders waiting, for the whole server. */
const RENDERS = { running: 2, waiting: 10 };

/**
 * POST /api/data/{project}/screenshot {url, width?, height?, fullPage?} -> {url} of the PNG,
 * saved in the student's files (their quota; removed with the account). Chromium renders the
 * page with every request it makes routed through fetchOutbound (guarded-routing.ts).
 */
export async function registerScreenshotRoute(
  app: FastifyInstance,
  options: { config: Config; files: StudentFiles },
): Promise<void> {
  const { config, files } = options;
  const host = createBrowserHost(config.chromiumPath, app.log);
  app.addHook('onClose', () => host.close());
  const renders = createSlots({
    ...RENDERS,
    whenFull: () =>
      new HttpError(503, 'SCREENSHOT_BUSY', 'Too many screenshots are being taken, retry soon', {
        headers: { 'retry-after': '10' },
      }),
  });
  const users = new WeakMap<object, RequestUser>();
  const perStudent = limitByBody(app, {
    max: SCREENSHOTS_PER_MINUTE,
    timeWindow: MINUTE,
    key: (request) => `screenshot:${users.get(request)!.id}`,
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/data/:project/screenshot',
    {
      schema: { params: z.object({ project: z.string() }), body: screenshotBody },
      // Who is asking is settled before the body is looked at: no token is a 401 whatever it sent.
      preValidation: async (request) => {
        const { project } = request.params as { project: string };
        requireKnownProject(config.projectId, project);
        users.set(request, await app.authentication.requireUser(request));
      },
      preHandler: perStudent,
    },
    async (request) => {
      const shot = request.body;
      const allowedHosts = config.dataAllowedHosts;
      // Refused before a browser tab is spent on it (the render checks every hop again).
      await checkOutboundUrl(shot.url, { allowedHosts });
      const png = await renders.run(async () =>
        renderScreenshot(await host.browser(), shot, { allowedHosts, log: request.log }),
      );
      const saved = await files.saveGenerated(users.get(request)!.id, {
        kind: 'screenshots',
        extension: 'png',
        body: png,
      });
      return { url: saved.url };
    },
  );
}
